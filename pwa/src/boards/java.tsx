/** Java: the island and its three-dimensional landscape (level numbers and shading per height,
 * cliffs where the land drops), rice and villages, palaces with their value, lakes, and the
 * developers in their player's colour and symbol. The player picks what to do in a tray (a tile
 * kind, water, a developer, a palace), then sees only the spaces the legal commands allow: the
 * village space of a tile, then its rotation with a preview of level and cost; a developer, then
 * where it may go with the cost of the way (the engine's `walks`); a village, then the palace's
 * value. The tray, the step's buttons, the cards to take, the token and the player's festival
 * cards are the private area (the dock on a phone); the end of the turn and the festival are
 * the shell's buttons. Spaces, tiles and cards are named as the log names them (the glossary),
 * never by their internal pairs; the events of `ui.marks` are ringed where they happened. */

import type { ComponentChild } from "preact";
import type { Command, Json, MatchEvent } from "../types";
import "./java.css";
import { PickButton } from "./toolkit/choice";
import { hexPoints, type Box, type Point } from "./toolkit/hex";
import { Mark } from "./toolkit/mark";
import { PanZoom } from "./toolkit/panzoom";
import { PlayerToken, seatStyle } from "./toolkit/pieces";
import { valuesOf, type Step } from "./toolkit/picker";
import { targetProps } from "./toolkit/targets";
import { describeCommand } from "./toolkit/words";
import type { BoardUi } from "./types";
import { viewOf, type ViewParts } from "./view";
import type { GameViews } from "../api/views";

// --------------------------------------------------------------------------- the view (games/java/view.schema.json)

export type JavaCell = ViewParts["JavaCell"];
export type JavaPlayer = ViewParts["JavaPlayer"];
export type Walks = ViewParts["JavaWalks"];
export type JavaView = GameViews["java"];

const asView = (v: Json): JavaView | null => viewOf("java", v, "cells");

// --------------------------------------------------------------------------- steps

/** "q,r" of a [q, r] pair. */
export function ck(v: Json | undefined): string {
  return Array.isArray(v) && v.length === 2 ? `${v[0] as number},${v[1] as number}` : "";
}

const cellsOf = (v: Json | undefined): Json[] => (Array.isArray(v) ? v : []);

/** What the tray calls a command: a tile kind, water, a developer, a palace, or its own type. */
export function modeOf(c: Command): string {
  switch (c.type) {
    case "lay_land":
      return `tile:${String(c.tile)}`;
    case "lay_water":
      return "water";
    case "enter_figure":
    case "move_figure":
    case "remove_figure":
      return "figure";
    case "build_palace":
    case "enlarge_palace":
      return "palace";
    default:
      return c.type;
  }
}

/** The space a tile is anchored by: its village space, or the rice space of a rice tile. */
export function anchorOf(c: Command): string {
  const v = cellsOf(c.village);
  return ck(v.length ? v[0] : cellsOf(c.rice)[0]);
}

/** All spaces of a tile, as one key (its rotation, given the anchor). */
export function shapeOf(c: Command): string {
  return [...cellsOf(c.rice), ...cellsOf(c.village)].map(ck).sort().join(" ");
}

const MODE: Step = { key: "mode", get: (c) => modeOf(c) };
const TILE_STEPS: Step[] = [MODE, { key: "at", get: anchorOf }, { key: "shape", get: shapeOf }];
const WATER_STEPS: Step[] = [MODE, { key: "at", get: (c) => ck(c.cell) }];
const FIGURE_STEPS: Step[] = [
  MODE,
  { key: "from", get: (c) => (c.type === "enter_figure" ? "supply" : ck(c.from)) },
  { key: "to", get: (c) => (c.type === "remove_figure" ? "off" : ck(c.to)) },
];
const PALACE_STEPS: Step[] = [MODE, { key: "at", get: (c) => ck(c.cell) }, { key: "value" }];

export function stepsFor(mode: string | undefined): Step[] {
  if (!mode) return [MODE];
  if (mode.startsWith("tile:")) return TILE_STEPS;
  if (mode === "water") return WATER_STEPS;
  if (mode === "figure") return FIGURE_STEPS;
  if (mode === "palace") return PALACE_STEPS;
  return [MODE];
}

/** Commands the shell offers as buttons (beside undo, in the dock on a phone). */
const BUTTON_TYPES = new Set(["end_turn", "hold_festival"]);
/** Commands offered as small buttons beside the tray (the cards and the token). */
const SIDE_TYPES = new Set(["use_token", "take_card"]);
/** The auction's moves: buttons in the festival's panel, right above the board. */
const BID_TYPES = new Set(["bid_card", "finish_bid", "pass_bid"]);

/** The modes of the tray, in order. */
export const TRAY = ["tile:three", "tile:two", "tile:rice", "tile:village", "water", "figure", "palace"] as const;

// --------------------------------------------------------------------------- geometry

const SIZE = 10;
/** A target's reach, in board units: its box is this circle's, larger than the space it lights
 * (a finger's 32 px where the whole island is in view on a phone). It takes no tap itself: a tap
 * on a space goes to that space; a tap beside the lit spaces to the nearest whose box covers it
 * (toolkit/reach.ts). */
const REACH = 18;
/** How far the view must close in on the whole island (on a 360 px phone) before a space is
 * drawn 32 px across: about 0.93 px per unit there, a space 17.3 units across. */
const ZOOM_FOR_32PX = 2.2;
const SQRT3 = Math.sqrt(3);

/** Where a cell is drawn: pointy rows as the data has them (wide), or turned a quarter clockwise
 * (tall, flat-topped columns) so that a phone shows the long island down the screen. */
export function place(q: number, r: number, tall: boolean): Point {
  const x = SIZE * SQRT3 * (q + r / 2);
  const y = SIZE * 1.5 * r;
  return tall ? { x: -y, y: x } : { x, y };
}

/** How the island lies: wide (its rows across) on every device, for the match's whole life.
 * On a phone the board's frame above the dock is wider than tall, so the island turned a
 * quarter (the earlier phone drawing) showed it at two thirds of the size (issue 38). */
export function isTall(_ui: Pick<BoardUi, "layout">): boolean {
  return false;
}

const RICE = ["#d4ebb0", "#b4db86", "#92c760", "#72ad45", "#568f31", "#3f7324"];
const VILLAGE = ["#f4dcae", "#e9c487", "#dcaa62", "#c98f45", "#ad7332", "#8d5a25"];

export function landFill(top: string, height: number): string {
  const i = Math.max(0, Math.min(5, height - 1));
  if (top === "rice") return RICE[i]!;
  if (top === "village" || top === "palace") return VILLAGE[i]!;
  if (top === "water") return "#5fa8d3";
  return "#ece4d2";
}

const ink = (height: number) => (height >= 4 ? "#fff" : "#1f2a30");

/** The level a tile would lie at and what it would cost (1 AP, +1 per space over the grid on
 * the ground): read off the view, for the preview only; whether it may lie there is `legal`'s. */
export function tilePreview(view: JavaView, c: Command): { level: number; cost: number } {
  const at = indexOf(view);
  let level = 0;
  let cost = 1;
  for (const p of [...cellsOf(c.rice), ...cellsOf(c.village)]) {
    const cell = view.cells[at.get(ck(p)) ?? -1];
    const h = cell?.height ?? 0;
    level = Math.max(level, h + 1);
    if (cell && !cell.inside && h === 0) cost += 1;
  }
  return { level, cost };
}

/** What a developer's move costs, from the engine's `walks` (null when unknown). */
export function moveCost(view: JavaView, c: Command): number | null {
  const w = view.walks;
  if (!w) return null;
  if (c.type === "remove_figure") return w.figures.find((f) => ck(f.cell) === ck(c.from))?.exit ?? null;
  const i = indexOf(view).get(ck(c.to));
  const area = i === undefined ? -1 : (w.area[i] ?? -1);
  if (area < 0) return null;
  if (c.type === "enter_figure") return w.enter[area] ?? null;
  const fig = w.figures.find((f) => ck(f.cell) === ck(c.from));
  return fig?.costs[area] ?? null;
}

const indexCache = new WeakMap<JavaCell[], Map<string, number>>();
function indexOf(view: JavaView): Map<string, number> {
  let m = indexCache.get(view.cells);
  if (!m) {
    m = new Map(view.cells.map((c, i) => [`${c.q},${c.r}`, i]));
    indexCache.set(view.cells, m);
  }
  return m;
}

/** The placements of the chosen tile kind at the chosen anchor, every rotation. */
export function atAnchor(legal: readonly Command[], mode: string, anchor: string): Command[] {
  return legal.filter((c) => c.type === "lay_land" && modeOf(c) === mode && anchorOf(c) === anchor);
}

/** A developer's moves (or a new one's, from "supply"), whatever destination is chosen. */
export function movesOf(legal: readonly Command[], from: string): Command[] {
  return legal.filter((c) => modeOf(c) === "figure" && FIGURE_STEPS[1]!.get!(c) === from);
}

/** The rotations of a tile around its anchor, clockwise on screen. */
export function rotations(cmds: readonly Command[], anchor: string, tall: boolean): string[] {
  const [aq, ar] = anchor.split(",").map(Number) as [number, number];
  const a = place(aq, ar, tall);
  const shapes = [...new Set(cmds.map(shapeOf))];
  const angle = (shape: string) => {
    let x = 0;
    let y = 0;
    for (const k of shape.split(" ")) {
      const [q, r] = k.split(",").map(Number) as [number, number];
      const p = place(q, r, tall);
      x += p.x - a.x;
      y += p.y - a.y;
    }
    return Math.atan2(y, x);
  };
  return shapes.sort((s, t) => angle(s) - angle(t));
}

// --------------------------------------------------------------------------- words

/** A festival card by its symbols' letters: "A+B". */
export function cardWords(name: string): string {
  return name
    .split("+")
    .map((s) => s.replace(/^symbol_/, ""))
    .join("+");
}

/** A name from the game's glossary (`games/java/words.py`), in the player's language. */
function gloss(ui: BoardUi, category: string, key: string): string | null {
  const w = ui.game?.glossary?.[category]?.[key];
  if (!w) return null;
  return ui.lang === "cs" ? w.cs : w.en;
}

/** A space as the log names it: "the 5th space of row 3" / "5. pole ve 3. řadě". Never its
 * internal pair: a space the glossary does not know is "a space". */
export function placeName(ui: BoardUi, key: string): string {
  return gloss(ui, "places", key) ?? ui.tr("a space", "pole");
}

/** A tile kind as the log names it ("three-space land tile"). */
export function tileName(ui: BoardUi, kind: string): string {
  return (
    gloss(ui, "tiles", kind) ??
    ({
      three: ui.tr("three-space land tile", "trojdílné území"),
      two: ui.tr("two-space land tile", "dvojdílné území"),
      rice: ui.tr("one-space rice tile", "jednodílné rýžové území"),
      village: ui.tr("one-space village tile", "jednodílné vesnické území"),
      water: ui.tr("water tile", "vodní nádrž"),
    }[kind] ??
      ui.tr("land tile", "území"))
  );
}

const ap = (ui: BoardUi, n: number) => `${n} ${ui.tr("AP", "AB")}`;

/** The confirm bar's words: the move, where (as the log names the space) and what it costs. */
export function describe(c: Command, view: Json, ui: BoardUi): string {
  const v = asView(view);
  if (!v) return describeCommand(c);
  switch (c.type) {
    case "lay_land": {
      const { level, cost } = tilePreview(v, c);
      const village = cellsOf(c.village);
      const where = placeName(ui, ck(village.length ? village[0] : cellsOf(c.rice)[0]));
      const what = village.length ? ui.tr("village on", "vesnice:") : ui.tr("rice on", "rýže:");
      return ui.tr(
        `Lay a ${tileName(ui, String(c.tile))} at level ${level}, ${what} ${where} — ${ap(ui, cost)}`,
        `Položit ${tileName(ui, String(c.tile))} do ${level}. patra, ${what} ${where} — ${ap(ui, cost)}`,
      );
    }
    case "lay_water":
      return ui.tr(`Lay water on ${placeName(ui, ck(c.cell))} — 1 AP`, `Položit vodu: ${placeName(ui, ck(c.cell))} — 1 AB`);
    case "enter_figure": {
      const cost = moveCost(v, c);
      return ui.tr(`Bring a developer onto ${placeName(ui, ck(c.to))}`, `Nasadit figurku: ${placeName(ui, ck(c.to))}`) + (cost === null ? "" : ` — ${ap(ui, cost)}`);
    }
    case "move_figure": {
      const cost = moveCost(v, c);
      return (
        ui.tr(`Move the developer from ${placeName(ui, ck(c.from))} to ${placeName(ui, ck(c.to))}`, `Přesunout figurku: ${placeName(ui, ck(c.from))} → ${placeName(ui, ck(c.to))}`) +
        (cost === null ? "" : ` — ${ap(ui, cost)}`)
      );
    }
    case "remove_figure": {
      const cost = moveCost(v, c);
      return ui.tr(`Take the developer on ${placeName(ui, ck(c.from))} off the island`, `Stáhnout figurku z ostrova: ${placeName(ui, ck(c.from))}`) + (cost === null ? "" : ` — ${ap(ui, cost)}`);
    }
    case "build_palace":
      return ui.tr(`Build a palace of value ${String(c.value)} on ${placeName(ui, ck(c.cell))} — 1 AP`, `Postavit palác s hodnotou ${String(c.value)}: ${placeName(ui, ck(c.cell))} — 1 AB`);
    case "enlarge_palace":
      return ui.tr(`Enlarge the palace on ${placeName(ui, ck(c.cell))} to ${String(c.value)} — 1 AP`, `Rozšířit palác na hodnotu ${String(c.value)}: ${placeName(ui, ck(c.cell))} — 1 AB`);
    case "take_card":
      return c.source === "open"
        ? ui.tr(`Take the open card ${cardWords(v.open_card ?? "")} — 1 AP`, `Vzít odkrytou kartu ${cardWords(v.open_card ?? "")} — 1 AB`)
        : ui.tr("Take the top card of the deck — 1 AP", "Vzít kartu z balíčku — 1 AB");
    case "use_token":
      return ui.tr("Use an action token (+1 AP)", "Použít akční žeton (+1 AB)");
    case "hold_festival": {
      const cell = v.cells[indexOf(v).get(ck(c.cell)) ?? -1];
      return ui.tr(
        `Hold a festival at the palace ${cell?.palace?.value ?? ""} (${placeName(ui, ck(c.cell))})`,
        `Uspořádat slavnost u paláce ${cell?.palace?.value ?? ""} (${placeName(ui, ck(c.cell))})`,
      );
    }
    case "bid_card":
      return ui.tr(`Lay the card ${cardWords(String(c.card))}`, `Vyložit kartu ${cardWords(String(c.card))}`);
    case "finish_bid":
      return ui.tr("Done laying cards", "Dost karet");
    case "pass_bid":
      return ui.tr("Pass for good", "Pasovat");
    case "end_turn":
      return ui.tr("End turn", "Ukončit tah");
    default:
      return ui.tr("Play", "Hrát");
  }
}

/** The confirm policy (BOARDS.md): one tap for what undo takes back (land with one way to lie,
 * water, developers, palaces, the token); a preview for a tile with rotations to choose (the
 * preview is where it turns), for a card drawn, the festival and its bids (nobody takes those
 * back), and for ending the turn while other moves remain. */
export function needsConfirm(c: Command, _view: Json, legal: Command[]): boolean {
  switch (c.type) {
    case "lay_land": {
      const anchor = anchorOf(c);
      const mode = modeOf(c);
      return new Set(legal.filter((x) => x.type === "lay_land" && modeOf(x) === mode && anchorOf(x) === anchor).map(shapeOf)).size > 1;
    }
    case "lay_water":
    case "enter_figure":
    case "move_figure":
    case "remove_figure":
    case "build_palace":
    case "enlarge_palace":
    case "use_token":
      return false;
    case "end_turn":
      return legal.some((x) => x.type !== "end_turn" && x.type !== "use_token");
    default:
      return true;
  }
}

// --------------------------------------------------------------------------- the board

interface Drawn {
  cell: JavaCell;
  i: number;
  at: Point;
  key: string;
}

interface Marks {
  /** Cell key → accessible label and what a tap does. */
  targets: Map<string, { label: string; pick: () => void; chosen?: boolean; badge?: string; faint?: boolean; quiet?: boolean }>;
  ghost: { cells: { key: string; top: string }[]; level: number } | null;
  ghostFigure: { key: string; seat: number } | null;
  ghostPalace: { key: string; value: number } | null;
  ghostWater: string | null;
  ring: Set<string>;
}

function cellLabel(ui: BoardUi, c: JavaCell): string {
  const top = {
    empty: ui.tr("empty", "prázdné"),
    rice: ui.tr("rice", "rýže"),
    village: ui.tr("village", "vesnice"),
    water: ui.tr("water", "voda"),
    palace: ui.tr("palace", "palác"),
  }[c.top];
  const where = placeName(ui, `${c.q},${c.r}`);
  return c.height > 0 ? `${where}: ${top}, ${ui.tr("level", "patro")} ${c.height}` : `${where}: ${top}`;
}

function Palace({ at, value, festive, ghost }: { at: Point; value: number; festive: boolean; ghost?: boolean }): ComponentChild {
  const w = SIZE * 0.62;
  const h = SIZE * 0.5;
  const x = at.x;
  const y = at.y + SIZE * 0.12;
  const battlements = `M ${x - w} ${y + h / 2} V ${y - h / 2} h ${w / 3} v ${-SIZE * 0.16} h ${w / 3} v ${SIZE * 0.16} h ${w / 3} v ${-SIZE * 0.16} h ${w / 3} v ${SIZE * 0.16} h ${w / 3} v ${-SIZE * 0.16} h ${w / 3} V ${y + h / 2} Z`;
  return (
    <g class={ghost ? "ghost" : undefined} aria-hidden="true">
      <path d={battlements} fill={festive ? "#b5442c" : "#fffdf7"} stroke="#1f2a30" stroke-width={0.7} />
      {value > 0 && (
        <text x={x} y={y + h * 0.38} text-anchor="middle" font-size={SIZE * 0.52} font-weight="700" fill={festive ? "#fff" : "#b5442c"}>
          {value}
        </text>
      )}
    </g>
  );
}

function Board({ view, seat, legal, ui, tall }: { view: JavaView; seat: number | null; legal: Command[]; ui: BoardUi; tall: boolean }): ComponentChild {
  const drawn: Drawn[] = view.cells.map((cell, i) => ({ cell, i, at: place(cell.q, cell.r, tall), key: `${cell.q},${cell.r}` }));
  const byKey = new Map(drawn.map((d) => [d.key, d]));
  const marks = boardMarks(view, seat, legal, ui, tall);
  const orient = tall ? "flat" : "pointy";
  // Frame the island and its ring of overhang spaces, with the reach of a target at the edge.
  const xs = drawn.map((d) => d.at.x);
  const ys = drawn.map((d) => d.at.y);
  const box: Box = {
    x: Math.min(...xs) - REACH,
    y: Math.min(...ys) - REACH,
    width: Math.max(...xs) - Math.min(...xs) + REACH * 2,
    height: Math.max(...ys) - Math.min(...ys) + REACH * 2,
  };
  const festival = view.festival ? ck(view.festival.cell) : null;
  // Cities: the villages with a palace (their roofs drawn solid).
  const city = new Set<string>();
  for (const d of drawn) {
    if (!d.cell.palace || city.has(d.key)) continue;
    const stack = [d];
    city.add(d.key);
    while (stack.length) {
      const x = stack.pop()!;
      for (const [dq, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]] as const) {
        const n = byKey.get(`${x.cell.q + dq},${x.cell.r + dr}`);
        if (n && !city.has(n.key) && (n.cell.top === "village" || n.cell.top === "palace")) {
          city.add(n.key);
          stack.push(n);
        }
      }
    }
  }

  const ground: ComponentChild[] = [];
  const cliffs: ComponentChild[] = [];
  const tops: ComponentChild[] = [];
  for (const d of drawn) {
    const { cell, at } = d;
    const land = cell.height > 0 || cell.top === "water";
    if (!cell.inside && !land) {
      // The ring beyond the grid: where tiles may overhang; mountains cost 2 to cross.
      ground.push(
        <polygon key={d.key} points={hexPoints(at, SIZE * 0.96, orient)} fill={cell.edge === "mountain" ? "#d6cfc2" : "#c9e0b6"} opacity={0.75} />,
      );
      if (cell.edge === "mountain") {
        ground.push(
          <path key={`m${d.key}`} d={`M ${at.x - 3} ${at.y + 2} L ${at.x} ${at.y - 2.5} L ${at.x + 3} ${at.y + 2} Z`} fill="#a89c88" aria-hidden="true" />,
        );
      }
      continue;
    }
    ground.push(
      <polygon
        key={d.key}
        points={hexPoints(at, SIZE, orient)}
        fill={landFill(cell.top, cell.height)}
        stroke={cell.height > 0 ? "rgb(31 42 48 / 25%)" : "#cfc4ad"}
        stroke-width={0.5}
      >
        <title>{cellLabel(ui, cell)}</title>
      </polygon>,
    );
    // Cliffs: a line where this cell stands above its neighbour (or meets another tile).
    if (cell.height > 0) {
      for (const [dq, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]] as const) {
        const n = byKey.get(`${cell.q + dq},${cell.r + dr}`);
        const nh = n ? n.cell.height : 0;
        const other = !n || n.cell.tile !== cell.tile;
        if (nh > cell.height || (!other && nh === cell.height)) continue;
        if (nh === cell.height && n && d.i > n.i) continue; // same level: once per pair
        const np = n ? n.at : place(cell.q + dq, cell.r + dr, tall);
        const th = Math.atan2(np.y - at.y, np.x - at.x);
        const a1 = th - Math.PI / 6;
        const a2 = th + Math.PI / 6;
        const drop = cell.height - nh;
        cliffs.push(
          <line
            key={`c${d.key}:${dq},${dr}`}
            x1={at.x + SIZE * Math.cos(a1)}
            y1={at.y + SIZE * Math.sin(a1)}
            x2={at.x + SIZE * Math.cos(a2)}
            y2={at.y + SIZE * Math.sin(a2)}
            stroke="#2b2418"
            stroke-width={drop > 0 ? 0.8 + 0.55 * Math.min(drop, 4) : 0.8}
            stroke-linecap="round"
          />,
        );
      }
    }
    if (cell.top === "water") {
      tops.push(
        <text key={`w${d.key}`} x={at.x} y={at.y + 3} text-anchor="middle" font-size={SIZE * 0.8} fill="#e8f4fb" aria-hidden="true">
          ≈
        </text>,
      );
    }
    if (cell.height > 0) {
      tops.push(
        <text key={`h${d.key}`} x={at.x} y={at.y - SIZE * 0.4} text-anchor="middle" font-size={SIZE * 0.48} font-weight="700" fill={ink(cell.height)} aria-hidden="true">
          {cell.height}
        </text>,
      );
    }
    if (cell.top === "village") {
      // A small roof: a village space among rice at a glance.
      tops.push(
        <path
          key={`v${d.key}`}
          d={`M ${at.x - 3.2} ${at.y + 4.6} V ${at.y + 2.2} L ${at.x} ${at.y - 0.2} L ${at.x + 3.2} ${at.y + 2.2} V ${at.y + 4.6} Z`}
          fill={city.has(d.key) ? ink(cell.height) : "none"}
          stroke={ink(cell.height)}
          stroke-width={0.6}
          opacity={cell.figure === null ? (city.has(d.key) ? 0.45 : 0.55) : 0}
          aria-hidden="true"
        />,
      );
    }
    if (cell.palace) {
      tops.push(
        <g key={`p${d.key}`}>
          {festival === d.key && <circle cx={at.x} cy={at.y} r={SIZE * 0.9} fill="none" stroke="#b5442c" stroke-width={1.2} stroke-dasharray="2 1.5" />}
          <Palace at={at} value={cell.palace.value} festive={cell.palace.festive} />
        </g>,
      );
    }
    if (cell.figure !== null) {
      tops.push(
        <PlayerToken
          key={`f${d.key}`}
          seat={cell.figure}
          x={at.x}
          y={at.y + SIZE * 0.14}
          r={SIZE * 0.42}
          label={`${seatName(ui, cell.figure)}: ${ui.tr("developer on", "figurka,")} ${cellLabel(ui, cell)}`}
        />,
      );
    }
  }

  // The preview: the tile as it would lie (with its level), the developer, the palace, water.
  const ghost: ComponentChild[] = [];
  if (marks.ghost) {
    for (const g of marks.ghost.cells) {
      const at = byKey.get(g.key)?.at;
      if (!at) continue;
      ghost.push(
        <g key={`g${g.key}`} class="ghost" aria-hidden="true">
          <polygon points={hexPoints(at, SIZE * 0.94, orient)} fill={landFill(g.top, marks.ghost.level)} stroke="#b5442c" stroke-width={1.6} />
          <text x={at.x} y={at.y + SIZE * 0.2} text-anchor="middle" font-size={SIZE * 0.62} font-weight="700" fill={ink(marks.ghost.level)}>
            {marks.ghost.level}
          </text>
        </g>,
      );
    }
  }
  if (marks.ghostWater) {
    const at = byKey.get(marks.ghostWater)?.at;
    if (at) ghost.push(<polygon key="gw" class="ghost" points={hexPoints(at, SIZE * 0.94, orient)} fill="#5fa8d3" stroke="#b5442c" stroke-width={1.6} aria-hidden="true" />);
  }
  if (marks.ghostPalace) {
    const at = byKey.get(marks.ghostPalace.key)?.at;
    if (at) ghost.push(<Palace key="gp" at={at} value={marks.ghostPalace.value} festive={false} ghost />);
  }
  if (marks.ghostFigure) {
    const at = byKey.get(marks.ghostFigure.key)?.at;
    if (at) ghost.push(<PlayerToken key="gf" class="ghost" seat={marks.ghostFigure.seat} x={at.x} y={at.y + SIZE * 0.14} r={SIZE * 0.42} />);
  }

  const targets: ComponentChild[] = [];
  // Targets close together (a tile's turns, a developer's few steps): the view closes in on
  // them and draws the spaces themselves 32 px and more. Spread over the island: each reaches
  // further than its space.
  const reach = targetReach(
    [...marks.targets.keys()].map((k) => byKey.get(k)?.at).filter((p): p is Point => p !== undefined),
    box,
  );
  for (const [key, t] of marks.targets) {
    const at = byKey.get(key)?.at;
    if (!at) continue;
    targets.push(
      <g key={`t${key}`} {...(targetProps({ label: t.label, onPick: t.pick, chosen: t.chosen ?? false, disabled: ui.busy }) as Record<string, unknown>)}>
        {reach > 0 && <circle class="java-reach" cx={at.x} cy={at.y} r={reach} fill="none" stroke="none" pointer-events="none" />}
        <polygon class="java-hit" points={hexPoints(at, SIZE, orient)} fill="transparent" />
        <polygon class={t.quiet ? "hl quiet" : t.faint ? "hl faint" : "hl"} points={hexPoints(at, SIZE * 0.86, orient)} />
        {t.badge !== undefined && (
          <g aria-hidden="true">
            <circle cx={at.x} cy={at.y + SIZE * 0.1} r={SIZE * 0.38} fill="#b5442c" stroke="#fff" stroke-width={0.8} />
            <text x={at.x} y={at.y + SIZE * 0.27} text-anchor="middle" font-size={SIZE * 0.5} font-weight="700" fill="#fff">
              {t.badge}
            </text>
          </g>
        )}
      </g>,
    );
  }

  return (
    <PanZoom
      box={box}
      label={ui.tr("The island of Java", "Ostrov Jáva")}
      labels={{ zoomIn: ui.t("zoom_in"), zoomOut: ui.t("zoom_out"), fit: ui.t("zoom_reset") }}
      class="java-board"
      maxZoom={5}
    >
      <g>{ground}</g>
      <g>{cliffs}</g>
      <g>{tops}</g>
      <g>{ghost}</g>
      <g class="java-marks">{eventRings(ui, (k) => byKey.get(k)?.at)}</g>
      <g>{targets}</g>
    </PanZoom>
  );
}

/** The spaces a log event happened on, read from its data (a tile's spaces, a developer's
 * destination, a palace, a lake, a festival): where `ui.marks` rings it. */
export function eventPlaces(e: MatchEvent): string[] {
  const d = e.data ?? {};
  const keys = (v: Json | undefined) => cellsOf(v).map(ck).filter(Boolean);
  const one = (v: Json | undefined) => (ck(v) ? [ck(v)] : []);
  if (Array.isArray(d.rice) || Array.isArray(d.village)) return [...keys(d.rice), ...keys(d.village)];
  if (Array.isArray(d.cells)) return keys(d.cells);
  if (d.to !== undefined) return one(d.to);
  if (d.from !== undefined) return one(d.from);
  if (d.cell !== undefined) return one(d.cell);
  return [];
}

/** The rings of `ui.marks`: round the spaces of each event, numbered in order. */
function eventRings(ui: BoardUi, at: (key: string) => Point | undefined): ComponentChild[] {
  const out: ComponentChild[] = [];
  ui.marks.forEach((e, i) => {
    const pts = eventPlaces(e)
      .map(at)
      .filter((p): p is Point => p !== undefined);
    if (!pts.length) return;
    const x = pts.reduce((a, p) => a + p.x, 0) / pts.length;
    const y = pts.reduce((a, p) => a + p.y, 0) / pts.length;
    const r = Math.max(...pts.map((p) => Math.hypot(p.x - x, p.y - y))) + SIZE * 1.05;
    const text = e.text ? (ui.lang === "cs" ? e.text.cs : e.text.en) : undefined;
    out.push(<Mark key={`m${e.seq}`} x={x} y={y} r={r} seat={e.actor ?? null} n={ui.marks.length > 1 ? i + 1 : undefined} label={text} />);
  });
  return out;
}

/** How far a step's targets reach beyond their spaces (board units): nothing when the view can
 * close in on them enough (`ZOOM_FOR_32PX` times the whole island) to draw each space 32 px
 * across; else `REACH`, so that each is a finger's size with the whole island in view. */
export function targetReach(points: readonly Point[], box: Box): number {
  if (!points.length) return 0;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const w = Math.max(...xs) - Math.min(...xs) + SIZE * 2.5;
  const h = Math.max(...ys) - Math.min(...ys) + SIZE * 2.5;
  return Math.min(box.width / w, box.height / h) >= ZOOM_FOR_32PX ? 0 : REACH;
}

/** What the board highlights and previews for the choices so far. */
export function boardMarks(view: JavaView, seat: number | null, legal: Command[], ui: BoardUi, tall: boolean): Marks {
  const marks: Marks = { targets: new Map(), ghost: null, ghostFigure: null, ghostPalace: null, ghostWater: null, ring: new Set() };
  const preview = ui.preview;
  if (preview) previewMarks(view, seat, preview, marks);
  if (!ui.interactive || legal.length === 0 || view.phase !== "turn") return marks;
  const picker = ui.picker;
  const mode = picker.get("mode") as string | undefined;
  const steps = stepsFor(mode);
  const act = () => advance(view, legal, ui, tall);
  if (!mode) {
    // Nothing chosen: the developers that may move can be tapped at once.
    const moves = legal.filter((c) => c.type === "move_figure" || c.type === "remove_figure");
    for (const from of new Set(moves.map((c) => ck(c.from)))) {
      marks.targets.set(from, {
        label: ui.tr(`Your developer on ${placeName(ui, from)}`, `Vaše figurka: ${placeName(ui, from)}`),
        pick: () => {
          picker.set("mode", "figure", FIGURE_STEPS);
          picker.set("from", from, FIGURE_STEPS);
          act();
        },
      });
    }
    return marks;
  }
  const remaining = picker.remaining(legal, steps);
  if (mode.startsWith("tile:")) {
    const at = picker.get("at") as string | undefined;
    const kind = mode.slice(5);
    if (!at) {
      for (const a of valuesOf(remaining, TILE_STEPS[1]!) as string[]) {
        marks.targets.set(a, {
          label: kind === "rice" ? ui.tr(`Rice on ${placeName(ui, a)}`, `Rýže: ${placeName(ui, a)}`) : ui.tr(`Village on ${placeName(ui, a)}`, `Vesnice: ${placeName(ui, a)}`),
          pick: () => {
            picker.set("at", a, TILE_STEPS);
            act();
          },
        });
      }
    } else {
      const shapes = rotations(atAnchor(legal, mode, at), at, tall);
      const shape = picker.get("shape") as string | undefined;
      marks.targets.set(at, {
        label: ui.tr(`Choose another space (now ${placeName(ui, at)})`, `Vybrat jiné pole (teď ${placeName(ui, at)})`),
        chosen: true,
        faint: true,
        pick: () => {
          picker.unset("at");
          picker.unset("shape");
          ui.cancel();
        },
      });
      // Tapping a space of another rotation turns the tile there (not a space only the tile
      // as it lies covers: the tap would leave it as it is, a dead tap).
      for (const s of shapes) {
        for (const k of s.split(" ")) {
          if (k === at || marks.targets.has(k)) continue;
          const options = shapes.filter((x) => x.split(" ").includes(k));
          if (options.length === 1 && options[0] === shape) continue;
          marks.targets.set(k, {
            label: ui.tr(`Turn the tile towards ${placeName(ui, k)}`, `Otočit díl: ${placeName(ui, k)}`),
            faint: true,
            pick: () => {
              const i = shape ? options.indexOf(shape) : -1;
              picker.set("shape", options[(i + 1) % options.length]!, TILE_STEPS);
              act();
            },
          });
        }
      }
      // Tapping another space where the tile may go moves it there. Not on a phone: there the
      // view closes in on the tile and its turns (32 px and more), and a tap on the chosen space
      // (or Start over) picks another.
      const elsewhere = ui.layout?.phone ? [] : valuesOf(legal.filter((c) => modeOf(c) === mode), TILE_STEPS[1]!);
      for (const a of elsewhere as string[]) {
        if (marks.targets.has(a)) continue;
        marks.targets.set(a, {
          label: kind === "rice" ? ui.tr(`Rice on ${placeName(ui, a)}`, `Rýže: ${placeName(ui, a)}`) : ui.tr(`Village on ${placeName(ui, a)}`, `Vesnice: ${placeName(ui, a)}`),
          quiet: true,
          pick: () => {
            picker.set("at", a, TILE_STEPS);
            act();
          },
        });
      }
    }
  } else if (mode === "water") {
    for (const a of valuesOf(remaining, WATER_STEPS[1]!) as string[]) {
      // The space whose water waits for Confirm, tapped again, takes it back (a dead tap else).
      const chosen = preview?.type === "lay_water" && ck(preview.cell) === a;
      marks.targets.set(a, {
        label: ui.tr(`Water on ${placeName(ui, a)}`, `Voda: ${placeName(ui, a)}`),
        chosen,
        pick: chosen
          ? () => {
              picker.unset("at");
              ui.cancel();
            }
          : () => {
              picker.set("at", a, WATER_STEPS);
              act();
            },
      });
    }
  } else if (mode === "figure") {
    const from = developerFrom(picker, remaining);
    if (!from) {
      for (const f of valuesOf(remaining, FIGURE_STEPS[1]!) as string[]) {
        if (f === "supply") continue;
        marks.targets.set(f, {
          label: ui.tr(`Your developer on ${placeName(ui, f)}`, `Vaše figurka: ${placeName(ui, f)}`),
          pick: () => {
            picker.set("from", f, FIGURE_STEPS);
            act();
          },
        });
      }
    } else {
      // Another developer only when there is one to choose: with a single one, the step was
      // taken by itself and a tap there would change nothing (a dead tap).
      const choices = valuesOf(legal.filter((c) => modeOf(c) === mode), FIGURE_STEPS[1]!);
      if (from !== "supply" && choices.length > 1) {
        marks.targets.set(from, {
          label: ui.tr(`Choose another developer (now ${placeName(ui, from)})`, `Vybrat jinou figurku (teď ${placeName(ui, from)})`),
          chosen: true,
          pick: () => {
            picker.unset("from");
            picker.unset("to");
            ui.cancel();
          },
        });
      }
      for (const c of movesOf(legal, from)) {
        if (c.type === "remove_figure") continue;
        const to = ck(c.to);
        const cost = moveCost(view, c);
        const chosen = picker.get("to") === to;
        marks.targets.set(to, {
          label: ui.tr(`Move to ${placeName(ui, to)}`, `Táhnout: ${placeName(ui, to)}`) + (cost === null ? "" : ` (${ap(ui, cost)})`),
          badge: cost === null ? undefined : String(cost),
          chosen,
          // The chosen destination tapped again takes the choice back (choosing it again
          // would change nothing: a dead tap).
          pick: chosen
            ? () => {
                picker.unset("to");
                ui.cancel();
              }
            : () => {
                picker.set("to", to, FIGURE_STEPS);
                act();
              },
        });
      }
    }
  } else if (mode === "palace") {
    const at = picker.get("at") as string | undefined;
    const spots = new Set(legal.filter((c) => modeOf(c) === "palace").map((c) => ck(c.cell)));
    for (const a of spots) {
      // The chosen space tapped again takes the choice back, as a tile's does (choosing it
      // again would change nothing: a dead tap).
      marks.targets.set(
        a,
        at === a
          ? {
              label: ui.tr(`Choose another space (now ${placeName(ui, a)})`, `Vybrat jiné pole (teď ${placeName(ui, a)})`),
              chosen: true,
              pick: () => {
                picker.unset("at");
                picker.unset("value");
                ui.cancel();
              },
            }
          : {
              label: ui.tr(`Palace on ${placeName(ui, a)}`, `Palác: ${placeName(ui, a)}`),
              pick: () => {
                picker.set("at", a, PALACE_STEPS);
                act();
              },
            },
      );
    }
  }
  return marks;
}

function previewMarks(view: JavaView, seat: number | null, c: Command, marks: Marks): void {
  if (c.type === "lay_land") {
    marks.ghost = {
      cells: [...cellsOf(c.rice).map((p) => ({ key: ck(p), top: "rice" })), ...cellsOf(c.village).map((p) => ({ key: ck(p), top: "village" }))],
      level: tilePreview(view, c).level,
    };
  } else if (c.type === "lay_water") marks.ghostWater = ck(c.cell);
  else if ((c.type === "move_figure" || c.type === "enter_figure") && seat !== null) marks.ghostFigure = { key: ck(c.to), seat };
  else if (c.type === "build_palace" || c.type === "enlarge_palace") marks.ghostPalace = { key: ck(c.cell), value: Number(c.value) };
}

/** The developer chosen, or the only one there is to choose (a new one from the supply when
 * none stands on the island: its destinations are lit at once). */
function developerFrom(picker: BoardUi["picker"], remaining: readonly Command[]): string | undefined {
  const chosen = picker.get("from") as string | undefined;
  if (chosen) return chosen;
  const froms = valuesOf(remaining, FIGURE_STEPS[1]!) as string[];
  return froms.length === 1 ? froms[0] : undefined;
}

/** After a choice: propose the command it completes (a tile: its first rotation), or redraw. */
export function advance(view: JavaView, legal: Command[], ui: BoardUi, tall: boolean): void {
  const picker = ui.picker;
  const mode = picker.get("mode") as string | undefined;
  const steps = stepsFor(mode);
  if (mode?.startsWith("tile:") && picker.has("at") && !picker.has("shape")) {
    const shapes = rotations(atAnchor(legal, mode, picker.get("at") as string), picker.get("at") as string, tall);
    if (shapes.length > 0) picker.set("shape", shapes[0]!, steps);
  }
  const only = picker.complete(legal, steps);
  if (only) ui.propose(only, describe(only, view, ui));
  else if (ui.preview) ui.cancel();
  else ui.redraw();
}

// --------------------------------------------------------------------------- panels

function MiniTile({ kind }: { kind: string }): ComponentChild {
  const r = 5.2;
  const h = (x: number, y: number, fill: string) => <polygon points={hexPoints({ x, y }, r)} fill={fill} stroke="#1f2a30" stroke-width={0.6} />;
  const body =
    kind === "three"
      ? [h(-4.5, 3.5, RICE[1]!), h(4.5, 3.5, RICE[1]!), h(0, -4.3, VILLAGE[1]!)]
      : kind === "two"
        ? [h(-4.5, 0, RICE[1]!), h(4.5, 0, VILLAGE[1]!)]
        : kind === "rice"
          ? [h(0, 0, RICE[1]!)]
          : kind === "village"
            ? [h(0, 0, VILLAGE[1]!)]
            : kind === "water"
              ? [h(0, 0, "#5fa8d3")]
              : [];
  return (
    <svg class="java-mini" viewBox="-11 -11 22 22" width="24" height="24" aria-hidden="true">
      {body}
    </svg>
  );
}

/** The festival cards to take and the action token: small buttons above the tray, with the
 * whole move in their title (the confirm bar says it in full). */
function SideButtons({ view, legal, ui }: { view: JavaView; legal: Command[]; ui: BoardUi }): ComponentChild {
  if (!ui.interactive || view.phase !== "turn") return null;
  const side = legal.filter((c) => SIDE_TYPES.has(c.type));
  if (!side.length) return null;
  const short = (c: Command): ComponentChild =>
    c.type === "use_token" ? (
      ui.tr("Token +1 AP", "Žeton +1 AB")
    ) : c.source === "open" ? (
      <>
        {ui.tr("Take", "Vzít")} {view.open_card ? <Card name={view.open_card} ui={ui} /> : null}
      </>
    ) : (
      ui.tr("Card from deck", "Kartu z balíku")
    );
  return (
    <div class="java-side" role="group" aria-label={ui.tr("Cards and token", "Karty a žeton")}>
      {side.map((c) => (
        <button
          type="button"
          key={`${c.type}:${String(c.source ?? "")}`}
          class="btn java-side-btn"
          disabled={ui.busy}
          title={describe(c, view, ui)}
          onClick={() => ui.propose(c, describe(c, view, ui))}
        >
          {short(c)}
        </button>
      ))}
    </div>
  );
}

/** Why a tray item cannot be picked now, in a word. */
function whyNot(view: JavaView, me: JavaPlayer | undefined, m: string, count: number | null, ui: BoardUi): string {
  if (count === 0) return ui.tr("none left", "došly");
  if (view.action_points <= 0) return ui.tr("no AP", "bez AB");
  if (m === "figure") return me && me.figures_in_supply === 0 && me.figures_on_board === 0 ? ui.tr("none left", "došly") : ui.tr("no way", "není kam");
  if (m === "palace") return ui.tr("no city", "chybí město");
  return ui.tr("no room", "není kam");
}

function Tray({ view, seat, legal, ui, tall }: { view: JavaView; seat: number | null; legal: Command[]; ui: BoardUi; tall: boolean }): ComponentChild {
  if (!ui.interactive || view.phase !== "turn" || legal.length === 0) return null;
  const modes = new Set(legal.map(modeOf));
  const me = view.players.find((p) => p.seat === seat);
  const chosen = ui.picker.get("mode") as string | undefined;
  const label: Record<string, [string, string, number | null]> = {
    "tile:three": [ui.tr("3-tile", "3-díl"), tileName(ui, "three"), view.three_tiles_left],
    "tile:two": [ui.tr("2-tile", "2-díl"), tileName(ui, "two"), me?.two_tiles ?? null],
    "tile:rice": [ui.tr("Rice", "Rýže"), tileName(ui, "rice"), me?.rice_tiles ?? null],
    "tile:village": [ui.tr("Village", "Vesnice"), tileName(ui, "village"), me?.village_tiles ?? null],
    water: [ui.tr("Water", "Voda"), tileName(ui, "water"), view.water_tiles_left],
    figure: [ui.tr("Developer", "Figurka"), ui.tr("developer", "figurka"), me?.figures_in_supply ?? null],
    palace: [ui.tr("Palace", "Palác"), ui.tr("palace", "palác"), null],
  };
  return (
    <div class="java-tray" role="toolbar" aria-label={ui.tr("What to do", "Co udělat")}>
      {TRAY.map((m) => {
        const [text, long, count] = label[m]!;
        const kind = m.startsWith("tile:") ? m.slice(5) : m;
        const off = !modes.has(m);
        return (
          <PickButton
            key={m}
            class={`java-pick${chosen === m ? " on" : ""}`}
            chosen={chosen === m}
            disabled={off || ui.busy}
            disabledReason={off ? whyNot(view, me, m, count, ui) : undefined}
            attrs={{ "data-mode": m, title: long }}
            onPick={() => {
              ui.picker.reset();
              if (chosen !== m) ui.picker.set("mode", m, stepsFor(m));
              advance(view, legal, ui, tall);
            }}
          >
            {m === "figure" ? (
              <svg class="java-mini" viewBox="-11 -11 22 22" width="22" height="22" aria-hidden="true">
                {seat !== null && <PlayerToken seat={seat} x={0} y={0} r={8} />}
              </svg>
            ) : m === "palace" ? (
              <svg class="java-mini" viewBox="-11 -11 22 22" width="22" height="22" aria-hidden="true">
                <Palace at={{ x: 0, y: -1.5 }} value={0} festive={false} />
              </svg>
            ) : (
              <MiniTile kind={kind} />
            )}
            <span class="java-pick-name">
              {text}
              {count !== null && <span class="java-count"> {count}</span>}
            </span>
          </PickButton>
        );
      })}
    </div>
  );
}

/** The step's prompt (one line above the board: `part="hint"`) and its buttons (rotate, a new
 * developer, off the island, the palace's value, start over: `part="controls"`, in the dock). */
function StepBar({ view, legal, ui, tall, part }: { view: JavaView; legal: Command[]; ui: BoardUi; tall: boolean; part: "hint" | "controls" }): ComponentChild {
  if (!ui.interactive || view.phase !== "turn" || legal.length === 0) return null;
  const picker = ui.picker;
  const mode = picker.get("mode") as string | undefined;
  const steps = stepsFor(mode);
  const remaining = picker.remaining(legal, steps);
  const clear = (
    <button type="button" class="btn java-clear" disabled={ui.busy} onClick={() => { picker.reset(); ui.cancel(); }}>
      ✕ {ui.tr("Start over", "Znovu")}
    </button>
  );
  let hint: string;
  let extra: ComponentChild = null;
  if (!mode) {
    hint = view.land_laid || view.final_round
      ? ui.tr("Pick what to do below, or tap one of your developers.", "Vyberte dole, co udělat, nebo ťukněte na svou figurku.")
      : ui.tr("Pick what to do below: a land tile is still due this turn.", "Vyberte dole, co udělat: v tomto tahu ještě musíte položit území.");
    return part === "hint" ? <p class="java-hint">{hint}</p> : null;
  }
  if (mode.startsWith("tile:")) {
    const at = picker.get("at") as string | undefined;
    if (!at) hint = mode === "tile:rice" ? ui.tr("Tap a lit space for the rice.", "Ťukněte na vyznačené pole pro rýži.") : ui.tr("Tap a lit space for the village.", "Ťukněte na vyznačené pole pro vesnici.");
    else {
      const shapes = rotations(atAnchor(legal, mode, at), at, tall);
      const shape = picker.get("shape") as string | undefined;
      const i = shape ? shapes.indexOf(shape) : -1;
      const cmd = picker.complete(legal, steps);
      const pre = cmd ? tilePreview(view, cmd) : null;
      hint = pre
        ? ui.tr(`Level ${pre.level}, ${pre.cost} AP. Tap a lit space to turn it, or confirm.`, `${pre.level}. patro, ${pre.cost} AB. Ťukněte na vyznačené pole pro otočení, nebo potvrďte.`)
        : ui.tr("Choose how it lies.", "Vyberte otočení.");
      if (shapes.length > 1) {
        extra = (
          <button
            type="button"
            class="btn java-rotate"
            disabled={ui.busy}
            onClick={() => {
              picker.set("shape", shapes[(i + 1) % shapes.length]!, steps);
              advance(view, legal, ui, tall);
            }}
          >
            ↻ {ui.tr("Rotate", "Otočit")} {i + 1}/{shapes.length}
          </button>
        );
      } else if (cmd && !ui.preview) {
        extra = (
          <button type="button" class="btn" onClick={() => ui.propose(cmd, describe(cmd, view, ui))}>
            {ui.tr("Preview", "Náhled")}
          </button>
        );
      }
    }
  } else if (mode === "water") {
    hint = ui.tr("Tap a lit space for the water.", "Ťukněte na vyznačené pole pro vodu.");
  } else if (mode === "figure") {
    const from = developerFrom(picker, remaining);
    const canEnter = legal.some((c) => c.type === "enter_figure");
    const off = from ? movesOf(legal, from).find((c) => c.type === "remove_figure") : undefined;
    if (!from) {
      hint = canEnter ? ui.tr("Tap one of your developers, or bring a new one.", "Ťukněte na svou figurku, nebo nasaďte novou.") : ui.tr("Tap one of your developers.", "Ťukněte na svou figurku.");
      if (canEnter) {
        extra = (
          <button type="button" class="btn" disabled={ui.busy} onClick={() => { picker.set("from", "supply", FIGURE_STEPS); advance(view, legal, ui, tall); }}>
            {ui.tr("New developer", "Nová figurka")}
          </button>
        );
      }
    } else {
      hint = ui.tr("Tap where it goes: the number is its cost in AP.", "Ťukněte, kam půjde: číslo je cena v AB.");
      if (off) {
        const cost = moveCost(view, off);
        // Pressed while its move waits for Confirm: tapped again, it takes the move back.
        const taking = ui.preview?.type === "remove_figure";
        extra = (
          <button
            type="button"
            class={`btn${taking ? " btn-primary" : ""}`}
            aria-pressed={taking ? "true" : "false"}
            disabled={ui.busy}
            onClick={() => (taking ? ui.cancel() : ui.propose(off, describe(off, view, ui)))}
          >
            {ui.tr("Take off the island", "Stáhnout z ostrova")}
            {cost === null ? "" : ` (${cost} ${ui.tr("AP", "AB")})`}
          </button>
        );
      }
    }
  } else if (mode === "palace") {
    const at = picker.get("at") as string | undefined;
    if (!at) hint = ui.tr("Tap a lit village (new palace) or palace (enlarge it).", "Ťukněte na vyznačenou vesnici (nový palác) nebo palác (rozšířit).");
    else {
      hint = ui.tr("Choose the palace's value below (half of it scores now).", "Vyberte dole hodnotu paláce (polovina se hned připíše).");
      extra = (
        <span class="java-values">
          {remaining.map((c) => (
            <button
              type="button"
              key={String(c.value)}
              class={`btn${picker.get("value") === c.value ? " btn-primary" : ""}`}
              disabled={ui.busy}
              onClick={() => {
                picker.set("value", c.value as number, PALACE_STEPS);
                advance(view, legal, ui, tall);
              }}
            >
              {ui.tr("Palace", "Palác")} {String(c.value)}
            </button>
          ))}
        </span>
      );
    }
  } else hint = "";
  if (part === "hint") return <p class="java-hint">{hint}</p>;
  return (
    <div class="java-step">
      {extra}
      {clear}
    </div>
  );
}

function Pips({ view, ui }: { view: JavaView; ui: BoardUi }): ComponentChild {
  const total = 6 + (view.token_used ? 1 : 0);
  const left = view.action_points;
  return (
    <span class="java-ap" role="img" aria-label={ui.tr(`${left} action points left`, `zbývá ${left} AB`)}>
      <span aria-hidden="true">
        {Array.from({ length: Math.max(total, left) }, (_, i) => (
          <span key={i} class={i < left ? "pip on" : "pip"} />
        ))}
      </span>
      <strong>{left}</strong> {ui.tr("AP", "AB")}
    </span>
  );
}

/** A festival card: its symbols as coloured letters (A purple, B blue, C brown), named as the
 * log names it. */
export function Card({ name, match, count, ui }: { name: string; match?: boolean; count?: number; ui?: BoardUi }): ComponentChild {
  const symbols = cardWords(name).split("+");
  const title = (ui && gloss(ui, "cards", name)) ?? cardWords(name);
  return (
    <span class={`java-card${match ? " match" : ""}`} title={title}>
      {symbols.map((s) => (
        <span key={s} class={`java-sym java-sym-${/^[ABC]$/.test(s) ? s : "x"}`}>
          {s}
        </span>
      ))}
      {count !== undefined && count > 1 && <span class="java-count">×{count}</span>}
    </span>
  );
}

function Status({ view, ui }: { view: JavaView; ui: BoardUi }): ComponentChild {
  const who = ui.players.find((p) => p.seat === view.turn);
  return (
    <div class="java-status">
      {view.phase === "turn" && (
        <>
          {!ui.layout?.phone && (
            <span class="java-turn">
              {who && <PlayerTokenBadge seat={who.seat} />} {who?.name}
            </span>
          )}
          <Pips view={view} ui={ui} />
          {view.token_used && <span class="java-token">{ui.tr("token used (+1)", "žeton použit (+1)")}</span>}
          <span class={view.land_laid ? "java-land ok" : "java-land"}>
            {view.final_round ? ui.tr("last round", "poslední kolo") : view.land_laid ? ui.tr("land laid ✓", "území ✓") : ui.tr("land tile due", "území: ještě chybí")}
          </span>
        </>
      )}
      <span class="java-open">
        {ui.tr("Open card", "Odkrytá")} {view.open_card ? <Card name={view.open_card} ui={ui} /> : "—"}
        <span class="muted small"> · {ui.tr("deck", "balík")} {view.deck}</span>
      </span>
    </div>
  );
}

function PlayerTokenBadge({ seat }: { seat: number }): ComponentChild {
  return (
    <svg viewBox="-10 -10 20 20" width="18" height="18" aria-hidden="true" class="java-badge">
      <PlayerToken seat={seat} x={0} y={0} r={9} />
    </svg>
  );
}

function Festival({ view, legal, ui }: { view: JavaView; legal: Command[]; ui: BoardUi }): ComponentChild {
  const f = view.festival;
  if (!f) return null;
  const bids = ui.interactive ? legal.filter((c) => BID_TYPES.has(c.type)) : [];
  const name = (s: number) => seatName(ui, s);
  const cell = view.cells.find((c) => ck([c.q, c.r]) === ck(f.cell));
  return (
    <section class="java-festival" aria-label={ui.tr("Festival", "Slavnost")}>
      <h3 class="panel-title">
        {ui.tr("Festival at the palace", "Slavnost u paláce")} {cell?.palace?.value ?? ""} · {ui.tr("open card", "odkrytá karta")}{" "}
        {view.open_card && <Card name={view.open_card} ui={ui} />}
      </h3>
      <ul class="java-bids">
        {f.bidders.map((s) => (
          <li key={s} class={s === f.current ? "now" : undefined}>
            <PlayerTokenBadge seat={s} /> {name(s)}
            {s === f.organiser && <span class="muted small"> ({ui.tr("organiser", "pořadatel")})</span>}:{" "}
            {(f.bids[String(s)] ?? []).map((c, i) => <Card key={i} name={c} ui={ui} />)}
            {f.passed.includes(s) && <span class="muted"> {ui.tr("passed", "pasoval")}</span>}
            {s === f.current && <span class="pill"> ◀ {ui.tr("to bid", "na řadě")}</span>}
          </li>
        ))}
      </ul>
      {bids.length > 0 && (
        <div class="java-bid-actions">
          {bids.map((c) => (
            <button
              type="button"
              key={`${c.type}:${String(c.card ?? "")}`}
              class="btn"
              disabled={ui.busy}
              onClick={() => ui.propose(c, describe(c, view, ui))}
            >
              {describe(c, view, ui)}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}

function Supplies({ view, ui }: { view: JavaView; ui: BoardUi }): ComponentChild {
  return (
    <div class="java-supplies">
      <table class="data java-table">
        <thead>
          <tr>
            <th scope="col">{ui.tr("Player", "Hráč")}</th>
            <th scope="col" title={ui.tr("developers: in supply / on the island", "figurky: v zásobě / na ostrově")}>
              {ui.tr("Dev.", "Fig.")}
            </th>
            <th scope="col" title={ui.tr("action tokens", "akční žetony")}>{ui.tr("Tok.", "Žet.")}</th>
            <th scope="col" title={ui.tr("2-space, rice, village tiles", "dvojdílná, rýžová, vesnická území")}>2/R/V</th>
            <th scope="col">{ui.tr("Cards", "Karty")}</th>
            <th scope="col">{ui.tr("Pts", "Body")}</th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((p) => {
            const pl = ui.players.find((x) => x.seat === p.seat);
            return (
              <tr key={p.seat} class={p.seat === view.turn && view.phase === "turn" ? "now" : undefined}>
                <td>
                  <PlayerTokenBadge seat={p.seat} /> {pl?.name ?? seatName(ui, p.seat)}
                </td>
                <td>
                  {p.figures_in_supply}/{p.figures_on_board}
                </td>
                <td>{"●".repeat(p.tokens) || "—"}</td>
                <td>
                  {p.two_tiles}/{p.rice_tiles}/{p.village_tiles}
                </td>
                <td>
                  {p.cards}
                  {Object.entries(p.known_cards).map(([k, n]) => <Card key={k} name={k} count={n} ui={ui} />)}
                </td>
                <td>{p.score}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p class="muted small java-common">
        {ui.tr("Edges: ▲ mountains, 2 AP to come on or go off; green, lowland, 1 AP.", "Okraje: ▲ hory, nasazení či stažení 2 AB; zelené nížiny 1 AB.")}
        <br />
        {ui.tr("3-tiles", "3-díly")} {view.three_tiles_left} · {ui.tr("water", "voda")} {view.water_tiles_left} · {ui.tr("palaces", "paláce")}{" "}
        {Object.entries(view.palaces_left)
          .map(([v, n]) => `${v}×${n}`)
          .join(" ")}
      </p>
    </div>
  );
}


// --------------------------------------------------------------------------- the module

export function render(viewJson: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const view = asView(viewJson);
  if (!view || !Array.isArray(view.cells)) return null;
  const tall = isTall(ui);
  // The auction's panel stands in the dock beside the hand for the bidder (privateArea); above
  // the board for everyone else.
  const bidding = ui.interactive && legal.some((c) => BID_TYPES.has(c.type)) && seatHasHand(view, seat);
  return (
    <div class={`java${ui.layout?.phone ? " java-phone" : ""}`}>
      <Status view={view} ui={ui} />
      <StepBar view={view} legal={legal} ui={ui} tall={tall} part="hint" />
      {/* A tablet or desktop: what to do stands right above the board (under it come the
          supplies, then the private area); on a phone it is in the dock. */}
      {!ui.layout?.phone && <Choices view={view} seat={seat} legal={legal} ui={ui} tall={tall} />}
      {!bidding && <Festival view={view} legal={[]} ui={ui} />}
      <Board view={view} seat={seat} legal={legal} ui={ui} tall={tall} />
      <Supplies view={view} ui={ui} />
    </div>
  );
}

/** A seat by its player's name, else by its colour ("blue"): never by its number. */
function seatName(ui: BoardUi, seat: number): string {
  return ui.players.find((p) => p.seat === seat)?.name ?? seatStyle(seat).name[ui.lang === "cs" ? "cs" : "en"];
}

/** What to do: the step's buttons and the cards/token, then the tray. Above the tray: the dock
 * stands on the navigation and grows upwards, so what comes and goes with the step never moves
 * the tray under the player's thumb. */
function Choices({ view, seat, legal, ui, tall }: { view: JavaView; seat: number | null; legal: Command[]; ui: BoardUi; tall: boolean }): ComponentChild {
  return (
    <>
      <div class="java-row">
        <StepBar view={view} legal={legal} ui={ui} tall={tall} part="controls" />
        <SideButtons view={view} legal={legal} ui={ui} />
      </div>
      <Tray view={view} seat={seat} legal={legal} ui={ui} tall={tall} />
    </>
  );
}

function seatHasHand(view: JavaView, seat: number | null): boolean {
  return !!view.players?.find((p) => p.seat === seat)?.hand;
}

/** The player's own things in the dock: what to do (the tray), the step's buttons, the
 * festival's bids when it is their turn to bid, and their festival cards. */
export function privateArea(viewJson: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const view = asView(viewJson);
  const me = view?.players?.find((p) => p.seat === seat);
  if (!view || !me || !me.hand) return null;
  const tall = isTall(ui);
  const bidding = ui.interactive && legal.some((c) => BID_TYPES.has(c.type));
  const open = new Set(view.open_card ? (view.card_symbols[view.open_card] ?? []) : []);
  const cards = Object.entries(me.hand);
  return (
    <div class="java-mine">
      {bidding && <Festival view={view} legal={legal} ui={ui} />}
      {ui.layout?.phone && <Choices view={view} seat={seat} legal={legal} ui={ui} tall={tall} />}
      <div class="java-hand" role="group" aria-label={ui.tr("Your festival cards", "Vaše slavnostní karty")}>
        <span class="java-hand-title">{ui.tr("Festival cards", "Slavnostní karty")}:</span>
        {cards.length === 0 && <span class="muted">—</span>}
        {cards.map(([name, n]) => (
          <Card key={name} name={name} count={n} match={(view.card_symbols[name] ?? []).some((s) => open.has(s))} ui={ui} />
        ))}
        <span class="muted small" title={open.size > 0 ? ui.tr("outlined: matches the open card", "orámované: odpovídá odkryté kartě") : undefined}>
          · {ui.tr("tokens", "žetony")} {me.tokens}
        </span>
      </div>
    </div>
  );
}

export function extraCommands(_view: Json, _seat: number | null, legal: Command[], _ui: BoardUi): Command[] {
  return legal.filter((c) => BUTTON_TYPES.has(c.type));
}
