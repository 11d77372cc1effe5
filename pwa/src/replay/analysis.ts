/** A finished match's analysis (GET /api/matches/<id>/analysis): each human seat's estimated
 * chance to win over the game, the moves that cost most (turning points) and what the bot
 * preferred there. Pure: the graph's geometry and the sentences, for graph.tsx and the replay. */

import { request } from "../api";
import type { components } from "../api/schema";
import type { Key } from "../i18n";
import type { Command, Json, MatchEvent, Texts } from "../types";

type Schemas = components["schemas"];

/** Aliases of the generated API types (api/schema.d.ts); commands and events narrowed to JSON. */
export type Ghost = Omit<Schemas["GhostOut"], "data"> & { data: Record<string, Json> };
export type DecisionPoint = Omit<Schemas["DecisionPointOut"], "preferred" | "ghost"> & {
  preferred: Command | null;
  ghost: Ghost | null;
};
export type Analysis = Omit<Schemas["AnalysisOut"], "points"> & { points: DecisionPoint[] };

export const analysisApi = {
  get: (id: number) => request<Analysis>("GET", `matches/${id}/analysis`),
  /** Queue it (an older match, or one analysed by an older bot). */
  request: (id: number) => request<Analysis>("POST", `matches/${id}/analysis`),
};

/** One point of a seat's line: its chance (0..1) at a version of the match. */
export interface ChancePoint {
  seq: number;
  chance: number;
  /** The decision this point ends (after the move), for a tap. */
  decision: DecisionPoint | null;
}

/** Each seat's line: before and after every one of its decisions, in order. */
export function chanceLines(points: readonly DecisionPoint[]): Map<number, ChancePoint[]> {
  const lines = new Map<number, ChancePoint[]>();
  for (const p of [...points].sort((a, b) => a.seq_before - b.seq_before)) {
    const line = lines.get(p.seat) ?? [];
    line.push({ seq: p.seq_before, chance: p.chance_before, decision: null });
    line.push({ seq: p.seq_after, chance: p.chance_after, decision: p });
    lines.set(p.seat, line);
  }
  return lines;
}

/** The turning points, in the order of the game. */
export function turningPoints(points: readonly DecisionPoint[]): DecisionPoint[] {
  return points.filter((p) => p.turning).sort((a, b) => a.seq_after - b.seq_after);
}

/** The decision whose move the replay shows at `version` (its events end there), if any. */
export function decisionAt(points: readonly DecisionPoint[], version: number, from: number): DecisionPoint | null {
  return points.find((p) => p.seq_after > from && p.seq_after <= version) ?? null;
}

export function percent(chance: number): string {
  // A no-break space: "41 %" never breaks between the number and its sign.
  return `${Math.round(Math.max(0, Math.min(1, chance)) * 100)}\u00a0%`;
}

type Say = (key: Key, params?: Record<string, string | number>) => string;

/** "This move took you from 41 % to 28 %; the bot preferred: …" for the reader. */
export function pointSentence(p: DecisionPoint, mine: boolean, name: string, say: Say, pickText: (t: Texts) => string): string {
  const params = { who: name, from: percent(p.chance_before), to: percent(p.chance_after), move: pickText(p.preferred_text) };
  const key: Key = p.turning ? (mine ? "analysis_turn_you" : "analysis_turn_other") : mine ? "analysis_move_you" : "analysis_move_other";
  return say(key, params);
}

/** The preferred move's first event as a board mark (`ui.marks`): ringed where the bot would
 * have played, labelled with the move in words. */
export function ghostMark(p: { ghost: Ghost | null }, label: Texts, pickText: (t: Texts) => string): MatchEvent | null {
  if (!p.ghost) return null;
  const text = pickText(label);
  return { seq: -1, type: p.ghost.type, actor: p.ghost.actor, data: p.ghost.data, text: { en: text, cs: text } };
}

// The graph's geometry in its own units (the SVG scales to the width it gets: 390 px phones).
export const GRAPH = { width: 360, height: 140, left: 30, right: 8, top: 8, bottom: 18 };

export function xOf(seq: number, last: number): number {
  const span = GRAPH.width - GRAPH.left - GRAPH.right;
  return GRAPH.left + (last <= 1 ? 0 : ((seq - 1) / (last - 1)) * span);
}

export function yOf(chance: number): number {
  const span = GRAPH.height - GRAPH.top - GRAPH.bottom;
  return GRAPH.top + (1 - Math.max(0, Math.min(1, chance))) * span;
}

export function pathOf(line: readonly ChancePoint[], last: number): string {
  return line.map((c, i) => `${i === 0 ? "M" : "L"}${xOf(c.seq, last).toFixed(1)},${yOf(c.chance).toFixed(1)}`).join(" ");
}
