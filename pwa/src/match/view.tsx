/** The match screen: whose turn, the board, the confirm bar, my private area, players and
 * scores, undo and resign, the log and the chat. Pure: everything comes from the controller.
 *
 * On a phone (toolkit/layout.ts) the board and a dock share one screen: the board on top, sized
 * to the space left (`PhoneFit`), the dock fixed above the bottom navigation with the confirm
 * bar, the board's buttons, undo and the private area (foldable); players, log and chat below. */

import type { ComponentChild } from "preact";
import { useLayoutEffect, useRef, useState } from "preact/hooks";
import { freeBand, type Stage, StageContext } from "../boards/toolkit/stage";
import { describeCommand } from "../boards/toolkit/words";
import { PlayerBadge } from "../boards/toolkit/pieces";
import type { BoardUi } from "../boards/types";
import { deadlineText, logLine, seatName } from "../format";
import { lang, t, type Key } from "../i18n";
import { pushLine } from "../settings/view";
import { Ending, winnerLine } from "./ending";
import { HintButton, HintCard } from "./hint";
import { mayUndo } from "./since";
import { playersOf } from "../players";
import { Icon } from "../icons";
import { href } from "../router";
import type { Command, MatchDetail, MatchEvent } from "../types";
import type { MatchCtrl } from "./ctrl";

export function statusLine(d: MatchDetail): string {
  if (d.status === "lobby") return t("in_lobby");
  if (d.status === "finished" || d.status === "aborted") {
    const winners = winnerLine(d);
    return winners ? `${t("match_over")} · ${winners}` : t("match_over");
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
    submitAll: (cs) => void ctrl.submitAll(cs),
    cancel: () => ctrl.cancel(),
    busy: ctrl.busy,
    interactive,
    redraw: () => ctrl.touch(),
    marks: withHint(ctrl.marks, d.status === "active" ? ctrl.hint.marks(d.version) : []),
    layout: ctrl.layout,
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
  const lines = ctrl.log.map((e) => ({ e, text: logLine(e) })).filter((l) => l.text);
  const shown = lines.slice(-60);
  const marked = new Set(ctrl.marks.map((e) => e.seq));
  return (
    <section class="card" aria-labelledby="log-title">
      <h2 id="log-title" class="card-title">
        {t("log")}
      </h2>
      <ol class="log" aria-live="polite" aria-relevant="additions" tabIndex={0}>
        {shown.map(({ e, text }) => (
          <li key={e.seq} class={e.actor === d.seat && e.actor != null ? "mine" : undefined} data-actor={e.actor ?? undefined}>
            <button type="button" class="log-line" aria-pressed={marked.has(e.seq) ? "true" : "false"} title={t("show_on_board")} onClick={() => ctrl.mark(e)}>
              {e.actor != null && <span class="dot" style={{ background: playersOf(d)[e.actor]?.colour }} aria-hidden="true" />}
              {text}
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** What the others did since the player's own last move, until dismissed or the player moves.
 * On a phone it takes one line above the board (the latest), unfolded on request: every line
 * there is taken from the board's height (issue 38). */
function SinceCard({ ctrl, compact }: { ctrl: MatchCtrl; compact: boolean }): ComponentChild {
  const [open, setOpen] = useState(false);
  const d = ctrl.detail!;
  const lines = ctrl.since.map((e) => ({ e, text: logLine(e) })).filter((l) => l.text);
  if (!lines.length) return null;
  const folded = compact && !open && lines.length > 1;
  const shown = folded ? lines.slice(-1) : lines.slice(-8);
  const earlier = folded ? 0 : lines.length - shown.length;
  return (
    <section class={`card since${folded ? " folded" : ""}`} aria-labelledby="since-title">
      <div class="since-head">
        <h2 id="since-title" class="card-title">
          {t("since_title")}
        </h2>
        {compact && lines.length > 1 && (
          <button type="button" class="link since-toggle" aria-expanded={open ? "true" : "false"} onClick={() => setOpen(!open)}>
            {open ? t("since_fewer") : t("since_all", { n: lines.length })}
          </button>
        )}
        <button type="button" class="link since-close" onClick={() => ctrl.dismissSince()} aria-label={t("close")}>
          ✕
        </button>
      </div>
      {earlier > 0 && <p class="muted small since-earlier">{t("since_earlier", { n: earlier })}</p>}
      <ol class="since-list" tabIndex={0}>
        {shown.map(({ e, text }) => (
          <li key={e.seq} data-actor={e.actor ?? undefined}>
            {e.actor != null && <span class="dot" style={{ background: playersOf(d)[e.actor]?.colour }} aria-hidden="true" />}
            {text}
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

/** Take back the player's last move: beside the board's buttons, one tap away. */
function Undo({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  if (d.status !== "active" || d.seat === null) return null;
  const lastMine = mayUndo(ctrl.log, d.seat);
  return (
    <button type="button" class="btn undo" onClick={() => void ctrl.undo()} disabled={ctrl.busy || !lastMine}>
      <Icon name="undo" /> {t("undo")}
    </button>
  );
}

function Actions({ ctrl }: { ctrl: MatchCtrl }): ComponentChild {
  const d = ctrl.detail!;
  const mine = d.seat !== null;
  return (
    <>
      <div class="actions">
        {!ctrl.layout.phone && <Undo ctrl={ctrl} />}
        {/* With the match's other actions, not beside the board's buttons: asking is rare, and
            the dock and the board keep the room each move needs. */}
        <HintButton hint={ctrl.hint} detail={d} redraw={() => ctrl.touch()} />
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
      {!ctrl.layout.phone && <HintCard hint={ctrl.hint} detail={d} />}
    </>
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
  const phone = ctrl.layout.phone;
  const stage: Stage = { band: () => freeBand(COVERS), turn: d.version };
  // On a phone undo stands with the board's buttons, in the dock: one tap away.
  const undoHere = phone && d.status === "active" && d.seat !== null;
  const commands =
    (ui && extra.length > 0) || undoHere ? (
      <div class="actions board-commands">
        {ui &&
          extra.map((c) => (
            <CommandButton key={JSON.stringify(c)} ctrl={ctrl} command={c} label={ctrl.board?.describe ? ctrl.board.describe(c, d.view, ui) : describeCommand(c)} />
          ))}
        {undoHere && <Undo ctrl={ctrl} />}
      </div>
    ) : null;
  return (
    <main
      id="main"
      class={`page match-page${phone ? " match-phone" : ""}${ctrl.preview && !phone ? " has-confirm" : ""}`}
      data-version={d.version}
      data-status={d.status}
      data-my-turn={ctrl.myTurn && !ctrl.offline && ctrl.legalVersion === d.version ? "true" : "false"}
      data-busy={ctrl.busy ? "true" : "false"}
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
      <SinceCard ctrl={ctrl} compact={phone} />
      <div class="match-grid">
        <div class="match-main">
          <section class="board-area" aria-label={t("board")}>
            <StageContext.Provider value={stage}>
              {ctrl.board && ui && d.view !== null ? ctrl.board.render(d.view, d.seat, ctrl.legal, ui) : d.status !== "lobby" && <p class="muted">{t("loading")}</p>}
            </StageContext.Provider>
          </section>
          {phone && d.status === "active" ? (
            (commands || mine || ctrl.preview || ctrl.hint.answer || ctrl.hint.error) && <Dock ctrl={ctrl} ui={ui} commands={commands} mine={mine} />
          ) : (
            <>
              {commands}
              {mine && (
                <section class="card private" aria-labelledby="mine-title">
                  <h2 id="mine-title" class="card-title">
                    {t("your_area")}
                  </h2>
                  {mine}
                </section>
              )}
            </>
          )}
        </div>
        <aside class="match-side" tabIndex={-1}>
          <Players d={d} />
          <Actions ctrl={ctrl} />
          <Log ctrl={ctrl} />
          <Chat ctrl={ctrl} />
        </aside>
      </div>
      {!phone && ui && <ConfirmBar ctrl={ctrl} ui={ui} />}
      {phone && <PhoneFit />}
    </main>
  );
}

/** What may cover part of the screen: the sticky header, the navigation, the dock, the confirm
 * bar (toolkit/stage.ts: the board fits its targets into the rest). */
const COVERS = ".topbar, .tabs, .dock, .confirm-bar";

/** A board's button for a command: sent at once when the board says it needs no confirmation
 * (BoardModule.needsConfirm), else previewed. */
function CommandButton({ ctrl, command, label }: { ctrl: MatchCtrl; command: Command; label: string }): ComponentChild {
  return (
    <button type="button" class="btn" disabled={ctrl.busy} onClick={() => ctrl.propose(command)}>
      {label}
    </button>
  );
}

/** The phone's dock, fixed above the navigation: the confirm bar, the board's buttons with
 * undo, and the private area, which folds away to give the board more room. */
function Dock({ ctrl, ui, commands, mine }: { ctrl: MatchCtrl; ui: BoardUi | null; commands: ComponentChild; mine: ComponentChild }): ComponentChild {
  const open = ctrl.dockOpen;
  return (
    <section class={`dock${open ? "" : " dock-folded"}`} aria-label={t("dock_label")}>
      <HintCard hint={ctrl.hint} detail={ctrl.detail!} compact redraw={() => ctrl.touch()} />
      {ui && <ConfirmBar ctrl={ctrl} ui={ui} />}
      <div class="dock-bar">
        {mine && (
          <button type="button" class="dock-toggle" aria-expanded={open ? "true" : "false"} aria-controls="dock-body" title={t("your_area")} onClick={() => ctrl.toggleDock()}>
            <span class="dock-title">{t("your_hand")}</span>
            <span aria-hidden="true">{open ? "▾" : "▴"}</span>
          </button>
        )}
        {commands}
      </div>
      {mine && (
        <div id="dock-body" class="dock-body private" hidden={!open} tabIndex={0}>
          {mine}
        </div>
      )}
    </section>
  );
}

/** The board a phone gives at least (CSS px), and the private area in the dock at least (a row
 * of cards): when both do not fit under the board's top, the page scrolls to the board (its
 * PanZoom brings it into view for the player's step) rather than cutting either. */
const MIN_BOARD_PX = 220;
const MIN_HAND_PX = 88;

/** Shares a phone's screen under the board's top between the board and the dock: the dock as
 * tall as its content while the board keeps `MIN_BOARD_PX` (its private area scrolls inside
 * beyond that, never its confirm bar or buttons), the board the rest (`--board-h`,
 * `--dock-max`); and keeps room under the page's last lines for the dock (`--dock-h`).
 * Measured after every redraw, on resizing, and when the dock changes size. */
function PhoneFit(): ComponentChild {
  const watch = useRef<{ observer: ResizeObserver | null; dock: Element | null }>({ observer: null, dock: null });
  useLayoutEffect(() => {
    fitPhoneBoard();
    // The dock changes size without a redraw too (a board's own state in the private area).
    const dock = document.querySelector(".match-phone .dock");
    const w = watch.current;
    if (dock === w.dock || typeof ResizeObserver === "undefined") return;
    w.observer ??= new ResizeObserver(() => fitPhoneBoard());
    if (w.dock) w.observer.unobserve(w.dock);
    if (dock) w.observer.observe(dock);
    w.dock = dock;
  });
  useLayoutEffect(() => {
    window.addEventListener("resize", fitPhoneBoard);
    return () => {
      window.removeEventListener("resize", fitPhoneBoard);
      watch.current.observer?.disconnect();
    };
  }, []);
  return null;
}

/** Sets a length on `el` unless it is within a pixel of what it is: pixel rounding must not
 * make the board and the dock take turns at one pixel more (a loop seen in a browser test). */
function setVar(el: HTMLElement, name: string, px: number): void {
  const now = parseFloat(el.style.getPropertyValue(name));
  if (Number.isFinite(now) && Math.abs(now - px) < 1.5) return;
  el.style.setProperty(name, `${Math.ceil(px)}px`);
}

/** Where the navigation bar begins (the window's bottom when it is not fixed there). */
function navigationTop(): number {
  const tabs = document.querySelector(".tabs");
  if (!tabs || getComputedStyle(tabs).position !== "fixed") return window.innerHeight;
  return tabs.getBoundingClientRect().top;
}

function fitPhoneBoard(): void {
  const main = document.querySelector<HTMLElement>("main.match-phone");
  if (!main) return;
  // The dock stands on the navigation: its bottom edge does not move, whatever its height.
  const dock = main.querySelector<HTMLElement>(".dock");
  const floor = dock ? dock.getBoundingClientRect().bottom : navigationTop();
  const svg = main.querySelector(".board-area .board-svg");
  if (svg) {
    const strip = svg.parentElement?.querySelector(".zoom-bar")?.getBoundingClientRect().height ?? 0;
    const top = svg.getBoundingClientRect().top + window.scrollY; // where it stands with the page at its top
    const space = floor - top - strip - 8; // for the board and the dock together
    let dockHeight = 0;
    if (dock) {
      const body = dock.querySelector<HTMLElement>(".dock-body");
      const open = body && !body.hidden ? body : null;
      // The confirm bar and the buttons (all but the private area) are never cut. Fractional
      // heights: rounded ones disagree by a pixel from one measure to the next.
      const fixed = dock.getBoundingClientRect().height - (open ? open.getBoundingClientRect().height : 0);
      const hand = open ? open.scrollHeight : 0;
      dockHeight = Math.max(fixed + Math.min(hand, MIN_HAND_PX), Math.min(fixed + hand, space - MIN_BOARD_PX));
      setVar(main, "--dock-max", dockHeight);
    }
    setVar(main, "--board-h", Math.max(MIN_BOARD_PX, space - dockHeight));
  }
  setVar(main, "--dock-h", window.innerHeight - (dock ? dock.getBoundingClientRect().top : floor));
}

/** The since-marks with the hint's ring, the same array when there is no hint: boards keep
 * what they derive from `ui.marks` while it is the same. */
function withHint(marks: MatchEvent[], hinted: MatchEvent[]): MatchEvent[] {
  return hinted.length > 0 ? [...marks, ...hinted] : marks;
}
