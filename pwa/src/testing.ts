/** Whole API objects for unit tests: the generated types require every field the server sends,
 * so a test names only what it is about and takes the rest from here. */

import type { CommandResult, GameInfo, MatchDetail, MatchSummary, SeatInfo } from "./types";

export function gameInfo(over: Partial<GameInfo> & Pick<GameInfo, "slug" | "name">): GameInfo {
  return {
    min_players: 2, max_players: 4, rules_version: 1, bot_levels: [], player_bot_levels: [], default_bot_level: "greedy",
    bots: [], options: [], commands: [], glossary: {}, ...over,
  };
}

export function seatInfo(over: Partial<SeatInfo> & Pick<SeatInfo, "index">): SeatInfo {
  return {
    kind: "human", user: null, name: null, deleted: false, accepted: true, bot_level: null, status: "playing",
    to_move: false, rank: null, score: null, reserve_seconds: null, ...over,
  };
}

export function matchSummary(over: Partial<MatchSummary> & Pick<MatchSummary, "id">): MatchSummary {
  return {
    game: "race", options: {}, n_players: 2, status: "active", version: 1, rules_version: 1, created_by: null,
    created_at: "", updated_at: "", outcome: null, rated: true, hints: false, visibility: "public", autostart: true,
    time_control: { kind: "none" }, turn_started_at: null, deadline: null, seats: [], ...over,
  };
}

export function matchDetail(over: Partial<MatchDetail> & Pick<MatchDetail, "id">): MatchDetail {
  return { ...matchSummary(over), seat: null, view: null, active_seats: [], explanation: null, ...over };
}

export function commandResult(over: Partial<CommandResult> & Pick<CommandResult, "version">): CommandResult {
  return { status: "active", seat: 0, events: [], view: null, active_seats: [], legal_commands: [], replayed: false, ...over };
}
