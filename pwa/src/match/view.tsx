/** The match screen: whose turn, the board, the confirm bar, my private area, players and
 * scores, undo and resign, the log and the chat. Pure: everything comes from the controller. */

import type { ComponentChild } from "preact";
import { describeCommand } from "../boards/toolkit/words";
import { PlayerBadge } from "../boards/toolkit/pieces";
import type { BoardUi } from "../boards/types";
import { deadlineText, logLine, seatName } from "../format";
import { lang, t, type Key } from "../i18n";
import { pushLine } from "../settings/view";
import { Ending } from "./ending";
import { playersOf } from "../players";
import { Icon } from "../icons";
import { href } from "../router";
import type { MatchDetail } from "../types";
import type { MatchCtrl } from "./ctrl";

export function statusLine(d: MatchDetail): string {
  if (d.status === "lobby") return t("in_lobby");
  if (d.status === "finished" || d.status === "aborted") {
    const winners = d.outcome ? d.seats.filter((s) => d.outcome!.ranks[s.index] === 1) : [];
    return winners.length
      ? `${t("match_over")} · ${t("winner", { who: winners.map((s) => seatName(d.seats, s.index, d.seat)).join(", ") })}`
      : t("match_over");
  }
  if (d.seat !== null && d.active_seats.includes(d.seat)) return t("your_move");
  const who = d.active_seats.map((i) => seatName(d.seats, i, d.seat)).join(", ");
  return t("waiting_for", { who });
}

export function boardUi(ctrl: MatchCtrl, interactive: boolean): BoardUi | null {
  const d = ctrl.detail;
  if (!d || !ctrl.game) return null;
  return {
    lang: lang(),
    t: (key: Key, params?: Record<string, string | number>) => t(key, params),
    tr: (en: string, cs: string) => (lang() === "cs" ? cs : en),
    players: playersOf(d),
    game: ctrl.game,
    picker: ctrl.picker,
    preview: ctrl.preview,
    propose: (c, label) => ctrl.propose(c, label),
    submit: (c) => void ctrl.submit(c),
    cancel: () => ctrl.cancel(),
    busy: ctrl.busy,
    interactive,
    redraw: () => ctrl.touch(),
    marks: ctrl.marks,
  };
}

function Refusal({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  if (!ctrl.refusal) return null;
  return (
    <div class="alert alert-refusal" role="alert">
      <p class="alert-text">
        <strong>{t("refused")}:</strong> <span class="refusal-message">{ctrl.refusal.message}</span>
      </p>
      <button type="button" class="link" onClick={() => ctrl.dismissRefusal()} aria-label={t("close")}>
        ✕
      </button>
    </div>
  );
}

function ConfirmBar({ ctrl, ui }: { ctrl: MatchCtrl; ui: BoardUi }): ComponentChild {
  const c = ctrl.preview;
  if (!c || !ctrl.detail) return null;
  const label =
    ctrl.previewLabel ||
    (ctrl.board?.describe ? ctrl.board.describe(c, ctrl.detail.view, ui) : describeCommand(c));
  return (
    <div class="confirm-bar" role="region" aria-label={t("preview")}>
      <p class="confirm-label">
        <span class="muted">{t("preview")}:</span> {label}
      </p>
      <div class="confirm-actions">
        <button type="button" class="btn" onClick={() => ctrl.cancel()} disabled={ctrl.busy}>
          {t("cancel")}
        </button>
        <button type="button" class="btn btn-primary" onClick={() => void ctrl.confirm()} disabled={ctrl.busy} autoFocus>
          {t("confirm")}
        </button>
      </div>
    </div>
  );
}

function Players({ d }: { d: MatchDetail }): ComponentChild {
  const players = playersOf(d);
  return (
    <section class="card players-card" aria-labelledby="players-title">
      <h2 id="players-title" class="card-title">
        {t("players")}
      </h2>
      <ul class="player-list">
        {d.seats.map((s) => {
          const p = players[s.index]!;
          const rank = d.outcome?.ranks[s.index];
          const score = d.outcome?.scores[s.index] ?? s.score;
          return (
            <li key={s.index} class={p.active && d.status === "active" ? "player to-move" : "player"}>
              <PlayerBadge seat={s.index} name={p.name} active={p.active && d.status === "active"} />
              {p.active && d.status === "active" && <span class="pill" aria-label={t("turn_of", { who: p.name })}>▶</span>}
              {s.kind === "human" && !s.accepted && <span class="muted small">{t("invite_pending")}</span>}
              {s.on_vacation_until && <span class="muted small">{t("away_until", { date: s.on_vacation_until })}</span>}
              {rank != null && <span class="rank">#{rank}</span>}
              {score != null && <span class="score">{score}</span>}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Everyone at a glance under the title: symbol, name, score; who is to move underlined. */
function Strip({ d }: { d: MatchDetail }): ComponentChild {
  const players = playersOf(d);
  return (
    <ul class="strip" aria-label={t("players")}>
      {d.seats.map((s) => {
        const p = players[s.index]!;
        const score = d.outcome?.scores[s.index] ?? s.score;
        const moving = p.active && d.status === "active";
        return (
          <li key={s.index} class={moving ? "to-move" : undefined}>
            <PlayerBadge seat={s.index} name={p.name} active={moving} />
            {moving && <span class="sr-only">{t("turn_of", { who: p.name })}</span>}
            {score != null && <span class="score">{score}</span>}
          </li>
        );
      })}
    </ul>
  );
}

function PushOffer({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  // After a tap, say what came of it (on, blocked, not supported) instead of vanishing.
  if (ctrl.pushAsked && ctrl.push && ctrl.push !== "off") return <p class="hint" role="status">{pushLine(ctrl.push)}</p>;
  if (ctrl.push !== "off" || ctrl.detail?.seat == null || ctrl.detail.status !== "active") return null;
  return (
    <button type="button" class="btn" onClick={() => void ctrl.enablePush()}>
      <Icon name="bell" /> {t("enable_push")}
    </button>
  );
}

function Log({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  const lines = ctrl.log
    .map((e) => ({ event: e, seq: e.seq, actor: e.actor, text: logLine(e) }))
    .filter((l) => l.text);
  const shown = lines.slice(-60);
  return (
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title" class="card-title">
        {t("log")}
      </h2>
      <ol class="log" aria-live="polite" aria-relevant="additions" tabIndex={0}>
        {shown.map((l) => (
          <li
            key={l.seq}
            class={[l.actor === d.seat && l.actor != null ? "mine" : "", ctrl.marks.some((e) => e.seq === l.seq) ? "marked" : ""].join(" ").trim() || undefined}
            data-actor={l.actor ?? undefined}
            onClick={() => ctrl.mark(l.event)}
          >
            {l.actor != null && <span class="dot" style={{ background: playersOf(d)[l.actor]?.colour }} aria-hidden="true" />}
            {l.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Chat({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  if (d.seat === null) return null;
  return (
    <section class="card" aria-labelledby="chat-title">
      <h2 id="chat-title" class="card-title">
        {t("chat")}
      </h2>
      <ol class="chat" tabIndex={0}>
        {ctrl.chat.map((m) => (
          <li key={m.id}>
            <strong>{m.name ?? m.user}:</strong> {m.text}
          </li>
        ))}
      </ol>
      <form
        class="chat-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          const form = ev.currentTarget as HTMLFormElement;
          const input = form.elements.namedItem("text") as HTMLInputElement;
          void ctrl.say(input.value).then((ok) => ok && (input.value = ""));
        }}
      >
        <label class="sr-only" for="chat-text">
          {t("chat_placeholder")}
        </label>
        <input id="chat-text" name="text" maxLength={500} placeholder={t("chat_placeholder")} autocomplete="off" />
        <button type="submit" class="btn">
          {t("send")}
        </button>
      </form>
    </section>
  );
}

function Actions({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  const mine = d.seat !== null;
  const lastMine = ctrl.log.length > 0 && ctrl.log[ctrl.log.length - 1]!.actor === d.seat;
  return (
    <div class="actions">
      {d.status === "active" && mine && (
        <button type="button" class="btn" onClick={() => void ctrl.undo()} disabled={ctrl.busy || !lastMine}>
          <Icon name="undo" /> {t("undo")}
        </button>
      )}
      <a class="btn" href={href({ name: "rules", game: d.game, match: d.id })}>
        {t("rules")}
      </a>
      {d.version > 0 && (
        <a class="btn" href={href({ name: "replay", id: d.id })}>
          {t("replay")}
        </a>
      )}
      <PushOffer ctrl={ctrl} />
      {d.status === "active" && mine && (
        <button
          type="button"
          class="btn btn-danger"
          disabled={ctrl.busy}
          onClick={() => {
            if (window.confirm(t("resign_confirm"))) void ctrl.resign();
          }}
        >
          {t("resign")}
        </button>
      )}
    </div>
  );
}

function Lobby({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  const me = d.seats.find((s) => s.index === d.seat);
  const open = d.seats.some((s) => s.kind === "open");
  return (
    <div class="actions">
      {me && !me.accepted && (
        <button type="button" class="btn btn-primary" onClick={() => void ctrl.lobby("join")}>
          {t("accept")}
        </button>
      )}
      {!me && open && (
        <button type="button" class="btn btn-primary" onClick={() => void ctrl.lobby("join")}>
          {t("join")}
        </button>
      )}
      {me && (
        <button type="button" class="btn" onClick={() => void ctrl.lobby("leave")}>
          {me.accepted ? t("leave") : t("decline")}
        </button>
      )}
    </div>
  );
}

export function matchView(ctrl: MatchCtrl, gameName: string): ComponentChild {
  const d = ctrl.detail;
  if (ctrl.failure && !d) {
    return (
      <main id="main" class="page">
        <p class="alert" role="alert">
          {ctrl.failure === "offline" ? t("offline") : ctrl.failure}
        </p>
      </main>
    );
  }
  if (!d) return <main id="main" class="page"><p class="muted">{t("loading")}</p></main>;
  const ui = boardUi(ctrl, ctrl.myTurn && !ctrl.offline);
  const deadline = d.status === "active" ? deadlineText(d.deadline) : null;
  const extra = ui && ctrl.board?.extraCommands ? ctrl.board.extraCommands(d.view, d.seat, ctrl.legal, ui) : [];
  const mine = ui && ctrl.board?.privateArea ? ctrl.board.privateArea(d.view, d.seat, ctrl.legal, ui) : null;
  return (
    <main
      id="main"
      class={`page match-page${ctrl.preview ? " has-confirm" : ""}`}
      data-version={d.version}
      data-status={d.status}
      data-my-turn={ctrl.myTurn && !ctrl.offline && ctrl.legalVersion === d.version ? "true" : "false"}
    >
      <header class="match-head">
        <h1 class="match-title">
          {gameName} <span class="muted">#{d.id}</span>
        </h1>
        <p class={`turn${ctrl.myTurn ? " turn-mine" : ""}`} aria-live="polite">
          {statusLine(d)}
          {deadline && <span class="deadline"> · {deadline}</span>}
        </p>
        <span class={`live${ctrl.live ? " on" : ""}`} title={ctrl.live ? t("live") : t("reconnecting")}>
          {ctrl.live ? t("live") : t("reconnecting")}
        </span>
        <Strip d={d} />
      </header>
      {ctrl.offline && (
        <p class="alert alert-offline" role="status">
          {t("offline")}
        </p>
      )}
      <Refusal ctrl={ctrl} />
      <Ending detail={d} explanation={d.explanation} />
      {d.status === "lobby" && <Lobby ctrl={ctrl} />}
      <div class="match-grid">
        <div class="match-main">
          <section class="board-area" aria-label={t("board")}>
            {ctrl.board && ui && d.view !== null ? ctrl.board.render(d.view, d.seat, ctrl.legal, ui) : d.status !== "lobby" && <p class="muted">{t("loading")}</p>}
          </section>
          {extra.length > 0 && ui && (
            <div class="actions">
              {extra.map((c) => (
                <button type="button" class="btn" key={JSON.stringify(c)} disabled={ctrl.busy} onClick={() => ctrl.propose(c)}>
                  {ctrl.board?.describe ? ctrl.board.describe(c, d.view, ui) : describeCommand(c)}
                </button>
              ))}
            </div>
          )}
          {mine && (
            <section class="card private" aria-labelledby="mine-title">
              <h2 id="mine-title" class="card-title">
                {t("your_area")}
              </h2>
              {mine}
            </section>
          )}
        </div>
        <aside class="match-side" tabIndex={-1}>
          <Players d={d} />
          <Actions ctrl={ctrl} />
          <Log ctrl={ctrl} />
          <Chat ctrl={ctrl} />
        </aside>
      </div>
      {ui && <ConfirmBar ctrl={ctrl} ui={ui} />}
    </main>
  );
}
