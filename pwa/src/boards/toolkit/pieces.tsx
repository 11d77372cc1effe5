/** Player colours and symbols, and the glyphs that draw them. Every seat has a colour from the
 * Okabe-Ito palette (told apart by people with the common colour-vision deficiencies) and a
 * symbol as well, so a piece is recognisable without its colour. */

import type { ComponentChild } from "preact";

export type SymbolName = "circle" | "square" | "triangle" | "diamond" | "star" | "cross";

export interface Seat {
  colour: string;
  ink: string;
  symbol: SymbolName;
  /** The colour's name, for screen readers and legends. */
  name: { en: string; cs: string };
}

export const SEATS: readonly Seat[] = [
  { colour: "#0072B2", ink: "#004f7c", symbol: "circle", name: { en: "blue", cs: "modrý" } },
  { colour: "#D55E00", ink: "#8f3f00", symbol: "square", name: { en: "vermilion", cs: "rumělkový" } },
  { colour: "#009E73", ink: "#006b4e", symbol: "triangle", name: { en: "green", cs: "zelený" } },
  { colour: "#E69F00", ink: "#8a5f00", symbol: "diamond", name: { en: "orange", cs: "oranžový" } },
  { colour: "#CC79A7", ink: "#8c4a70", symbol: "star", name: { en: "pink", cs: "růžový" } },
  { colour: "#56B4E9", ink: "#1f6f9c", symbol: "cross", name: { en: "sky blue", cs: "blankytný" } },
];

export function seatStyle(seat: number): Seat {
  return SEATS[((seat % SEATS.length) + SEATS.length) % SEATS.length]!;
}

/** The path of `symbol` centred on (0, 0) within radius `r`. */
export function symbolPath(symbol: SymbolName, r: number): string {
  const p = (n: number) => Math.round(n * 100) / 100;
  switch (symbol) {
    case "circle":
      return `M ${p(-r)} 0 A ${p(r)} ${p(r)} 0 1 0 ${p(r)} 0 A ${p(r)} ${p(r)} 0 1 0 ${p(-r)} 0 Z`;
    case "square": {
      const s = r * 0.85;
      return `M ${p(-s)} ${p(-s)} H ${p(s)} V ${p(s)} H ${p(-s)} Z`;
    }
    case "triangle":
      return `M 0 ${p(-r)} L ${p(r * 0.95)} ${p(r * 0.75)} L ${p(-r * 0.95)} ${p(r * 0.75)} Z`;
    case "diamond":
      return `M 0 ${p(-r)} L ${p(r)} 0 L 0 ${p(r)} L ${p(-r)} 0 Z`;
    case "star": {
      const pts: string[] = [];
      for (let i = 0; i < 10; i++) {
        const rad = i % 2 === 0 ? r : r * 0.45;
        const a = (Math.PI / 5) * i - Math.PI / 2;
        pts.push(`${p(rad * Math.cos(a))} ${p(rad * Math.sin(a))}`);
      }
      return `M ${pts.join(" L ")} Z`;
    }
    case "cross": {
      const a = r * 0.38;
      return `M ${p(-a)} ${p(-r)} H ${p(a)} V ${p(-a)} H ${p(r)} V ${p(a)} H ${p(a)} V ${p(r)} H ${p(-a)} V ${p(a)} H ${p(-r)} V ${p(-a)} H ${p(-a)} Z`;
    }
  }
}

export interface GlyphProps {
  seat: number;
  x: number;
  y: number;
  /** Radius of the token. */
  r: number;
  /** Accessible name (e.g. "Anna's samurai"); omitted: decorative. */
  label?: string;
  /** Drawn inside the token instead of the player's symbol (a number, a letter). */
  text?: string;
  class?: string;
}

/** A player's token: a disc in the player's colour with the player's symbol on it in white. */
export function PlayerToken(props: GlyphProps): ComponentChild {
  const s = seatStyle(props.seat);
  const cls = `token${props.class ? ` ${props.class}` : ""}`;
  return (
    <g
      class={cls}
      transform={`translate(${props.x} ${props.y})`}
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : "true"}
    >
      <circle r={props.r} fill={s.colour} stroke={s.ink} stroke-width={props.r * 0.12} />
      {props.text !== undefined ? (
        <text
          y={props.r * 0.36}
          text-anchor="middle"
          font-size={props.r * 1.05}
          font-weight="700"
          fill="#fff"
        >
          {props.text}
        </text>
      ) : (
        <path d={symbolPath(s.symbol, props.r * 0.55)} fill="#fff" />
      )}
    </g>
  );
}

/** A player's symbol alone in the player's colour (for markers on tiles, score tracks). */
export function PlayerMark(props: GlyphProps): ComponentChild {
  const s = seatStyle(props.seat);
  return (
    <path
      class={props.class}
      transform={`translate(${props.x} ${props.y})`}
      d={symbolPath(s.symbol, props.r)}
      fill={s.colour}
      stroke="#fff"
      stroke-width={props.r * 0.18}
      aria-hidden="true"
    />
  );
}

/** The player's badge in HTML text: their symbol in their colour, then their name. */
export function PlayerBadge(props: { seat: number; name: string; active?: boolean }): ComponentChild {
  const s = seatStyle(props.seat);
  return (
    <span class={`badge${props.active ? " badge-active" : ""}`}>
      <svg class="badge-glyph" viewBox="-10 -10 20 20" width="18" height="18" aria-hidden="true">
        <circle r="9.5" fill={s.colour} />
        <path d={symbolPath(s.symbol, 5.5)} fill="#fff" />
      </svg>
      <span class="badge-name">{props.name}</span>
    </span>
  );
}
