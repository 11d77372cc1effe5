/** The tournaments API (core/tournaments/apis.py): its calls, and the shapes they answer as
 * the generated schema types name them (api/schema.d.ts). */

import { request } from "../api";
import type { components } from "../api/schema";
import type { Page } from "../types";

type Schemas = components["schemas"];

export type Format = Schemas["TournamentFormatEnum"];
export type Status = Schemas["TournamentStatusEnum"];
export type TournamentSummary = Schemas["TournamentSummaryOut"];
export type Entrant = Schemas["EntrantOut"];
export type Standing = Schemas["StandingOut"];
export type Tournament = Schemas["TournamentOut"];
export type TableSeat = Schemas["SeatOut"];
export type Table = Schemas["TableOut"];
export type Round = Schemas["RoundOut"];
export type TournamentSpec = Schemas["TournamentCreateInputRequest"];
/** An organiser's result for a table: a place per seat (1 is first), scores optional. */
export type ResultBody = Schemas["TournamentResultInputRequest"];

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
