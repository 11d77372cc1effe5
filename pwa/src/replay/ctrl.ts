/** Replay: the match as the viewer's seat saw it at each version, step by step. The views come
 * from the server (GET /api/matches/<id>/replay?version=N), never rebuilt here. */

import { api } from "../api";
import { errorText } from "../errors";
import { loadBoard } from "../boards";
import { Picker } from "../boards/toolkit/picker";
import type { BoardModule } from "../boards/types";
import { redraw } from "../redraw";
import { loadGame } from "../session";
import type { GameInfo, Json, MatchDetail, MatchEvent } from "../types";
import { analysisApi, decisionAt, type Analysis, type DecisionPoint } from "./analysis";

/** How often a replay asks again while its analysis is queued or running (ms). */
const ANALYSIS_POLL_MS = 3000;

/** The versions worth stopping at: the end of every visible event's command batch. */
export function stops(events: readonly MatchEvent[], version: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    const next = events[i + 1];
    // Several events of one command (one actor, same moment) make one step.
    const sameBatch = next && next.actor === e.actor && next.at === e.at && e.type !== undefined && next.type !== undefined;
    if (!sameBatch) out.push(e.seq);
  }
  if (out.length === 0 || out[out.length - 1] !== version) out.push(version);
  return [...new Set(out)].filter((v) => v >= 1 && v <= version);
}

export class ReplayCtrl {
  detail: MatchDetail | null = null;
  game: GameInfo | null = null;
  board: BoardModule | null = null;
  events: MatchEvent[] = [];
  steps: number[] = [];
  index = 0;
  view: Json = null;
  activeSeats: number[] = [];
  /** At the step where the game ended: how it was counted. */
  explanation: MatchDetail["explanation"] = null;
  error: string | null = null;
  loading = false;
  readonly picker = new Picker();
  /** The finished match's analysis (null: none to read, e.g. a match still running). */
  analysis: Analysis | null = null;
  private cache = new Map<number, Step>();
  private poll: ReturnType<typeof setTimeout> | null = null;

  constructor(
    readonly id: number,
    private readonly start?: number,
  ) {}

  get version(): number {
    return this.steps[this.index] ?? 0;
  }

  async load(): Promise<void> {
    try {
      this.detail = await api.match(this.id);
      const [game, board, events] = await Promise.all([loadGame(this.detail.game), loadBoard(this.detail.game), api.events(this.id, 0)]);
      this.game = game;
      this.board = board;
      this.events = events.events;
      this.steps = stops(events.events, events.version);
      const at = this.start !== undefined ? this.steps.findIndex((v) => v >= this.start!) : 0;
      await this.go(at < 0 ? this.steps.length - 1 : at);
      if (this.detail.status === "finished") void this.loadAnalysis();
    } catch (err) {
      this.error = errorText(err);
      redraw();
    }
  }

  async go(index: number): Promise<void> {
    if (this.steps.length === 0) return;
    this.index = Math.max(0, Math.min(this.steps.length - 1, index));
    const v = this.version;
    let r = this.cache.get(v);
    if (!r) {
      this.loading = true;
      redraw();
      try {
        r = await api.viewAt(this.id, v);
        this.cache.set(v, r);
      } catch (err) {
        this.error = errorText(err);
      } finally {
        this.loading = false;
      }
    }
    if (r && this.version === v) {
      this.view = r.view;
      this.activeSeats = r.active_seats;
      this.explanation = r.explanation ?? null;
      history.replaceState(null, "", `/matches/${this.id}/replay?v=${v}`);
    }
    redraw();
    // The next step is usually wanted next: fetch it ahead.
    const nextV = this.steps[this.index + 1];
    if (nextV !== undefined && !this.cache.has(nextV)) {
      api.viewAt(this.id, nextV).then((x) => this.cache.set(nextV, x)).catch(() => undefined);
    }
  }

  async loadAnalysis(): Promise<void> {
    try {
      this.analysis = await analysisApi.get(this.id);
    } catch {
      this.analysis = null; // the replay stands without it
    }
    this.pollWhileBusy();
    redraw();
  }

  /** Asks for the analysis of an older match (or one an older bot made). */
  async requestAnalysis(): Promise<void> {
    try {
      this.analysis = await analysisApi.request(this.id);
    } catch (err) {
      this.error = errorText(err);
    }
    this.pollWhileBusy();
    redraw();
  }

  private pollWhileBusy(): void {
    const status = this.analysis?.status;
    if (this.poll !== null || (status !== "queued" && status !== "running")) return;
    this.poll = setTimeout(() => {
      this.poll = null;
      void this.loadAnalysis();
    }, ANALYSIS_POLL_MS);
  }

  /** The replay at a decision of the analysis: the step that shows its move. */
  async jump(point: DecisionPoint): Promise<void> {
    const at = this.steps.findIndex((v) => v >= point.seq_after);
    await this.go(at < 0 ? this.steps.length - 1 : at);
  }

  /** The analysed decision whose move the shown step made, if any. */
  get decision(): DecisionPoint | null {
    if (this.analysis?.status !== "done") return null;
    const from = this.index > 0 ? (this.steps[this.index - 1] ?? 0) : 0;
    return decisionAt(this.analysis.points, this.version, from);
  }

  destroy(): void {
    if (this.poll !== null) clearTimeout(this.poll);
    this.poll = null;
  }

  /** The log up to the shown version. */
  get log(): MatchEvent[] {
    return this.events.filter((e) => e.seq <= this.version);
  }

  /** The move of the shown step: its visible events, from the step before to this one. */
  get move(): MatchEvent[] {
    return stepEvents(this.events, this.steps, this.index);
  }
}

/** What one step did: the visible events after the previous stop, up to this one. */
export function stepEvents(events: readonly MatchEvent[], steps: readonly number[], index: number): MatchEvent[] {
  const to = steps[index] ?? 0;
  const from = index > 0 ? (steps[index - 1] ?? 0) : 0;
  return events.filter((e) => e.seq > from && e.seq <= to && e.type !== undefined);
}

interface Step {
  view: Json;
  active_seats: number[];
  explanation?: MatchDetail["explanation"];
}
