/** Tournament screens' controllers: the list, one tournament (standings, pairings, register
 * and withdraw, the organiser's actions) and the organiser's creation form. Pure helpers are
 * exported for the unit tests; the views (view.tsx) only read these objects. */

import { ApiError } from "../api";
import { redraw } from "../redraw";
import { navigate } from "../router";
import { loadGames } from "../session";
import type { GameInfo } from "../types";
import {
  type Format,
  type ResultBody,
  type Round,
  type Standing,
  type Table,
  type Tournament,
  type TournamentSpec,
  type TournamentSummary,
  tournamentsApi,
} from "./api";

function message(err: unknown): string {
  return err instanceof ApiError ? err.message : String(err);
}

/** Open for registration first, then running, then finished and cancelled (newest first in
 * each; the server lists newest first). */
export function groupTournaments(list: readonly TournamentSummary[]): Record<"open" | "running" | "done", TournamentSummary[]> {
  const out = { open: [] as TournamentSummary[], running: [] as TournamentSummary[], done: [] as TournamentSummary[] };
  for (const x of list) {
    if (x.status === "registration") out.open.push(x);
    else if (x.status === "running") out.running.push(x);
    else out.done.push(x);
  }
  return out;
}

/** The tie-break columns the standings show, in the server's order of precedence. */
export function tiebreakColumns(format: Format, tableSize: number): string[] {
  if (format === "knockout") return ["out_in_round"];
  if (format === "series") return ["wins", "game_points"];
  if (tableSize === 2) return ["buchholz", "sonneborn_berger"];
  return ["game_points", "head_to_head"];
}

export function tiebreakValue(row: Standing, column: string): string {
  if (column === "out_in_round") return row.out_in_round === null ? "–" : String(row.out_in_round);
  if (column === "wins") return String(row.wins);
  const v = column === "game_points" ? row.game_points : row.tiebreaks[column];
  return v === undefined ? "–" : String(Math.round(v * 100) / 100);
}

/** The round to show first: the one running (or the last). */
export function currentRound(rounds: readonly Round[]): Round | null {
  return rounds.find((r) => !r.finished) ?? rounds[rounds.length - 1] ?? null;
}

/** The organiser's correction of one entrant: points to add (or a penalty), or removal. */
export interface EntrantCorrection {
  entrant: string;
  points: string;
  reason: string;
}

/** The organiser's result for a table, as typed: a place per seat, scores optional. */
export interface ResultForm {
  round: number;
  table: number;
  ranks: string[];
  scores: string[];
  reason: string;
}

/** A table's result form, its places filled with the current result when it has one. */
export function resultForm(round: number, table: Table): ResultForm {
  const r = table.result;
  return {
    round,
    table: table.table,
    ranks: table.seats.map((_, i) => (r ? String(r.ranks[i]) : "")),
    scores: table.seats.map(() => ""), // none given: the server keeps the table's scores
    reason: "",
  };
}

/** The request body for a result form, or null when a place is not 1..n or the scores are
 * neither all given nor all left empty (what the server would refuse). */
export function resultBody(f: ResultForm): ResultBody | null {
  const n = f.ranks.length;
  const ranks = f.ranks.map((x) => (x.trim() === "" ? NaN : Number(x)));
  if (ranks.some((r) => !Number.isInteger(r) || r < 1 || r > n)) return null;
  const given = f.scores.filter((x) => x.trim() !== "").length;
  if (given !== 0 && given !== n) return null;
  const scores = given ? f.scores.map(Number) : null;
  if (scores?.some((x) => !Number.isFinite(x))) return null;
  return { round: f.round, table: f.table, ranks, scores, reason: f.reason };
}

export class TournamentListCtrl {
  list: TournamentSummary[] | null = null;
  games: GameInfo[] = [];
  error: string | null = null;

  async load(): Promise<void> {
    try {
      const [page, games] = await Promise.all([tournamentsApi.list(), loadGames()]);
      this.list = page.results;
      this.games = games;
      this.error = null;
    } catch (err) {
      this.error = message(err);
    }
    redraw();
  }
}

export class TournamentCtrl {
  t: Tournament | null = null;
  rounds: Round[] = [];
  games: GameInfo[] = [];
  error: string | null = null;
  notice: string | null = null;
  busy = false;
  bots = 4;
  invitees = "";
  reason = "";

  constructor(readonly id: number) {}

  async load(): Promise<void> {
    try {
      const [t, rounds, games] = await Promise.all([tournamentsApi.get(this.id), tournamentsApi.rounds(this.id), loadGames()]);
      this.t = t;
      this.rounds = rounds.results;
      this.games = games;
      this.error = null;
    } catch (err) {
      this.error = message(err);
    }
    redraw();
  }

  /** One of the actions: the server's refusal is shown in its own words, nothing else moves.
   * True when it was done. */
  async act(run: () => Promise<Tournament>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.notice = null;
    redraw();
    try {
      this.t = await run();
      this.rounds = (await tournamentsApi.rounds(this.id)).results;
      this.error = null;
      return true;
    } catch (err) {
      this.notice = message(err);
      return false;
    } finally {
      this.busy = false;
      redraw();
    }
  }

  // --- the organiser's corrections (each kept with its reason in the tournament's history) ---

  correction: EntrantCorrection = { entrant: "", points: "", reason: "" };
  result: ResultForm | null = null;

  /** Done: the form starts over (keeping the player picked, unless they are gone). */
  private async correct(run: () => Promise<Tournament>, keepEntrant: boolean): Promise<void> {
    if (await this.act(run)) {
      this.correction = { entrant: keepEntrant ? this.correction.entrant : "", points: "", reason: "" };
    }
  }

  adjustPoints = () => {
    const c = this.correction;
    return this.correct(() => tournamentsApi.points(this.id, Number(c.entrant), Number(c.points), c.reason), true);
  };
  removeEntrant = () => {
    const c = this.correction;
    return this.correct(() => tournamentsApi.remove(this.id, Number(c.entrant), c.reason), false);
  };

  /** Opens the result form of a table (again: closes it). */
  editResult(round: number, table: Table): void {
    const open = this.result?.round === round && this.result.table === table.table;
    this.result = open ? null : resultForm(round, table);
    this.notice = null;
    redraw();
  }

  /** A sentence for the organiser about what they typed (nothing is sent). */
  say(notice: string): void {
    this.notice = notice;
    redraw();
  }

  async saveResult(invalid: string): Promise<void> {
    const body = this.result && resultBody(this.result);
    if (!body) {
      this.say(invalid);
      return;
    }
    if (await this.act(() => tournamentsApi.result(this.id, body))) this.result = null;
  }

  register = () => this.act(() => tournamentsApi.register(this.id));
  withdraw = () => this.act(() => tournamentsApi.withdraw(this.id));
  start = () => this.act(() => tournamentsApi.start(this.id));
  nextRound = () => this.act(() => tournamentsApi.nextRound(this.id));
  addBots = () => this.act(() => tournamentsApi.addBots(this.id, this.bots));
  invite = () =>
    this.act(() =>
      tournamentsApi.invite(
        this.id,
        this.invitees.split(/[\s,]+/).filter(Boolean),
      ),
    );
  cancel = () => this.act(() => tournamentsApi.cancel(this.id, this.reason));
}

export interface NewTournamentForm {
  name: string;
  game: string;
  format: Format;
  players: number;
  rounds: string;
  games: number;
  bots: boolean;
  level: string;
  private: boolean;
  manual: boolean;
  moveHours: string;
}

/** The request body for the form, or a sentence saying what is missing. */
export function tournamentSpec(f: NewTournamentForm): TournamentSpec | string {
  if (!f.name.trim()) return "name";
  const spec: TournamentSpec = {
    name: f.name.trim(),
    game: f.game,
    format: f.format,
    players_per_table: f.players,
    bots_allowed: f.bots,
    bot_level: f.bots ? f.level : null,
    private: f.private,
    round_start: f.manual ? "manual" : "auto",
  };
  if (f.format === "swiss" || (f.format === "round_robin" && f.players > 2)) {
    spec.rounds = f.rounds.trim() ? Number(f.rounds) : null;
  }
  if (f.format === "series") spec.games = f.games;
  if (f.moveHours.trim()) {
    spec.time_control = { kind: "per_move", move_seconds: Math.round(Number(f.moveHours) * 3600) };
  }
  return spec;
}

export class NewTournamentCtrl {
  games: GameInfo[] = [];
  form: NewTournamentForm | null = null;
  error: string | null = null;
  busy = false;

  async load(): Promise<void> {
    try {
      this.games = await loadGames();
      const g = this.games[0];
      if (g) {
        this.form = {
          name: "",
          game: g.slug,
          format: "swiss",
          players: g.min_players,
          rounds: "",
          games: 3,
          bots: true,
          level: g.bot_levels.includes("greedy") ? "greedy" : g.bot_levels[0] ?? "random",
          private: false,
          manual: false,
          moveHours: "",
        };
      }
    } catch (err) {
      this.error = message(err);
    }
    redraw();
  }

  get game(): GameInfo | undefined {
    return this.games.find((g) => g.slug === this.form?.game);
  }

  set(patch: Partial<NewTournamentForm>): void {
    if (!this.form) return;
    this.form = { ...this.form, ...patch };
    const g = this.game;
    if (g && (this.form.players < g.min_players || this.form.players > g.max_players)) this.form.players = g.min_players;
    redraw();
  }

  async create(): Promise<void> {
    if (!this.form || this.busy) return;
    const spec = tournamentSpec(this.form);
    if (typeof spec === "string") {
      this.error = spec;
      redraw();
      return;
    }
    this.busy = true;
    redraw();
    try {
      const t = await tournamentsApi.create(spec);
      navigate({ name: "tournament", id: t.id });
    } catch (err) {
      this.error = message(err);
    } finally {
      this.busy = false;
      redraw();
    }
  }
}
