/** Tournament screens: the list, one tournament (standings, pairings, register/withdraw, the
 * organiser's panel) and the creation form. Pure functions of their controllers. */

import type { ComponentChild } from "preact";
import { gameName } from "../format";
import { t } from "../i18n";
import type { Key } from "../i18n";
import { href } from "../router";
import type { Format, Round, Table, Tournament, TournamentSummary } from "./api";
import {
  currentRound,
  groupTournaments,
  type NewTournamentCtrl,
  tiebreakColumns,
  tiebreakValue,
  type TournamentCtrl,
  type TournamentListCtrl,
} from "./ctrl";

const FORMATS: Format[] = ["swiss", "round_robin", "knockout", "series"];

function formatName(f: Format): string {
  return t(`t_format_${f}` as Key);
}

function Alerts({ error, notice }: { error: string | null; notice?: string | null }): ComponentChild {
  return (
    <>
      {error && (
        <p class="alert" role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p class="alert" role="alert">
          {notice}
        </p>
      )}
    </>
  );
}

function Row({ x, games }: { x: TournamentSummary; games: Parameters<typeof gameName>[0] }): ComponentChild {
  const name = gameName(games, x.game);
  return (
    <li class="match-row">
      <a class="match-link" href={href({ name: "tournament", id: x.id })}>
        <span class={`game-chip game-${x.game}`} aria-hidden="true">
          {name.slice(0, 2)}
        </span>
        <span class="match-text">
          <span class="match-name">{x.name}</span>
          <span class="match-sub">
            {name} · {formatName(x.format)} · {t("t_players_n", { n: x.entrant_count })}
            {x.status === "running" && ` · ${t("t_round", { n: x.round })}`}
            {x.private && ` · ${t("t_private_short")}`}
          </span>
        </span>
      </a>
    </li>
  );
}

export function tournamentListView(ctrl: TournamentListCtrl): ComponentChild {
  const groups = ctrl.list ? groupTournaments(ctrl.list) : null;
  const sections: [string, TournamentSummary[]][] = groups
    ? [
        [t("t_open"), groups.open],
        [t("t_running"), groups.running],
        [t("finished"), groups.done],
      ]
    : [];
  return (
    <main id="main" class="page">
      <div class="page-head">
        <h1>{t("nav_tournaments")}</h1>
        <a class="btn btn-primary" href={href({ name: "tournament_new" })}>
          + {t("t_new")}
        </a>
      </div>
      <Alerts error={ctrl.error} />
      {!ctrl.list && !ctrl.error && <p class="muted">{t("loading")}</p>}
      {ctrl.list && ctrl.list.length === 0 && (
        <div class="empty">
          <p>{t("t_none")}</p>
        </div>
      )}
      {sections.map(([title, list], i) =>
        list.length ? (
          <section key={i} class="inbox-section" aria-labelledby={`tsec-${i}`}>
            <h2 id={`tsec-${i}`} class="section-title">
              {title} <span class="count">{list.length}</span>
            </h2>
            <ul class="match-list">
              {list.map((x) => (
                <Row key={x.id} x={x} games={ctrl.games} />
              ))}
            </ul>
          </section>
        ) : null,
      )}
    </main>
  );
}

function Standings({ tour }: { tour: Tournament }): ComponentChild {
  const columns = tiebreakColumns(tour.format, tour.players_per_table);
  return (
    <section class="card" aria-labelledby="standings-title">
      <h2 id="standings-title" class="card-title">
        {t("t_standings")}
      </h2>
      <div class="table-wrap">
        <table class="data">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">{t("t_player")}</th>
              <th scope="col">{t("t_points")}</th>
              <th scope="col">{t("t_games")}</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {t(`tb_${c}` as Key)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tour.standings.map((r) => (
              <tr key={r.entrant} class={tour.me?.entrant === r.entrant ? "mine" : undefined}>
                <td>{r.rank}</td>
                <td>
                  {r.username ? <a href={href({ name: "profile", username: r.username })}>{r.name}</a> : r.name}
                  {r.withdrawn && <span class="muted"> ({t("t_withdrawn")})</span>}
                </td>
                <td>{r.points}</td>
                <td>{r.games}</td>
                {columns.map((c) => (
                  <td key={c}>{tiebreakValue(r, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function ResultEditor({ ctrl, table }: { ctrl: TournamentCtrl; table: Table }): ComponentChild {
  const f = ctrl.result;
  if (!f) return null;
  const id = `r${f.round}-${f.table}`;
  return (
    <form
      class="form result-form"
      aria-label={t("t_set_result")}
      onSubmit={(ev) => {
        ev.preventDefault();
        void ctrl.saveResult(t("t_result_invalid", { n: table.seats.length }));
      }}
    >
      {table.seats.map((s, i) => (
        <div key={i} class="result-seat">
          <div class="field">
            <label for={`${id}-place-${i}`}>{t("t_place_of", { name: s.name })}</label>
            <input
              id={`${id}-place-${i}`}
              type="number"
              inputMode="numeric"
              min={1}
              max={table.seats.length}
              required
              value={f.ranks[i]}
              onInput={(e) => (f.ranks[i] = (e.currentTarget as HTMLInputElement).value)}
            />
          </div>
          <div class="field">
            <label for={`${id}-score-${i}`}>{t("t_score_of", { name: s.name })}</label>
            <input
              id={`${id}-score-${i}`}
              type="number"
              inputMode="decimal"
              step="any"
              value={f.scores[i]}
              onInput={(e) => (f.scores[i] = (e.currentTarget as HTMLInputElement).value)}
            />
          </div>
        </div>
      ))}
      <div class="field">
        <label for={`${id}-reason`}>{t("t_why")}</label>
        <input id={`${id}-reason`} required maxLength={500} value={f.reason} onInput={(e) => (f.reason = (e.currentTarget as HTMLInputElement).value)} />
      </div>
      <button type="submit" class="btn btn-primary" disabled={ctrl.busy}>
        {t("t_save_result")}
      </button>
    </form>
  );
}

function Pairings({ round, ctrl, editable }: { round: Round; ctrl: TournamentCtrl; editable: boolean }): ComponentChild {
  return (
    <section class="card" aria-labelledby={`round-${round.round}`}>
      <h2 id={`round-${round.round}`} class="card-title">
        {t("t_round", { n: round.round })} {round.finished ? "" : `· ${t("t_playing")}`}
      </h2>
      <ol class="tables">
        {round.tables.map((tb) => (
          <li key={tb.table} class="table-row">
            <span class="muted">{t("t_table", { n: tb.table })}</span>{" "}
            {tb.seats.map((s, i) => (
              <span key={i} class="table-seat">
                {i > 0 && " · "}
                {s.name}
                {tb.result && <strong> ({tb.result.ranks[i]}.)</strong>}
              </span>
            ))}{" "}
            {tb.match !== null && <a href={href({ name: "match", id: tb.match })}>{t("t_open_match")}</a>}
            {editable && (
              <button
                type="button"
                class="btn"
                aria-expanded={ctrl.result?.round === round.round && ctrl.result.table === tb.table}
                onClick={() => ctrl.editResult(round.round, tb)}
              >
                {t("t_set_result")}
              </button>
            )}
            {editable && ctrl.result?.round === round.round && ctrl.result.table === tb.table && <ResultEditor ctrl={ctrl} table={tb} />}
          </li>
        ))}
        {round.byes.map((b, i) => (
          <li key={`bye-${i}`} class="table-row">
            <span class="muted">{t("t_bye")}</span> {b.name}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Points adjusted (running) and an entrant removed, each with a reason; a table's result is
 * set beside the table (Pairings). */
function Corrections({ ctrl, tour, running }: { ctrl: TournamentCtrl; tour: Tournament; running: boolean }): ComponentChild {
  const c = ctrl.correction;
  const entrants = tour.entrants.filter((e) => !e.withdrawn);
  return (
    <form
      class="form corrections"
      aria-labelledby="corrections-title"
      onSubmit={(ev) => {
        ev.preventDefault();
        if (!running) void ctrl.removeEntrant();
        else if (c.points.trim() === "" || !Number.isFinite(Number(c.points))) ctrl.say(t("t_points_missing"));
        else void ctrl.adjustPoints();
      }}
    >
      <h3 id="corrections-title" class="section-title">
        {t("t_corrections")}
      </h3>
      <p class="muted">{t("t_corrections_help")}</p>
      <div class="field">
        <label for="fix-entrant">{t("t_player")}</label>
        <select id="fix-entrant" required onChange={(e) => (c.entrant = (e.currentTarget as HTMLSelectElement).value)}>
          <option value="" selected={c.entrant === ""}>
            {t("t_pick_player")}
          </option>
          {entrants.map((e) => (
            <option key={e.entrant} value={String(e.entrant)} selected={c.entrant === String(e.entrant)}>
              {e.name}
            </option>
          ))}
        </select>
      </div>
      {running && (
        <div class="field">
          <label for="fix-points">{t("t_points_add")}</label>
          <input id="fix-points" type="number" inputMode="decimal" step="any" value={c.points} onInput={(e) => (c.points = (e.currentTarget as HTMLInputElement).value)} />
        </div>
      )}
      <div class="field">
        <label for="fix-reason">{t("t_why")}</label>
        <input id="fix-reason" required maxLength={500} value={c.reason} onInput={(e) => (c.reason = (e.currentTarget as HTMLInputElement).value)} />
      </div>
      <div class="row-actions">
        {running && (
          <button type="submit" class="btn" disabled={ctrl.busy}>
            {t("t_adjust")}
          </button>
        )}
        <button
          type="button"
          class="btn btn-danger"
          disabled={ctrl.busy}
          onClick={(ev) => {
            const form = (ev.currentTarget as HTMLButtonElement).form;
            if (form && !form.reportValidity()) return;
            void ctrl.removeEntrant();
          }}
        >
          {t("t_remove")}
        </button>
      </div>
    </form>
  );
}

function Organiser({ ctrl, tour }: { ctrl: TournamentCtrl; tour: Tournament }): ComponentChild {
  const open = tour.status === "registration";
  const running = tour.status === "running";
  return (
    <section class="card" aria-labelledby="organiser-title">
      <h2 id="organiser-title" class="card-title">
        {t("t_manage")}
      </h2>
      <div class="row-actions">
        {open && (
          <button type="button" class="btn btn-primary" disabled={ctrl.busy} onClick={() => void ctrl.start()}>
            {t("t_start")}
          </button>
        )}
        {running && tour.config.round_start === "manual" && (
          <button type="button" class="btn btn-primary" disabled={ctrl.busy} onClick={() => void ctrl.nextRound()}>
            {t("t_next_round")}
          </button>
        )}
      </div>
      {open && tour.config.bots_allowed === true && (
        <form
          class="form inline-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            void ctrl.addBots();
          }}
        >
          <div class="field">
            <label for="bots-count">{t("t_bots_count")}</label>
            <input id="bots-count" type="number" min={1} max={64} value={String(ctrl.bots)} onInput={(e) => (ctrl.bots = Number((e.currentTarget as HTMLInputElement).value))} />
          </div>
          <button type="submit" class="btn" disabled={ctrl.busy}>
            {t("t_add_bots")}
          </button>
        </form>
      )}
      {open && tour.private && (
        <form
          class="form inline-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            void ctrl.invite();
          }}
        >
          <div class="field">
            <label for="invitees">{t("t_invitees")}</label>
            <input id="invitees" value={ctrl.invitees} onInput={(e) => (ctrl.invitees = (e.currentTarget as HTMLInputElement).value)} />
          </div>
          <button type="submit" class="btn" disabled={ctrl.busy}>
            {t("t_invite")}
          </button>
        </form>
      )}
      {(open || running) && <Corrections ctrl={ctrl} tour={tour} running={running} />}
      {(open || running) && (
        <form
          class="form inline-form"
          onSubmit={(ev) => {
            ev.preventDefault();
            void ctrl.cancel();
          }}
        >
          <div class="field">
            <label for="cancel-reason">{t("t_reason")}</label>
            <input id="cancel-reason" value={ctrl.reason} onInput={(e) => (ctrl.reason = (e.currentTarget as HTMLInputElement).value)} />
          </div>
          <button type="submit" class="btn btn-danger" disabled={ctrl.busy}>
            {t("t_cancel_t")}
          </button>
        </form>
      )}
    </section>
  );
}

export function tournamentView(ctrl: TournamentCtrl): ComponentChild {
  const tour = ctrl.t;
  if (!tour) {
    return (
      <main id="main" class="page">
        <h1>{t("nav_tournaments")}</h1>
        {ctrl.error ? <Alerts error={ctrl.error} /> : <p class="muted">{t("loading")}</p>}
      </main>
    );
  }
  const now = currentRound(ctrl.rounds);
  // Results are set while the tournament runs; a knockout's finished round has moved on.
  const mayEdit = (r: Round) => tour.is_organiser && tour.status === "running" && !(tour.format === "knockout" && r.finished);
  const earlier = ctrl.rounds.filter((r) => r !== now).reverse();
  return (
    <main id="main" class="page">
      <div class="page-head">
        <h1>{tour.name}</h1>
        <a class="btn" href={href({ name: "tournaments" })}>
          {t("back")}
        </a>
      </div>
      <p class="muted">
        {gameName(ctrl.games, tour.game)} · {formatName(tour.format)} · {t("t_per_table_n", { n: tour.players_per_table })} ·{" "}
        {t(`t_status_${tour.status}` as Key)}
        {tour.status === "running" &&
          ` · ${tour.rounds_planned ? t("t_round_of", { n: tour.round, m: tour.rounds_planned }) : t("t_round", { n: tour.round })}`}
      </p>
      <Alerts error={ctrl.error} notice={ctrl.notice} />
      <div class="row-actions">
        {tour.can_register && (
          <button type="button" class="btn btn-primary" disabled={ctrl.busy} onClick={() => void ctrl.register()}>
            {t("t_register")}
          </button>
        )}
        {tour.can_withdraw && (
          <button type="button" class="btn btn-danger" disabled={ctrl.busy} onClick={() => void ctrl.withdraw()}>
            {t("t_withdraw")}
          </button>
        )}
        {tour.me && !tour.me.withdrawn && <span class="muted">{t("t_me_in")}</span>}
      </div>
      {tour.is_organiser && (tour.status === "registration" || tour.status === "running") && <Organiser ctrl={ctrl} tour={tour} />}
      {tour.status === "registration" ? (
        <section class="card" aria-labelledby="entrants-title">
          <h2 id="entrants-title" class="card-title">
            {t("t_entrants")} <span class="count">{tour.entrants.filter((e) => !e.withdrawn).length}</span>
          </h2>
          <ul class="plain-list">
            {tour.entrants
              .filter((e) => !e.withdrawn)
              .map((e) => (
                <li key={e.entrant}>{e.name}</li>
              ))}
          </ul>
        </section>
      ) : (
        <Standings tour={tour} />
      )}
      {now && <Pairings round={now} ctrl={ctrl} editable={mayEdit(now)} />}
      {earlier.map((r) => (
        <Pairings key={r.round} round={r} ctrl={ctrl} editable={mayEdit(r)} />
      ))}
    </main>
  );
}

export function newTournamentView(ctrl: NewTournamentCtrl): ComponentChild {
  const f = ctrl.form;
  const g = ctrl.game;
  if (!f || !g) {
    return (
      <main id="main" class="page">
        <h1>{t("t_new")}</h1>
        {ctrl.error ? <Alerts error={ctrl.error} /> : <p class="muted">{t("loading")}</p>}
      </main>
    );
  }
  const sizes = Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i);
  return (
    <main id="main" class="page">
      <h1>{t("t_new")}</h1>
      <form
        class="form"
        onSubmit={(ev) => {
          ev.preventDefault();
          void ctrl.create();
        }}
      >
        <div class="field">
          <label for="t-name">{t("t_name")}</label>
          <input id="t-name" required maxLength={100} value={f.name} onInput={(e) => ctrl.set({ name: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <div class="field">
          <label for="t-game">{t("game")}</label>
          <select id="t-game" onChange={(e) => ctrl.set({ game: (e.currentTarget as HTMLSelectElement).value })}>
            {ctrl.games.map((x) => (
              <option key={x.slug} value={x.slug} selected={x.slug === f.game}>
                {x.name}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="t-format">{t("t_format")}</label>
          <select id="t-format" onChange={(e) => ctrl.set({ format: (e.currentTarget as HTMLSelectElement).value as Format })}>
            {FORMATS.map((x) => (
              <option key={x} value={x} selected={x === f.format}>
                {formatName(x)}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="t-players">{t("t_per_table")}</label>
          <select id="t-players" onChange={(e) => ctrl.set({ players: Number((e.currentTarget as HTMLSelectElement).value) })}>
            {sizes.map((n) => (
              <option key={n} value={String(n)} selected={n === f.players}>
                {n}
              </option>
            ))}
          </select>
        </div>
        {(f.format === "swiss" || (f.format === "round_robin" && f.players > 2)) && (
          <div class="field">
            <label for="t-rounds">{t("t_rounds")}</label>
            <input id="t-rounds" type="number" min={1} max={50} value={f.rounds} onInput={(e) => ctrl.set({ rounds: (e.currentTarget as HTMLInputElement).value })} />
          </div>
        )}
        {f.format === "series" && (
          <div class="field">
            <label for="t-games">{t("t_games_n")}</label>
            <input id="t-games" type="number" min={1} value={String(f.games)} onInput={(e) => ctrl.set({ games: Number((e.currentTarget as HTMLInputElement).value) })} />
          </div>
        )}
        <div class="field">
          <label for="t-hours">{t("t_move_hours")}</label>
          <input id="t-hours" type="number" min={1} max={336} value={f.moveHours} onInput={(e) => ctrl.set({ moveHours: (e.currentTarget as HTMLInputElement).value })} />
        </div>
        <div class="field field-bool">
          <label>
            <input type="checkbox" checked={f.bots} onChange={(e) => ctrl.set({ bots: (e.currentTarget as HTMLInputElement).checked })} /> {t("t_bots_allowed")}
          </label>
        </div>
        {f.bots && (
          <div class="field">
            <label for="t-level">{t("bot_level")}</label>
            <select id="t-level" onChange={(e) => ctrl.set({ level: (e.currentTarget as HTMLSelectElement).value })}>
              {g.bot_levels.map((l) => (
                <option key={l} value={l} selected={l === f.level}>
                  {l}
                </option>
              ))}
            </select>
          </div>
        )}
        <div class="field field-bool">
          <label>
            <input type="checkbox" checked={f.private} onChange={(e) => ctrl.set({ private: (e.currentTarget as HTMLInputElement).checked })} /> {t("t_private")}
          </label>
        </div>
        <div class="field field-bool">
          <label>
            <input type="checkbox" checked={f.manual} onChange={(e) => ctrl.set({ manual: (e.currentTarget as HTMLInputElement).checked })} /> {t("t_manual")}
          </label>
        </div>
        <Alerts error={ctrl.error === "name" ? t("t_name_missing") : ctrl.error} />
        <button type="submit" class="btn btn-primary btn-wide" disabled={ctrl.busy}>
          {t("t_create")}
        </button>
      </form>
    </main>
  );
}
