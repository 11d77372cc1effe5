/** The tournaments API (core/tournaments/apis.py): its calls and the shapes they answer. */

import { request } from "../api";
import type { Page } from "../types";

export type Format = "round_robin" | "swiss" | "knockout" | "series";
export type Status = "registration" | "running" | "finished" | "cancelled";

export interface TournamentSummary {
  id: number;
  name: string;
  game: string;
  format: Format;
  players_per_table: number;
  private: boolean;
  status: Status;
  round: number;
  entrant_count: number;
  organiser: string | null;
  starts_at: string | null;
  registration_closes_at: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface Entrant {
  entrant: number;
  name: string;
  username: string | null;
  bot_level: string | null;
  rating: number | null;
  seed: number | null;
  withdrawn: boolean;
}

export interface Standing {
  rank: number;
  entrant: number;
  name: string;
  username: string | null;
  bot_level: string | null;
  withdrawn: boolean;
  points: number;
  games: number;
  wins: number;
  byes: number;
  game_points: number;
  adjustments: number;
  tiebreaks: Record<string, number>;
  out_in_round: number | null;
}

export interface Tournament extends TournamentSummary {
  version: number;
  rounds_planned: number | null;
  round_deadline: string | null;
  config: Record<string, unknown>;
  entrants: Entrant[];
  standings: Standing[];
  me: { entrant: number; withdrawn: boolean } | null;
  is_organiser: boolean;
  can_register: boolean;
  can_withdraw: boolean;
}

export interface TableSeat {
  seat: number;
  entrant: number | null;
  name: string;
}

export interface Table {
  table: number;
  match: number | null;
  match_status: string | null;
  seats: TableSeat[];
  result: { ranks: number[]; scores: number[]; forfeits: number[]; how: string; reason: string | null } | null;
}

export interface Round {
  round: number;
  deadline: string | null;
  finished: boolean;
  tables: Table[];
  byes: { entrant: number | null; name: string }[];
}

export interface TournamentSpec {
  name: string;
  game: string;
  format: Format;
  players_per_table: number;
  rounds?: number | null;
  games?: number;
  bots_allowed: boolean;
  bot_level?: string | null;
  private: boolean;
  round_start: "auto" | "manual";
  time_control?: Record<string, unknown> | null;
  min_rating?: number | null;
}

/** An organiser's result for a table: a place per seat (1 is first), scores optional. */
export interface ResultBody {
  round: number;
  table: number;
  ranks: number[];
  scores: number[] | null;
  reason: string;
}

const T = "tournaments";

export const tournamentsApi = {
  list: (query: { status?: Status; mine?: boolean } = {}) =>
    request<Page<TournamentSummary>>("GET", T, undefined, query),
  get: (id: number) => request<Tournament>("GET", `${T}/${id}`),
  rounds: (id: number) => request<{ results: Round[] }>("GET", `${T}/${id}/rounds`),
  create: (spec: TournamentSpec) => request<Tournament>("POST", T, spec),
  register: (id: number) => request<Tournament>("POST", `${T}/${id}/register`, {}),
  withdraw: (id: number) => request<Tournament>("POST", `${T}/${id}/withdraw`, {}),
  start: (id: number) => request<Tournament>("POST", `${T}/${id}/start`, {}),
  nextRound: (id: number) => request<Tournament>("POST", `${T}/${id}/next-round`, {}),
  addBots: (id: number, count: number) => request<Tournament>("POST", `${T}/${id}/bots`, { count }),
  invite: (id: number, usernames: string[]) =>
    request<Tournament>("POST", `${T}/${id}/invite`, { usernames }),
  points: (id: number, entrant: number, points: number, reason: string) =>
    request<Tournament>("POST", `${T}/${id}/points`, { entrant, points, reason }),
  result: (id: number, body: ResultBody) => request<Tournament>("POST", `${T}/${id}/result`, body),
  remove: (id: number, entrant: number, reason: string) =>
    request<Tournament>("POST", `${T}/${id}/remove`, { entrant, reason }),
  cancel: (id: number, reason: string) => request<Tournament>("POST", `${T}/${id}/cancel`, { reason }),
};
