/** The new-match form: a few taps from a game to a match against bots or friends. */

import type { ComponentChild } from "preact";
import { PlayerBadge } from "../boards/toolkit/pieces";
import { t } from "../i18n";
import type { Json, OptionSchema } from "../types";
import { hintsApply, ratedApplies, type NewMatchCtrl, type SeatKind } from "./ctrl";
import { botLevels, botWords, choiceLabel, impliedOptions, optionHelp, optionLabel, orderedOptions } from "./words";

function OptionField({ ctrl, o, setBy }: { ctrl: NewMatchCtrl; o: OptionSchema; setBy?: { value: Json; by: string } }): ComponentChild {
  const value = setBy ? setBy.value : ctrl.form!.options[o.name];
  const id = `opt-${o.name}`;
  const help = `${id}-help`;
  const locked = setBy !== undefined;
  let input: ComponentChild;
  if (o.kind === "bool") {
    input = <input id={id} type="checkbox" checked={value === true} disabled={locked} aria-describedby={help} onChange={(e) => ctrl.setOption(o.name, (e.currentTarget as HTMLInputElement).checked)} />;
  } else if (o.kind === "int") {
    input = (
      <input
        id={id}
        type="number"
        min={o.minimum}
        max={o.maximum}
        value={String(value)}
        disabled={locked}
        aria-describedby={help}
        onChange={(e) => ctrl.setOption(o.name, Number((e.currentTarget as HTMLInputElement).value))}
      />
    );
  } else {
    input = (
      <select id={id} disabled={locked} aria-describedby={help} onChange={(e) => ctrl.setOption(o.name, o.choices![Number((e.currentTarget as HTMLSelectElement).value)] ?? null)}>
        {(o.choices ?? []).map((c, i) => (
          <option key={i} value={String(i)} selected={JSON.stringify(c) === JSON.stringify(value)}>
            {choiceLabel(o, c)}
          </option>
        ))}
      </select>
    );
  }
  return (
    <div class={`field field-${o.kind}${o.implies ? " field-preset" : ""}`} data-option={o.name}>
      <label for={id}>{optionLabel(o)}</label>
      {input}
      <p id={help} class="hint">
        {optionHelp(o)} {t("option_default", { value: choiceLabel(o, o.default) })}
        {locked && (
          <>
            {" "}
            <strong>{t("option_set_by", { preset: setBy.by })}</strong>
          </>
        )}
      </p>
    </div>
  );
}

function BotLevel({ ctrl, i, level }: { ctrl: NewMatchCtrl; i: number; level: string }): ComponentChild {
  const g = ctrl.game!;
  const words = botWords(g, level);
  return (
    <>
      <label class="sr-only" for={`seat-${i}-level`}>
        {t("bot_level")}
      </label>
      <select id={`seat-${i}-level`} aria-describedby={`seat-${i}-level-help`} onChange={(e) => ctrl.setSeat(i, { level: (e.currentTarget as HTMLSelectElement).value })}>
        {botLevels(g).map((l) => (
          <option key={l} value={l} selected={level === l}>
            {botWords(g, l).label}
          </option>
        ))}
      </select>
      <p id={`seat-${i}-level-help`} class="hint seat-bot-help">
        {[words.help, words.strength].filter(Boolean).join(" ")}
      </p>
    </>
  );
}

export function newMatchView(ctrl: NewMatchCtrl): ComponentChild {
  const f = ctrl.form;
  const g = ctrl.game;
  if (!f || !g) {
    return (
      <main id="main" class="page">
        <h1>{t("new_title")}</h1>
        {ctrl.error ? <p class="alert" role="alert">{ctrl.error}</p> : <p class="muted">{t("loading")}</p>}
      </main>
    );
  }
  const counts = Array.from({ length: g.max_players - g.min_players + 1 }, (_, i) => g.min_players + i);
  const implied = impliedOptions(g, f.options);
  const rateable = ratedApplies(f);
  const kinds: SeatKind[] = ["bot", "user", "open"];
  return (
    <main id="main" class="page">
      <h1>{t("new_title")}</h1>
      <form
        class="form new-match"
        onSubmit={(ev) => {
          ev.preventDefault();
          void ctrl.create();
        }}
      >
        <fieldset>
          <legend>{t("game")}</legend>
          <div class="game-grid" role="radiogroup" aria-label={t("game")}>
            {ctrl.games.map((x) => (
              <label key={x.slug} class={`game-card game-${x.slug}${x.slug === f.game ? " selected" : ""}`}>
                <input type="radio" name="game" value={x.slug} checked={x.slug === f.game} onChange={() => ctrl.chooseGame(x.slug)} />
                <span class="game-card-name">{x.name}</span>
                <span class="hint">
                  {x.min_players === x.max_players ? x.min_players : `${x.min_players}–${x.max_players}`} · {t("players").toLowerCase()}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("players")}</legend>
          <div class="segmented" role="radiogroup" aria-label={t("players")}>
            {counts.map((n) => (
              <label key={n} class={n === f.players ? "selected" : undefined}>
                <input type="radio" name="players" value={String(n)} checked={n === f.players} onChange={() => ctrl.setPlayers(n)} />
                {n}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend>{t("seats")}</legend>
          <ol class="seat-list">
            {f.seats.map((s, i) => (
              <li key={i} class="seat-row">
                <PlayerBadge seat={i} name={t("seat_n", { n: i + 1 })} />
                {s.kind === "me" ? (
                  <strong>{t("you")}</strong>
                ) : (
                  <span class="seat-controls">
                    <label class="sr-only" for={`seat-${i}-kind`}>
                      {t("seat_n", { n: i + 1 })}
                    </label>
                    <select id={`seat-${i}-kind`} onChange={(e) => ctrl.setSeat(i, { kind: (e.currentTarget as HTMLSelectElement).value as SeatKind })}>
                      {kinds.map((k) => (
                        <option key={k} value={k} selected={s.kind === k}>
                          {t(k === "bot" ? "seat_bot" : k === "user" ? "seat_user" : "seat_open")}
                        </option>
                      ))}
                    </select>
                    {s.kind === "bot" && <BotLevel ctrl={ctrl} i={i} level={s.level} />}
                    {s.kind === "user" && (
                      <>
                        <label class="sr-only" for={`seat-${i}-user`}>
                          {t("invite_name")}
                        </label>
                        <input
                          id={`seat-${i}-user`}
                          required
                          placeholder={t("invite_name")}
                          value={s.username}
                          autocomplete="off"
                          onInput={(e) => ctrl.setSeat(i, { username: (e.currentTarget as HTMLInputElement).value })}
                        />
                      </>
                    )}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </fieldset>
        {g.options.length > 0 && (
          <details class="options">
            <summary>{t("options")}</summary>
            {orderedOptions(g).map((o) => (
              <OptionField key={o.name} ctrl={ctrl} o={o} setBy={implied.get(o.name)} />
            ))}
          </details>
        )}
        <fieldset>
          <legend>{t("time_control")}</legend>
          <div class="field">
            <label for="tc" class="sr-only">
              {t("time_control")}
            </label>
            <select id="tc" onChange={(e) => ctrl.update({ tc: (e.currentTarget as HTMLSelectElement).value as "none" })}>
              <option value="none" selected={f.tc === "none"}>
                {t("tc_none")}
              </option>
              <option value="per_move" selected={f.tc === "per_move"}>
                {t("tc_per_move")}
              </option>
              <option value="reserve" selected={f.tc === "reserve"}>
                {t("tc_reserve")}
              </option>
            </select>
          </div>
          {f.tc === "per_move" && (
            <div class="field">
              <label for="move-hours">{t("move_time")} (h)</label>
              <input id="move-hours" type="number" min={1} max={336} value={String(f.moveHours)} onChange={(e) => ctrl.update({ moveHours: Number((e.currentTarget as HTMLInputElement).value) })} />
            </div>
          )}
          {f.tc === "reserve" && (
            <>
              <div class="field">
                <label for="reserve-days">{t("reserve_time")} (d)</label>
                <input id="reserve-days" type="number" min={1} max={60} value={String(f.reserveDays)} onChange={(e) => ctrl.update({ reserveDays: Number((e.currentTarget as HTMLInputElement).value) })} />
              </div>
              <div class="field">
                <label for="increment-hours">{t("increment_time")} (h)</label>
                <input id="increment-hours" type="number" min={0} max={336} value={String(f.incrementHours)} onChange={(e) => ctrl.update({ incrementHours: Number((e.currentTarget as HTMLInputElement).value) })} />
              </div>
            </>
          )}
          {f.tc !== "none" && (
            <>
              <div class="field">
                <label for="policy">{t("on_timeout")}</label>
                <select id="policy" onChange={(e) => ctrl.update({ policy: (e.currentTarget as HTMLSelectElement).value as "bot_move" })}>
                  {(["bot_move", "zombie", "forfeit"] as const).map((p) => (
                    <option key={p} value={p} selected={f.policy === p}>
                      {t(`policy_${p}`)}
                    </option>
                  ))}
                </select>
              </div>
              <div class="field field-bool">
                <label for="vacation">{t("allow_vacation")}</label>
                <input id="vacation" type="checkbox" checked={f.vacation} onChange={(e) => ctrl.update({ vacation: (e.currentTarget as HTMLInputElement).checked })} />
              </div>
            </>
          )}
        </fieldset>
        <fieldset>
          <legend>{t("rated")}</legend>
          <div class="field field-bool">
            <label for="rated">{t("rated")}</label>
            <input
              id="rated"
              type="checkbox"
              checked={f.rated && rateable}
              disabled={!rateable}
              aria-describedby="rated-help"
              onChange={(e) => ctrl.update({ rated: (e.currentTarget as HTMLInputElement).checked })}
            />
            <p id="rated-help" class="hint">
              {rateable ? t("rated_help") : t("rated_not_applicable")}
            </p>
          </div>
          {hintsApply(f) && (
            <div class="field field-bool">
              <label for="hints">{t("hints_offer")}</label>
              <input id="hints" type="checkbox" checked={f.hints} aria-describedby="hints-help" onChange={(e) => ctrl.update({ hints: (e.currentTarget as HTMLInputElement).checked })} />
              <p id="hints-help" class="hint">
                {t("hints_help")}
              </p>
            </div>
          )}
          <div class="field">
            <label for="visibility">{t("visibility")}</label>
            <select id="visibility" onChange={(e) => ctrl.update({ visibility: (e.currentTarget as HTMLSelectElement).value as "public" })}>
              <option value="public" selected={f.visibility === "public"}>
                {t("public")}
              </option>
              <option value="private" selected={f.visibility === "private"}>
                {t("private")}
              </option>
            </select>
          </div>
        </fieldset>
        {ctrl.error && (
          <p class="alert" role="alert">
            {ctrl.error}
          </p>
        )}
        <div class="form-actions sticky-actions">
          <button type="submit" class="btn btn-primary btn-wide" disabled={ctrl.busy}>
            {t("create")}
          </button>
        </div>
      </form>
    </main>
  );
}
