/** Square-grid geometry (Drunter und Drüber's town, Yspahan's souks): cells, sides, bounds. */

import type { Box, Point } from "./hex";

export type Side = "N" | "E" | "S" | "W";

export const SIDES: readonly Side[] = ["N", "E", "S", "W"];

export const STEP: Record<Side, { dx: number; dy: number }> = {
  N: { dx: 0, dy: -1 },
  E: { dx: 1, dy: 0 },
  S: { dx: 0, dy: 1 },
  W: { dx: -1, dy: 0 },
};

/** Top-left corner of cell (x, y) of `size`, with `gap` between cells. */
export function cellOrigin(x: number, y: number, size: number, gap = 0): Point {
  return { x: x * (size + gap), y: y * (size + gap) };
}

export function cellCenter(x: number, y: number, size: number, gap = 0): Point {
  const o = cellOrigin(x, y, size, gap);
  return { x: o.x + size / 2, y: o.y + size / 2 };
}

/** The cell `n` steps from (x, y) towards `side`. */
export function stepFrom(x: number, y: number, side: Side, n = 1): [number, number] {
  return [x + STEP[side].dx * n, y + STEP[side].dy * n];
}

/** The cells a straight piece of `length` covers, starting next to (x, y) towards `side`. */
export function run(x: number, y: number, side: Side, length: number): [number, number][] {
  return Array.from({ length }, (_, i) => stepFrom(x, y, side, i + 1));
}

/** The box of a `width` × `height` grid. */
export function gridBounds(width: number, height: number, size: number, gap = 0, margin = 0): Box {
  return {
    x: -margin,
    y: -margin,
    width: width * size + (width - 1) * gap + 2 * margin,
    height: height * size + (height - 1) * gap + 2 * margin,
  };
}

/** The cell under pixel `p`, or null in a gap or outside. */
export function cellAt(p: Point, size: number, gap = 0): [number, number] | null {
  const pitch = size + gap;
  const x = Math.floor(p.x / pitch);
  const y = Math.floor(p.y / pitch);
  if (p.x - x * pitch > size || p.y - y * pitch > size || x < 0 || y < 0) return null;
  return [x, y];
}
