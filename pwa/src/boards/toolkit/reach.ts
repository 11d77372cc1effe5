/** Tap targets larger than they are drawn. At zoom 1 on a 360-px phone some legal targets are
 * drawn smaller than a finger (Samurai's hexes in a 4-player game ~17 px, Drunter's cells and
 * Catan's corners ~22 px; Apple asks for 44 pt, Material for 48 dp). A tap that lands on no
 * target still picks a legal one if it falls within that target's reach: its drawn box grown
 * to at least `MIN_TAP_PX` across. Where reaches overlap the nearest target wins, and a tap
 * about as near to two of them picks neither (`undefined`: the board zooms in there instead of
 * guessing). A tap on a drawn target picks that one, unless the target is drawn small and
 * crowded (another within a finger's reach of the tap: Samurai's lit hexes side by side): that
 * first tap zooms in there too, until the targets are drawn large enough to tell apart.
 * Pure geometry in screen pixels, so it holds at every zoom. */

/** The smallest comfortable tap target, in CSS pixels (Apple's 44 pt). */
export const MIN_TAP_PX = 44;
/** A target drawn smaller than this (BOARDS.md's floor) is too small to tell from a neighbour. */
export const SMALL_PX = 32;
/** The nearest target wins only if the next one is this much farther away; else it is a toss-up. */
export const CLEAR_LEAD = 1.5;

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Reached<T> {
  target: T;
  /** Screen pixels from the tap to the target's drawn box (0: on it). */
  distance: number;
}

/** Pixels from (x, y) to the box: 0 inside it. */
export function distanceToRect(x: number, y: number, r: Rect): number {
  const dx = Math.max(r.left - x, 0, x - (r.left + r.width));
  const dy = Math.max(r.top - y, 0, y - (r.top + r.height));
  return Math.hypot(dx, dy);
}

/** How far beyond its drawn box a target reaches: enough that its hit area is `MIN_TAP_PX`
 * across in its narrower direction; nothing for a target already that large. */
export function reachOf(r: Rect, minPx: number = MIN_TAP_PX): number {
  return Math.max(0, (minPx - Math.min(r.width, r.height)) / 2);
}

/** The targets whose reach covers the tap at (x, y), nearest first (ties: nearer centre). */
export function withinReach<T>(x: number, y: number, targets: readonly { target: T; rect: Rect }[], minPx: number = MIN_TAP_PX): Reached<T>[] {
  const out: (Reached<T> & { centre: number })[] = [];
  for (const { target, rect } of targets) {
    const distance = distanceToRect(x, y, rect);
    if (distance > reachOf(rect, minPx)) continue;
    const centre = Math.hypot(x - (rect.left + rect.width / 2), y - (rect.top + rect.height / 2));
    out.push({ target, distance, centre });
  }
  out.sort((a, b) => a.distance - b.distance || a.centre - b.centre);
  return out.map(({ target, distance }) => ({ target, distance }));
}

export type TapResolution<T> = { kind: "none" } | { kind: "pick"; target: T } | { kind: "unsure"; near: Reached<T>[] };

/** What a tap that landed on no target means: the one target whose reach covers it (or the
 * clearly nearest of several), nothing, or a toss-up between two about as near. */
export function resolveTap<T>(x: number, y: number, targets: readonly { target: T; rect: Rect }[], minPx: number = MIN_TAP_PX): TapResolution<T> {
  const reached = withinReach(x, y, targets, minPx);
  const [first, second] = reached;
  if (!first) return { kind: "none" };
  if (!second || second.distance > Math.max(first.distance * CLEAR_LEAD, first.distance + 4)) return { kind: "pick", target: first.target };
  return { kind: "unsure", near: reached };
}

/** The zoom factor that shows targets drawn `smallestPx` across at `MIN_TAP_PX` (at least 1.5,
 * so that every toss-up tap visibly does something). */
export function zoomToReach(smallestPx: number, minPx: number = MIN_TAP_PX): number {
  return Math.max(1.5, minPx / Math.max(1, smallestPx));
}

/** Whether a tap squarely on the target drawn at `hit` is still a toss-up: the target is drawn
 * small and another target (`others`) lies within half a finger (`MIN_TAP_PX / 2`) of the tap. */
export function crowded(x: number, y: number, hit: Rect, others: readonly Rect[], minPx: number = MIN_TAP_PX): boolean {
  if (Math.min(hit.width, hit.height) >= SMALL_PX) return false;
  return others.some((r) => distanceToRect(x, y, r) <= minPx / 2);
}
