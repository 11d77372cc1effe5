/** Staff: a match drawn with its game's board at any event, as any seat (or a spectator) saw it
 * then — the board half of the admin's inspection page (/admin/matches/match/<id>/inspect/).
 * Its own lazy chunk: players never load it. Views, state changes and texts come from the
 * staff API (/api/staff/matches/<id>/at), never rebuilt here. Staff only: others get the
 * server's 403 in words. */

import type { ComponentChild } from "preact";
import { request, ApiError } from "../api";
import { loadBoard } from "../boards";
import { Picker } from "../boards/toolkit/picker";
import { layoutOf } from "../boards/toolkit/layout";
import type { BoardModule, BoardUi } from "../boards/types";
import { Icon } from "../icons";
import { lang, t, type Key } from "../i18n";
import { playersOf } from "../players";
import { redraw } from "../redraw";
import { loadGame } from "../session";
import type { components } from "../api/schema";
import type { GameInfo, Json, MatchDetail, SeatInfo } from "../types";

/** What the board needs of /api/staff/matches/<id> (its schema: StaffMatchDetailOut). */
export type StaffDetail = Pick<
  components["schemas"]["StaffMatchDetailOut"],
  "id" | "game" | "status" | "version" | "rules_version" | "n_players" | "visibility" | "autostart"
> & { options: Record<string, Json>; seats: SeatInfo[] };

export interface Change {
  path: string;
  op: "added" | "removed" | "changed";
  before: Json;
  after: Json;
}

export interface AtAnswer {
  seq: number;
  event: { seq: number; at: string; type: string; actor: { kind: string; seat: number | null }; text: { en: string; cs: string } } | null;
  diff: Change[];
  active_seats: number[];
  seat?: number | null;
  view?: Json;
}

/** `seat` query value: a seat number, or "spectator". */
export type Viewer = number | "spectator";

export function viewerParam(v: string | null): Viewer {
  return v !== null && /^\d+$/.test(v) ? Number(v) : "spectator";
}

export function short(value: Json): string {
  const text = JSON.stringify(value);
  if (text === undefined) return "";
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

export class StaffBoardCtrl {
  detail: StaffDetail | null = null;
  game: GameInfo | null = null;
  board: BoardModule | null = null;
  at: AtAnswer | null = null;
  error: string | null = null;
  loading = false;
  seq = 0;
  readonly picker = new Picker();

  constructor(
    readonly id: number,
    start: number | undefined,
    public viewer: Viewer,
  ) {
    this.seq = start ?? -1;
  }

  async load(): Promise<void> {
    try {
      this.detail = await request<StaffDetail>("GET", `staff/matches/${this.id}`);
      const [game, board] = await Promise.all([loadGame(this.detail.game), loadBoard(this.detail.game)]);
      this.game = game;
      this.board = board;
      await this.go(this.seq < 0 ? this.detail.version : this.seq);
    } catch (err) {
      this.error = err instanceof ApiError ? `${err.message} (${err.code})` : String(err);
      redraw();
    }
  }

  async go(seq: number, viewer: Viewer = this.viewer): Promise<void> {
    if (!this.detail) return;
    this.seq = Math.max(0, Math.min(this.detail.version, seq));
    this.viewer = viewer;
    const asked = `${this.seq}/${viewer}`;
    this.loading = true;
    redraw();
    try {
      const at = await request<AtAnswer>("GET", `staff/matches/${this.id}/at`, undefined, { seq: this.seq, seat: String(viewer) });
      if (asked === `${this.seq}/${this.viewer}`) {
        this.at = at;
        this.error = null;
        history.replaceState(null, "", `/staff/matches/${this.id}?seq=${this.seq}&seat=${viewer}`);
      }
    } catch (err) {
      this.error = err instanceof ApiError ? `${err.message} (${err.code})` : String(err);
    } finally {
      this.loading = false;
      redraw();
    }
  }

  /** The match as the board's players list wants it, seen by the chosen viewer. */
  shown(): MatchDetail | null {
    if (!this.detail) return null;
    const seat = this.viewer === "spectator" ? null : this.viewer;
    return {
      ...this.detail,
      created_by: null,
      created_at: "",
      updated_at: "",
      turn_started_at: null,
      explanation: null,
      outcome: null,
      rated: false,
      hints: false,
      time_control: { kind: "none" },
      deadline: null,
      seat,
      view: this.at?.view ?? null,
      active_seats: this.at?.active_seats ?? [],
    };
  }
}

export function staffBoardView(ctrl: StaffBoardCtrl): ComponentChild {
  const d = ctrl.shown();
  if (!d || !ctrl.game) {
    return (
      <main id="main" class="page">
        {ctrl.error ? <p class="alert" role="alert">{ctrl.error}</p> : <p class="muted">{t("loading")}</p>}
      </main>
    );
  }
  const ui: BoardUi = {
    lang: lang(),
    t: (k: Key, p?: Record<string, string | number>) => t(k, p),
    tr: (en: string, cs: string) => (lang() === "cs" ? cs : en),
    players: playersOf(d),
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
    marks: [],
    layout: layoutOf(ctrl),
  };
  const last = ctrl.detail!.version;
  const at = ctrl.at;
  const ev = at?.event ?? null;
  const view = at?.view ?? null;
  const mine = ctrl.board?.privateArea && view !== null && d.seat !== null ? ctrl.board.privateArea(view, d.seat, [], ui) : null;
  const viewers: Viewer[] = [...d.seats.map((s) => s.index), "spectator"];
  return (
    <main id="main" class="page match-page replay-page staff-board">
      <header class="match-head">
        <h1 class="match-title">
          Staff: {ctrl.game.name} <span class="muted">#{d.id}</span>
        </h1>
        <a class="btn" href={`/admin/matches/match/${d.id}/inspect/`}>
          Inspect
        </a>
      </header>
      <nav class="replay-bar" aria-label="events">
        <button type="button" class="btn" onClick={() => void ctrl.go(0)} disabled={ctrl.seq === 0} aria-label={t("first")}>
          <Icon name="first" />
        </button>
        <button type="button" class="btn" onClick={() => void ctrl.go(ctrl.seq - 1)} disabled={ctrl.seq === 0} aria-label={t("prev")}>
          <Icon name="prev" />
        </button>
        <span class="replay-pos" aria-live="polite">
          {ctrl.seq} / {last}
        </span>
        <button type="button" class="btn" onClick={() => void ctrl.go(ctrl.seq + 1)} disabled={ctrl.seq >= last} aria-label={t("next")}>
          <Icon name="next" />
        </button>
        <button type="button" class="btn" onClick={() => void ctrl.go(last)} disabled={ctrl.seq >= last} aria-label={t("last")}>
          <Icon name="last" />
        </button>
      </nav>
      <input class="replay-range" type="range" min={0} max={last} value={ctrl.seq} aria-label="event" onInput={(e) => void ctrl.go(Number((e.currentTarget as HTMLInputElement).value))} />
      <p class="staff-viewers" role="group" aria-label="seen by">
        {viewers.map((v) => (
          <button key={String(v)} type="button" class={v === ctrl.viewer ? "btn primary" : "btn"} aria-pressed={v === ctrl.viewer} onClick={() => void ctrl.go(ctrl.seq, v)}>
            {v === "spectator" ? "spectator" : `seat ${v}: ${d.seats[v]?.user ?? d.seats[v]?.bot_level ?? ""}`}
          </button>
        ))}
      </p>
      {ctrl.error && <p class="alert" role="alert">{ctrl.error}</p>}
      <p class="staff-event">
        {ev ? `#${ev.seq} ${ev.actor.kind}${ev.actor.seat === null ? "" : ` ${ev.actor.seat}`} · ${ev.type}: ${lang() === "cs" ? ev.text.cs : ev.text.en}` : "—"}
      </p>
      <div class="match-grid">
        <div class="match-main">
          <section class="board-area" aria-label={t("board")} aria-busy={ctrl.loading ? "true" : "false"}>
            {ctrl.board && view !== null ? ctrl.board.render(view, d.seat, [], ui) : <p class="muted">{ctrl.seq === 0 ? "—" : t("loading")}</p>}
          </section>
          {mine && (
            <section class="card private">
              <h2 class="card-title">{`Seat ${d.seat}: private`}</h2>
              {mine}
            </section>
          )}
        </div>
        <aside class="match-side">
          <section class="card">
            <h2 class="card-title">Changed (full state)</h2>
            <ul class="log staff-diff">
              {(at?.diff ?? []).slice(0, 40).map((c) => (
                <li key={c.path}>
                  <code>{c.path}</code> {short(c.before)} → {short(c.after)}
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </main>
  );
}
