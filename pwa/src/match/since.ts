/** "Since you last looked": in asynchronous play hours pass between looks, so a match opened
 * after others have moved says what they did since the player's own last move (issue 38). */

import type { MatchEvent } from "../types";

/** The seq of `seat`'s last own event in `log` (-1: none yet). */
export function lastOwnSeq(log: readonly MatchEvent[], seat: number | null): number {
  let last = -1;
  if (seat === null) return last;
  for (const e of log) if (e.actor === seat && e.seq > last) last = e.seq;
  return last;
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
