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

/** A board set up for a test: its root, the move waiting for Confirm, the moves sent. */
export interface BoardUnderTest {
  root: HTMLElement;
  ui: { preview: unknown };
  submitted: readonly unknown[];
}

/** What a player would notice of a board: its markup, the move waiting for Confirm, the moves sent. */
function noticed(b: BoardUnderTest): string {
  return b.root.innerHTML + JSON.stringify(b.ui.preview) + String(b.submitted.length);
}

/** Taps every enabled thing matching `selector`, in every order up to `depth` taps, each order
 * on a fresh board: the orders whose last tap changed nothing a player would notice. On a phone
 * a dead tap reads as a broken screen (tests/pwa/phone.py counts them over whole games, where a
 * random player finds them by chance; here every path of the fixture is walked). */
export function deadTaps(fresh: () => BoardUnderTest, selector: string, depth: number): string[] {
  const tappable = (root: HTMLElement) =>
    [...root.querySelectorAll<Element>(selector)].filter((e) => !(e as HTMLButtonElement).disabled && e.getAttribute("aria-disabled") !== "true");
  const name = (e: Element) => (e.getAttribute("aria-label") ?? e.textContent ?? "").trim().slice(0, 60);
  const dead: string[] = [];
  const walk = (path: number[]) => {
    if (path.length === depth) return;
    const probe = fresh();
    for (const i of path) tappable(probe.root)[i]!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const count = tappable(probe.root).length;
    for (let i = 0; i < count; i += 1) {
      const board = fresh();
      const names: string[] = [];
      for (const j of path) {
        const e = tappable(board.root)[j]!;
        names.push(name(e));
        e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      }
      const e = tappable(board.root)[i]!;
      names.push(name(e));
      const before = noticed(board);
      e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      if (noticed(board) === before) dead.push(names.join(" → "));
      else walk([...path, i]);
    }
  };
  walk([]);
  return dead;
}
