/** What part of a board a frame shows: pure geometry between board units and CSS pixels.
 *
 * A board is drawn in its own units inside `box`; it is shown in a frame of CSS pixels (the
 * board's `<svg>`) whose shape is the device's, not the board's: a phone's frame is tall, most
 * maps are wide. A `View` is a zoom factor and a centre: at scale 1 the whole box fits the frame
 * (the rest of the frame is margin), at 2 half of it. `fitTargets` chooses the view that shows
 * every lit target of a step, large enough to tap where that still shows them all. */

import type { Box } from "./hex";

export interface View {
  /** Zoom factor, 1 = the whole board. */
  scale: number;
  /** Centre of the visible part, in board units. */
  cx: number;
  cy: number;
}

/** A frame's size in CSS pixels. */
export interface Frame {
  width: number;
  height: number;
}

/** CSS pixels of a frame to keep clear of targets on each side (something drawn over them). */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 };

/** The drawn floor for a target on screen (BOARDS.md: at least 32 CSS px across). */
export const TARGET_PX = 32;
/** Pixels kept between the step's targets and the frame's edge, so a highlight is never cut. */
export const FIT_MARGIN_PX = 12;

/** The frame to compute with: the measured one, or, before it is laid out, the box's own shape. */
export function frameOf(frame: Frame | null | undefined, box: Box): Frame {
  if (frame && frame.width > 0 && frame.height > 0) return frame;
  return { width: box.width, height: box.height };
}

/** Board units per CSS pixel at `scale` (at 1 the whole box fits the frame). */
export function unitsPerPx(box: Box, frame: Frame, scale: number): number {
  return Math.max(box.width / frame.width, box.height / frame.height) / scale;
}

export function fit(box: Box): View {
  return { scale: 1, cx: box.x + box.width / 2, cy: box.y + box.height / 2 };
}

/** The part of the board (in board units) that `v` shows in `frame`; it may be larger than the
 * box along the frame's longer side. */
export function visibleBox(v: View, box: Box, frame: Frame): Box {
  const u = unitsPerPx(box, frame, v.scale);
  const w = frame.width * u;
  const h = frame.height * u;
  return { x: v.cx - w / 2, y: v.cy - h / 2, width: w, height: h };
}

function clamp(n: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, n));
}

/** The centre along one side: the visible span `w` stays on the board where it is shorter, and
 * the board stays in the span where it is longer (free to move within it, so that targets at the
 * board's edge can be shown clear of what covers the frame's edge). */
function clampSide(c: number, lo: number, size: number, w: number): number {
  const a = lo + w / 2;
  const b = lo + size - w / 2;
  return clamp(c, Math.min(a, b), Math.max(a, b));
}

/** Keeps the zoom within [1, max] and the visible part on the board (or, along a side where the
 * frame shows more than the board, the whole board in view). `slack`: pixels of the frame that
 * something covers, which the board's edge may move past so that what lies at the edge can be
 * shown clear of the cover. */
export function clampView(v: View, box: Box, frame: Frame, max: number, slack: Insets = NO_INSETS): View {
  const scale = clamp(v.scale, 1, max);
  const { width: w, height: h } = visibleBox({ ...v, scale }, box, frame);
  const u = unitsPerPx(box, frame, scale);
  return {
    scale,
    cx: clampSide(v.cx, box.x - slack.left * u, box.width + (slack.left + slack.right) * u, w),
    cy: clampSide(v.cy, box.y - slack.top * u, box.height + (slack.top + slack.bottom) * u, h),
  };
}

/** The SVG viewBox showing `v` of `box` in `frame` (the frame's shape, so nothing is letterboxed). */
export function viewBoxFor(v: View, box: Box, frame: Frame): string {
  const b = visibleBox(v, box, frame);
  const r = (n: number) => Math.round(n * 100) / 100;
  return `${r(b.x)} ${r(b.y)} ${r(b.width)} ${r(b.height)}`;
}

/** Zooms by `factor` keeping board point (px, py) where it is on screen. */
export function zoomAt(v: View, factor: number, px: number, py: number, box: Box, frame: Frame, max: number): View {
  const scale = clamp(v.scale * factor, 1, max);
  const k = v.scale / scale;
  return clampView({ scale, cx: px + (v.cx - px) * k, cy: py + (v.cy - py) * k }, box, frame, max);
}

/** The board point under (x, y) CSS pixels from the frame's top-left corner. */
export function toBoard(v: View, box: Box, frame: Frame, x: number, y: number): { x: number; y: number } {
  const u = unitsPerPx(box, frame, v.scale);
  return { x: v.cx + (x - frame.width / 2) * u, y: v.cy + (y - frame.height / 2) * u };
}

/** The smallest box holding all of `boxes` (null for none). */
export function union(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const b of boxes) {
    x0 = Math.min(x0, b.x);
    y0 = Math.min(y0, b.y);
    x1 = Math.max(x1, b.x + b.width);
    y1 = Math.max(y1, b.y + b.height);
  }
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

export interface FitRequest {
  box: Box;
  frame: Frame;
  /** The step's lit targets, in board units. */
  targets: readonly Box[];
  maxZoom: number;
  /** Parts of the frame something covers (nothing by default). */
  insets?: Insets;
  /** The drawn size a target should reach, in CSS px (default `TARGET_PX`). */
  minPx?: number;
  marginPx?: number;
  /** The view now: kept when it already shows every target at a tappable size. */
  current?: View | null;
}

/** Whether every target lies inside the part of `v` not covered by `insets`, `margin` px in. */
export function showsAll(v: View, box: Box, frame: Frame, targets: readonly Box[], insets: Insets = NO_INSETS, marginPx = 0): boolean {
  const vis = visibleBox(v, box, frame);
  const u = unitsPerPx(box, frame, v.scale);
  const x0 = vis.x + (insets.left + marginPx) * u;
  const y0 = vis.y + (insets.top + marginPx) * u;
  const x1 = vis.x + vis.width - (insets.right + marginPx) * u;
  const y1 = vis.y + vis.height - (insets.bottom + marginPx) * u;
  const eps = 1e-6;
  return targets.every((t) => t.x >= x0 - eps && t.y >= y0 - eps && t.x + t.width <= x1 + eps && t.y + t.height <= y1 + eps);
}

/** The smallest side of the smallest target, in board units (0 for points). */
function smallestSide(targets: readonly Box[]): number {
  let s = Infinity;
  for (const t of targets) s = Math.min(s, t.width, t.height);
  return Number.isFinite(s) ? s : 0;
}

/** The view for a step: all its targets inside the uncovered part of the frame, zoomed in just
 * enough that the smallest comes out `minPx` across, or, where that would cut some off, as far
 * as still shows them all. At least the whole board's zoom, never past `maxZoom`. The view now
 * is kept when it already does the job (the player's own pan and zoom are not undone). */
export function fitTargets(r: FitRequest): View {
  const { box, frame, targets, maxZoom } = r;
  const insets = r.insets ?? NO_INSETS;
  // A pixel over the floor: a target fitted at exactly 32 px measures 31.99 after rounding.
  const minPx = r.minPx ?? TARGET_PX + 1;
  const all = union(targets);
  if (!all) return r.current ? clampView(r.current, box, frame, maxZoom, insets) : fit(box);
  const u1 = unitsPerPx(box, frame, 1);
  const smallest = smallestSide(targets);
  // The zoom that draws the smallest target minPx across (1 when it is that large already).
  const wanted = smallest > 0 ? Math.max(1, (minPx * u1) / smallest) : maxZoom;
  const usableW = Math.max(1, frame.width - insets.left - insets.right);
  const usableH = Math.max(1, frame.height - insets.top - insets.bottom);
  // A margin only where the usable part has room for it beside the targets.
  const margin = Math.min(r.marginPx ?? FIT_MARGIN_PX, usableW / 4, usableH / 4);
  const fitsX = all.width > 0 ? (u1 * (usableW - 2 * margin)) / all.width : maxZoom;
  const fitsY = all.height > 0 ? (u1 * (usableH - 2 * margin)) / all.height : maxZoom;
  const most = Math.max(1, Math.min(maxZoom, fitsX, fitsY));
  const scale = Math.min(wanted, most);
  if (r.current) {
    const current = clampView(r.current, box, frame, maxZoom, insets);
    if (current.scale >= scale - 1e-9 && showsAll(current, box, frame, targets, insets)) return current;
  }
  const u = u1 / scale;
  // The targets' centre at the centre of the usable part (off the frame's centre by the insets).
  const cx = all.x + all.width / 2 - ((insets.left - insets.right) / 2) * u;
  const cy = all.y + all.height / 2 - ((insets.top - insets.bottom) / 2) * u;
  return clampView({ scale, cx, cy }, box, frame, maxZoom, insets);
}
