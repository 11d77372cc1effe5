/** A ring round something that changed since the player last looked (`ui.marks`: the events
 * since their own last move, or the log line they tapped). Drawn over the board, in the acting
 * player's colour with its symbol's number, and never in the way of a tap. */

import { seatStyle } from "./pieces";

export interface MarkProps {
  x: number;
  y: number;
  /** Radius in board units: a little larger than what it rings. */
  r: number;
  /** The seat that acted (its colour); none: the accent. */
  seat?: number | null;
  /** The event's place in the list ("1", "2"…), drawn on the ring. */
  n?: number;
  /** Read by screen readers ("Anna placed a tile here"); without it the ring is decoration. */
  label?: string;
}

export function Mark({ x, y, r, seat, n, label }: MarkProps) {
  const colour = seat != null ? seatStyle(seat).colour : "#b5442c";
  const w = Math.max(0.8, r * 0.16);
  const badge = Math.max(2.2, r * 0.32);
  const bx = x + r * 0.72;
  const by = y - r * 0.72;
  return (
    <g class="mark" {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" })}>
      <circle class="mark-halo" cx={x} cy={y} r={r} fill="none" stroke="#fff" stroke-width={w * 2.2} />
      <circle class="mark-ring" cx={x} cy={y} r={r} fill="none" stroke={colour} stroke-width={w} />
      {n != null && (
        <g class="mark-n">
          <circle cx={bx} cy={by} r={badge} fill={colour} stroke="#fff" stroke-width={w * 0.6} />
          <text x={bx} y={by} text-anchor="middle" dominant-baseline="central" font-size={badge * 1.3} font-weight="700" fill="#fff">
            {n}
          </text>
        </g>
      )}
    </g>
  );
}
