/** Hexagon geometry in axial coordinates (q, r), as in https://www.redblobgames.com/grids/hexagons/:
 * pixel positions, corners, neighbours, offset-coordinate conversion, and the viewBox that
 * frames a set of hexes. Pure functions, no DOM. */

export type Orientation = "pointy" | "flat";

export interface Point {
  x: number;
  y: number;
}

export interface Axial {
  q: number;
  r: number;
}

const SQRT3 = Math.sqrt(3);

/** Centre of hex (q, r) for hexes of `size` (centre to corner). */
export function hexToPixel({ q, r }: Axial, size: number, orientation: Orientation = "pointy"): Point {
  if (orientation === "pointy") return { x: size * SQRT3 * (q + r / 2), y: size * 1.5 * r };
  return { x: size * 1.5 * q, y: size * SQRT3 * (r + q / 2) };
}

/** The hex under pixel (x, y), rounded to the nearest whole hex. */
export function pixelToHex({ x, y }: Point, size: number, orientation: Orientation = "pointy"): Axial {
  let q: number;
  let r: number;
  if (orientation === "pointy") {
    q = ((SQRT3 / 3) * x - (1 / 3) * y) / size;
    r = ((2 / 3) * y) / size;
  } else {
    q = ((2 / 3) * x) / size;
    r = ((-1 / 3) * x + (SQRT3 / 3) * y) / size;
  }
  return roundHex(q, r);
}

export function roundHex(q: number, r: number): Axial {
  const s = -q - r;
  let rq = Math.round(q);
  let rr = Math.round(r);
  const rs = Math.round(s);
  const dq = Math.abs(rq - q);
  const dr = Math.abs(rr - r);
  const ds = Math.abs(rs - s);
  if (dq > dr && dq > ds) rq = -rr - rs;
  else if (dr > ds) rr = -rq - rs;
  return { q: rq + 0, r: rr + 0 }; // + 0 turns -0 into 0
}

/** The six corners of a hex centred on `c`. */
export function hexCorners(c: Point, size: number, orientation: Orientation = "pointy"): Point[] {
  const start = orientation === "pointy" ? -90 : 0;
  return Array.from({ length: 6 }, (_, i) => {
    const a = ((start + 60 * i) * Math.PI) / 180;
    return { x: c.x + size * Math.cos(a), y: c.y + size * Math.sin(a) };
  });
}

/** An SVG `points` attribute for a hex polygon. */
export function hexPoints(c: Point, size: number, orientation: Orientation = "pointy"): string {
  return hexCorners(c, size, orientation)
    .map((p) => `${round(p.x)},${round(p.y)}`)
    .join(" ");
}

export const AXIAL_DIRECTIONS: readonly Axial[] = [
  { q: 1, r: 0 },
  { q: 1, r: -1 },
  { q: 0, r: -1 },
  { q: -1, r: 0 },
  { q: -1, r: 1 },
  { q: 0, r: 1 },
];

export function neighbours({ q, r }: Axial): Axial[] {
  return AXIAL_DIRECTIONS.map((d) => ({ q: q + d.q, r: r + d.r }));
}

export function hexDistance(a: Axial, b: Axial): number {
  return (Math.abs(a.q - b.q) + Math.abs(a.q + a.r - b.q - b.r) + Math.abs(a.r - b.r)) / 2;
}

/** Offset coordinates (col, row) of "odd-r" (pointy, odd rows shoved right) to axial. */
export function oddRToAxial(col: number, row: number): Axial {
  return { q: col - (row - (row & 1)) / 2, r: row };
}

/** Offset coordinates (col, row) of "even-q" (flat, even columns shoved down) to axial. */
export function evenQToAxial(col: number, row: number): Axial {
  return { q: col, r: row - (col + (col & 1)) / 2 };
}

export function axialKey({ q, r }: Axial): string {
  return `${q},${r}`;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The box around `points` with `margin` on every side. */
export function bounds(points: readonly Point[], margin = 0): Box {
  if (points.length === 0) return { x: 0, y: 0, width: 1, height: 1 };
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of points) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x);
    y1 = Math.max(y1, p.y);
  }
  return { x: x0 - margin, y: y0 - margin, width: x1 - x0 + 2 * margin, height: y1 - y0 + 2 * margin };
}

/** The box framing whole hexes (corners included) at `size`. */
export function hexBounds(
  hexes: readonly Axial[],
  size: number,
  orientation: Orientation = "pointy",
  margin = size * 0.25,
): Box {
  const corners = hexes.flatMap((h) => hexCorners(hexToPixel(h, size, orientation), size, orientation));
  return bounds(corners, margin);
}

export function viewBoxOf(box: Box): string {
  return `${round(box.x)} ${round(box.y)} ${round(box.width)} ${round(box.height)}`;
}

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}
