import type { ComponentChild } from "preact";
import { playersOf } from "../players";
import { layoutOf } from "../boards/toolkit/layout";
import type { BoardUi } from "../boards/types";
import { logLine } from "../format";
import { lang, pick, t, type Key } from "../i18n";
import { Ending } from "../match/ending";
import { href } from "../router";
import { Icon } from "../icons";
import type { ReplayCtrl } from "./ctrl";
import { ghostMark, pointSentence, type DecisionPoint } from "./analysis";
import { AnalysisGraph } from "./graph";

export function replayView(ctrl: ReplayCtrl, gameName: string): ComponentChild {
  const d = ctrl.detail;
  if (ctrl.error && !d) return <main id="main" class="page"><p class="alert" role="alert">{ctrl.error}</p></main>;
  if (!d || !ctrl.game) return <main id="main" class="page"><p class="muted">{t("loading")}</p></main>;
  const shown = { ...d, active_seats: ctrl.activeSeats };
  const players = playersOf(shown);
  // The shown move's analysis: its sentence, and the bot's preferred move ringed as a ghost.
  const decision = ctrl.decision;
  const said = decision ? pointSentence(decision, decision.seat === d.seat, players[decision.seat]?.name ?? "", t, pick) : "";
  const ghost = decision && decision.cost > 0 ? ghostMark(decision, decision.preferred_text, pick) : null;
  const ui: BoardUi = {
    lang: lang(),
    t: (k: Key, p?: Record<string, string | number>) => t(k, p),
    tr: (en: string, cs: string) => (lang() === "cs" ? cs : en),
    players,
    game: ctrl.game,
    picker: ctrl.picker,
    preview: null,
    propose: () => undefined,
    submit: () => undefined,
    submitAll: () => undefined,
    cancel: () => undefined,
    busy: false,
    interactive: false,
    redraw: () => undefined,
    marks: ghost ? [...ctrl.move, ghost] : ctrl.move,
    layout: layoutOf(ctrl),
  };
  const total = ctrl.steps.length;
  const log = ctrl.log.map((e) => ({ seq: e.seq, text: logLine(e) })).filter((l) => l.text);
  const last = log.slice(-8);
  const move = ctrl.move.map((e) => pick(e.text)).filter(Boolean);
  const atEnd = ctrl.index === total - 1 && (d.status === "finished" || d.status === "aborted");
  const mine = ctrl.board?.privateArea ? ctrl.board.privateArea(ctrl.view, d.seat, [], ui) : null;
  return (
    <main id="main" class="page match-page replay-page">
      <header class="match-head">
        <h1 class="match-title">
          {t("replay_title")}: {gameName} <span class="muted">#{d.id}</span>
        </h1>
        <a class="btn" href={href({ name: "match", id: d.id })}>
          {t("back")}
        </a>
      </header>
      <nav class="replay-bar" aria-label={t("replay_title")}>
        <button type="button" class="btn" onClick={() => void ctrl.go(0)} disabled={ctrl.index === 0} aria-label={t("first")}>
          <Icon name="first" />
        </button>
        <button type="button" class="btn" onClick={() => void ctrl.go(ctrl.index - 1)} disabled={ctrl.index === 0} aria-label={t("prev")}>
          <Icon name="prev" />
        </button>
        <span class="replay-pos" aria-live="polite">
          {t("step", { n: ctrl.index + 1, total })}
        </span>
        <button type="button" class="btn" onClick={() => void ctrl.go(ctrl.index + 1)} disabled={ctrl.index >= total - 1} aria-label={t("next")}>
          <Icon name="next" />
        </button>
        <button type="button" class="btn" onClick={() => void ctrl.go(total - 1)} disabled={ctrl.index >= total - 1} aria-label={t("last")}>
          <Icon name="last" />
        </button>
      </nav>
      <label class="sr-only" for="replay-range">
        {t("replay_title")}
      </label>
      <input id="replay-range" class="replay-range" type="range" min={0} max={Math.max(0, total - 1)} value={ctrl.index} onInput={(e) => void ctrl.go(Number((e.currentTarget as HTMLInputElement).value))} />
      <section class="card replay-move" aria-live="polite" aria-label={t("replay_move")} data-testid="replay-move">
        {move.length > 0 ? move.map((line, i) => <p key={i}>{line}</p>) : <p class="muted">{t("replay_no_move")}</p>}
        {said && (
          <p class={`analysis-said${decision?.turning ? " analysis-said-turning" : ""}`} data-testid="analysis-sentence">
            {said}
          </p>
        )}
      </section>
      {atEnd && <Ending detail={d} explanation={ctrl.explanation} />}
      <div class="match-grid">
        <div class="match-main">
          <section class="board-area" aria-label={t("board")} aria-busy={ctrl.loading ? "true" : "false"}>
            {ctrl.board && ctrl.view !== null ? ctrl.board.render(ctrl.view, d.seat, [], ui) : <p class="muted">{t("loading")}</p>}
          </section>
          {mine && (
            <section class="card private">
              <h2 class="card-title">{t("your_area")}</h2>
              {mine}
            </section>
          )}
        </div>
        <aside class="match-side">
          <section class="card" aria-labelledby="replay-log">
            <h2 id="replay-log" class="card-title">
              {t("log")}
            </h2>
            <ol class="log" tabIndex={0}>
              {last.map((l) => (
                <li key={l.seq}>{l.text}</li>
              ))}
            </ol>
          </section>
        </aside>
      </div>
      <AnalysisCard ctrl={ctrl} players={players} />
    </main>
  );
}

function AnalysisCard({ ctrl, players }: { ctrl: ReplayCtrl; players: ReturnType<typeof playersOf> }): ComponentChild {
  const d = ctrl.detail!;
  const a = ctrl.analysis;
  if (d.status !== "finished" || !a) return null;
  const stale = a.status === "none" || a.status === "failed" || (a.status === "done" && !a.current);
  return (
    <section class="card analysis-card" aria-labelledby="analysis-title">
      <h2 id="analysis-title" class="card-title">
        {t("analysis_title")}
      </h2>
      {a.status !== "none" && <AnalysisGraph analysis={a} players={players} last={d.version} at={ctrl.version} jump={(p) => void jumpInView(ctrl, p)} />}
      {a.status === "done" && a.points.length > 0 && <p class="muted small">{t("analysis_tap")}</p>}
      {stale && (
        <button type="button" class="btn" data-testid="analysis-request" onClick={() => void ctrl.requestAnalysis()}>
          {t("analysis_request")}
        </button>
      )}
    </section>
  );
}

/** The replay at a tapped decision, its move and the board scrolled into view (the graph
 * stands under them). */
async function jumpInView(ctrl: ReplayCtrl, point: DecisionPoint): Promise<void> {
  await ctrl.jump(point);
  document.querySelector(".replay-move")?.scrollIntoView({ block: "start" });
}
