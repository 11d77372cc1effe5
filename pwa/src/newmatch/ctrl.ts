/** New match: game, players, options, seats, time control, rated, visibility. */

import { api } from "../api";
import { errorText } from "../errors";
import { redraw } from "../redraw";
import { navigate } from "../router";
import { loadGames } from "../session";
import type { GameInfo, Json, TimeControl } from "../types";
import { defaultBotLevel, impliedOptions } from "./words";

export type SeatKind = "me" | "bot" | "user" | "open";

export interface SeatChoice {
  kind: SeatKind;
  level: string;
  username: string;
}

export interface Form {
  game: string;
  players: number;
  options: Record<string, Json>;
  seats: SeatChoice[];
  tc: "none" | "per_move" | "reserve";
  moveHours: number;
  reserveDays: number;
  incrementHours: number;
  policy: "bot_move" | "zombie" | "forfeit";
  vacation: boolean;
  rated: boolean;
  /** A friendly match with people: every seat may ask the bot for a hint (the invited accept it
   * by joining). A match against bots alone offers hints anyway; a rated one never. */
  hints: boolean;
  visibility: "public" | "private";
}

/** Seats for `n` players: me first, bots of the game's default level in the others, keeping
 * what was chosen for the seats that stay. */
export function seatsFor(n: number, game: GameInfo, previous: readonly SeatChoice[] = []): SeatChoice[] {
  const level = defaultBotLevel(game);
  return Array.from({ length: n }, (_, i) => previous[i] ?? (i === 0 ? { kind: "me", level, username: "" } : { kind: "bot", level, username: "" }));
}

export function defaultForm(game: GameInfo): Form {
  const players = Math.max(game.min_players, Math.min(2, game.max_players));
  return {
    game: game.slug,
    players,
    options: Object.fromEntries(game.options.map((o) => [o.name, o.default])),
    seats: seatsFor(players, game),
    tc: "none",
    moveHours: 24,
    reserveDays: 3,
    incrementHours: 12,
    policy: "bot_move",
    vacation: true,
    rated: true,
    hints: false,
    visibility: "public",
  };
}

/** How many seats are for people (me, invited or open): bots are never rated, and a rated
 * match needs two people at least (core/ratings). */
export function people(f: Form): number {
  return f.seats.filter((s) => s.kind !== "bot").length;
}

export function ratedApplies(f: Form): boolean {
  return people(f) >= 2;
}

/** Whether the form offers the hints choice: a friendly match between people. */
export function hintsApply(f: Form): boolean {
  return ratedApplies(f) && !f.rated;
}

/** The options to send: those a chosen preset sets are left to the preset (the engine refuses
 * an explicit value that contradicts it). */
export function optionsToSend(f: Form, game: GameInfo | undefined): Record<string, Json> {
  if (!game) return f.options;
  const implied = impliedOptions(game, f.options);
  return Object.fromEntries(Object.entries(f.options).filter(([name]) => !implied.has(name)));
}

/** The request body of POST /api/matches. */
export function requestBody(f: Form, game?: GameInfo): Record<string, unknown> {
  let time_control: TimeControl = { kind: "none" };
  if (f.tc === "per_move") time_control = { kind: "per_move", move_seconds: Math.round(f.moveHours * 3600), policy: f.policy, vacation: f.vacation };
  if (f.tc === "reserve")
    time_control = {
      kind: "reserve",
      reserve_seconds: Math.round(f.reserveDays * 86400),
      increment_seconds: Math.round(f.incrementHours * 3600),
      policy: f.policy,
      vacation: f.vacation,
    };
  return {
    game: f.game,
    players: f.players,
    options: optionsToSend(f, game),
    seats: f.seats.map((s) =>
      s.kind === "bot" ? { kind: "bot", level: s.level } : s.kind === "user" ? { kind: "user", username: s.username.trim() } : { kind: s.kind },
    ),
    time_control,
    rated: f.rated && ratedApplies(f),
    hints: hintsApply(f) && f.hints,
    visibility: f.visibility,
  };
}

export class NewMatchCtrl {
  games: GameInfo[] = [];
  form: Form | null = null;
  error: string | null = null;
  busy = false;

  constructor(private readonly preselect?: string) {}

  get game(): GameInfo | undefined {
    return this.games.find((g) => g.slug === this.form?.game);
  }

  async load(): Promise<void> {
    try {
      this.games = await loadGames();
      const first = this.games.find((g) => g.slug === this.preselect) ?? this.games[0];
      if (first) this.form = defaultForm(first);
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    }
    redraw();
  }

  chooseGame(slug: string): void {
    const game = this.games.find((g) => g.slug === slug);
    if (game) this.form = defaultForm(game);
    redraw();
  }

  setPlayers(n: number): void {
    const g = this.game;
    if (!this.form || !g) return;
    this.form.players = n;
    this.form.seats = seatsFor(n, g, this.form.seats.slice(0, n));
    redraw();
  }

  update(patch: Partial<Form>): void {
    if (this.form) Object.assign(this.form, patch);
    redraw();
  }

  setOption(name: string, value: Json): void {
    if (this.form) this.form.options = { ...this.form.options, [name]: value };
    redraw();
  }

  setSeat(i: number, patch: Partial<SeatChoice>): void {
    if (!this.form) return;
    this.form.seats = this.form.seats.map((s, j) => (j === i ? { ...s, ...patch } : s));
    redraw();
  }

  async create(): Promise<void> {
    if (!this.form || this.busy) return;
    this.busy = true;
    this.error = null;
    redraw();
    try {
      const match = await api.createMatch(requestBody(this.form, this.game));
      navigate({ name: "match", id: match.id });
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
      redraw();
    }
  }
}
