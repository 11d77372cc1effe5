/** Tap targets larger than they are drawn. Some legal targets are drawn smaller than a finger
 * (Samurai's hexes with four players, Drunter's cells, Catan's corners; Apple asks for 44 pt,
 * Material for 48 dp). A tap that lands on no target still picks a legal one if it falls within
 * that target's reach: its drawn box grown to at least `MIN_TAP_PX` across. Where reaches
 * overlap the nearest target wins. A tap on a lit target, or within reach of one, always acts:
 * it is never turned into a zoom (issue 38: a first tap that only zoomed read as ignored).
 * Zooming is the player's own (pinch, drag, double tap on empty board, the buttons) or the
 * board's fit to each step's targets (`viewport.ts`). Pure geometry in screen pixels, so it holds
 * at every zoom. */

/** The smallest comfortable tap target, in CSS pixels (Apple's 44 pt). */
export const MIN_TAP_PX = 44;

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

/** The target a tap at (x, y) that landed on none means: the nearest whose reach covers it, or
 * null when it is beyond every reach (a tap on empty board). */
export function nearestInReach<T>(x: number, y: number, targets: readonly { target: T; rect: Rect }[], minPx: number = MIN_TAP_PX): T | null {
  return withinReach(x, y, targets, minPx)[0]?.target ?? null;
}

/** Two taps this close in time (ms) and place (px) on empty board are a double tap (a zoom). */
export const DOUBLE_TAP_MS = 350;
export const DOUBLE_TAP_PX = 30;

export interface TapAt {
  x: number;
  y: number;
  time: number;
}

/** Whether `now` completes a double tap begun by `before` (an earlier tap on empty board). */
export function isDoubleTap(before: TapAt | null, now: TapAt): boolean {
  if (!before) return false;
  const dt = now.time - before.time;
  return dt >= 0 && dt <= DOUBLE_TAP_MS && Math.hypot(now.x - before.x, now.y - before.y) <= DOUBLE_TAP_PX;
}
