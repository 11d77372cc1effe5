/** "Since you last looked": in asynchronous play hours pass between looks, so a match opened
 * after others have moved says what they did since the player's own last move (issue 38). */

import type { MatchEvent } from "../types";

/** Events a seat is the actor of that are no move: asking for a hint (`HintUsed`, by the
 * seat, with no command: the server stops an undo there, core/matches/orm_writer.hint_used). */
const NOT_MOVES: ReadonlySet<string> = new Set(["HintUsed"]);

/** Whether `e` is a move of `seat`'s own. */
export function ownMove(e: MatchEvent, seat: number | null): boolean {
  return seat !== null && e.actor === seat && !NOT_MOVES.has(e.type ?? "");
}

/** The seq of `seat`'s last own move in `log` (-1: none yet). */
export function lastOwnSeq(log: readonly MatchEvent[], seat: number | null): number {
  let last = -1;
  for (const e of log) if (ownMove(e, seat) && e.seq > last) last = e.seq;
  return last;
}

/** Whether the undo may have something to take back: the log ends with the seat's own move
 * (after a hint it has nothing: the server stops there). */
export function mayUndo(log: readonly MatchEvent[], seat: number | null): boolean {
  const last = log[log.length - 1];
  return last !== undefined && ownMove(last, seat);
}

/** The events after `seat`'s last own move, when another seat has acted since (else none: a
 * spectator, a player who has not moved yet and reads the match from its start, or nothing new
 * from the others). Events without an actor (a dice roll's outcome, scoring) are kept: they are
 * part of what happened. */
export function sinceLastMove(log: readonly MatchEvent[], seat: number | null): MatchEvent[] {
  if (seat === null) return [];
  const last = lastOwnSeq(log, seat);
  if (last < 0) return [];
  const after = log.filter((e) => e.seq > last && e.actor !== seat);
  return after.some((e) => e.actor != null) ? after : [];
}
