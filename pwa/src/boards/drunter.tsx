/** Drunter und Drüber: the town square (buildings, outhouses, the start corners of the street,
 * the two town walls and the river), the tiles laid so far with their tunnels, the builders at
 * the route ends; the viewer's tiles, secret building (or goal cards) and citizen cards.
 *
 * A placement is two choices, in either order: a tile from the hand (kind and length) and
 * where it goes (a route's builder and a side of its cell); the board highlights the places
 * the legal commands still allow, read from the view's `openings`, then shows the tile as a
 * ghost for confirmation. A vote is a set of citizen cards toggled in the private area. No
 * rules here: what may be tapped is what `legal` says. */

import "./drunter.css";
import type { ComponentChild } from "preact";
import type { Command, Json, MatchEvent } from "../types";
import { gridBounds } from "./toolkit/square";
import { keyOf, narrow, type Step, valuesOf } from "./toolkit/picker";
import { Mark } from "./toolkit/mark";
import { PanZoom } from "./toolkit/panzoom";
import { PickButton } from "./toolkit/choice";
import { PlayerBadge, PlayerMark } from "./toolkit/pieces";
import { targetProps } from "./toolkit/targets";
import { humanize } from "./toolkit/words";
import type { BoardUi } from "./types";
import { viewOf, type ViewParts } from "./view";
import type { GameViews } from "../api/views";

// --- the view's shape (games/drunter/view.schema.json) ---------------------------------------

type XY = ViewParts["DrunterXY"];
type Dir = ViewParts["DrunterDir"];
type VoteCard = ViewParts["DrunterVoteCard"];
type Secrets = ViewParts["DrunterSecrets"];
export type DView = GameViews["drunter"];

function asView(view: Json): DView | null {
  return viewOf("drunter", view, "layout");
}

// --- words ----------------------------------------------------------------------------------

const KINDS = ["street", "wall", "river"] as const;
const KIND_WORDS: Record<string, [string, string]> = {
  street: ["Street", "Ulice"],
  wall: ["Town wall", "Hradby"],
  river: ["River", "Řeka"],
};
const SHORT_KIND_WORDS: Record<string, [string, string]> = {
  street: ["Street", "Ulice"],
  wall: ["Wall", "Hradby"],
  river: ["River", "Řeka"],
};
const DIR_WORDS: Record<Dir, [string, string]> = {
  N: ["north", "na sever"],
  E: ["east", "na východ"],
  S: ["south", "na jih"],
  W: ["west", "na západ"],
};
export const BUILDING_WORDS: Record<string, [string, string]> = {
  town_hall: ["Town hall", "Radnice"],
  school: ["School", "Škola"],
  fire_station: ["Fire station", "Hasičárna"],
  inn: ["Inn", "Hostinec"],
  museum: ["Museum", "Muzeum"],
  church: ["Church", "Kostel"],
  all_3s: ["Every visible 3", "Všechny viditelné trojky"],
  all_4s: ["Every visible 4", "Všechny viditelné čtyřky"],
  lowest_of_each_type: ["Lowest building of each type", "Nejnižší budova každého typu"],
  one_point_each: ["1 point per visible building", "1 bod za každou viditelnou budovu"],
};
const CARD_WORDS: Record<string, [string, string]> = { shrug: ["shrug", "krčení rameny"] };

function words(ui: BoardUi, table: Record<string, [string, string]>, key: string): string {
  const w = table[key];
  return w ? ui.tr(w[0], w[1]) : key.replace(/_/g, " ");
}

/** The game's own name of a thing (`ui.game.glossary`, as the log names it), or null. */
function gloss(ui: BoardUi, category: string, key: string): string | null {
  const t = ui.game.glossary?.[category]?.[key];
  if (!t) return null;
  return ui.lang === "cs" ? t.cs : t.en;
}

/** "1 bod", "3 body", "5 bodů". */
function czPoints(n: number): string {
  return `${n} ${n === 1 ? "bod" : n >= 2 && n <= 4 ? "body" : "bodů"}`;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** A building type or goal card: the glossary's name, else the board's own. */
export function buildingName(ui: BoardUi, type: string): string {
  const g = gloss(ui, "buildings", type) ?? gloss(ui, "goal_cards", type);
  return g ? cap(g) : words(ui, BUILDING_WORDS, type);
}

function kindOfRoute(v: DView, route: string): string {
  return v.layout.routes.find((r) => r.id === route)?.kind ?? route;
}

/** The number of a route among those of its kind ("town wall 2"), 0 when it is the only one. */
function routeNumber(v: DView, route: string): number {
  const kind = kindOfRoute(v, route);
  const same = v.layout.routes.filter((r) => r.kind === kind);
  return same.length < 2 ? 0 : same.findIndex((r) => r.id === route) + 1;
}

/** A route's name as a label ("Street", "Town wall 1"). */
function routeName(ui: BoardUi, v: DView, route: string): string {
  const g = gloss(ui, "routes", route);
  if (g) return cap(g);
  const n = routeNumber(v, route);
  const base = words(ui, KIND_WORDS, kindOfRoute(v, route));
  return n ? `${base} ${n}` : base;
}

// A route inside a sentence, as the log says it: "extend the street", "prodloužit ulici".
const ROUTE_OBJECT: Record<string, [string, string]> = {
  street: ["the street", "ulici"],
  wall: ["town wall", "hradby"],
  river: ["the river", "řeku"],
};
function routeObject(ui: BoardUi, v: DView, route: string): string {
  const n = routeNumber(v, route);
  const w = ROUTE_OBJECT[kindOfRoute(v, route)];
  const base = w ? ui.tr(w[0], w[1]) : routeName(ui, v, route);
  return n ? `${base} ${n}` : base;
}

// "with a 2-square tile" / "dvojkovou plackou" (the log's words).
const TILE_WITH: Record<number, [string, string]> = {
  1: ["a 1-square tile", "jednotkovou plackou"],
  2: ["a 2-square tile", "dvojkovou plackou"],
  3: ["a 3-square tile with a tunnel", "trojkovou plackou s tunelem"],
};

/** A tile of the hand by name: the glossary's ("street 2-square tile"), else the board's. */
function tileWords(ui: BoardUi, kind: string, length: number): string {
  const g = gloss(ui, "tiles", `${kind}:${length}`);
  if (g) return cap(g);
  const k = words(ui, KIND_WORDS, kind);
  return ui.tr(`${k} ${length}-square tile`, `${k}, placka ${length}`);
}

/** "Extend the street east", "Prodloužit ulici na východ". */
function extendWords(ui: BoardUi, v: DView, route: string, dir: Dir): string {
  return ui.tr(`Extend ${routeObject(ui, v, route)} ${words(ui, DIR_WORDS, dir)}`, `Prodloužit ${routeObject(ui, v, route)} ${words(ui, DIR_WORDS, dir)}`);
}

// --- colours --------------------------------------------------------------------------------

export const KIND_STYLE: Record<string, { fill: string; ink: string; light: string }> = {
  street: { fill: "#c9a467", ink: "#76552a", light: "#efe0bd" },
  wall: { fill: "#8e877c", ink: "#4a443c", light: "#b9b2a6" },
  river: { fill: "#4b8fc1", ink: "#1f5d88", light: "#a9d2ee" },
};
export const BUILDING_STYLE: Record<string, string> = {
  town_hall: "#8a3b62",
  school: "#b07d0c",
  fire_station: "#c23b22",
  inn: "#4e7d2b",
  museum: "#2a7a77",
  church: "#5b4f9c",
};

// --- geometry -------------------------------------------------------------------------------

export const CELL = 40;
const DELTA: Record<Dir, XY> = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };

/** The cells a tile of `length` covers laid at `route`'s end towards `direction`, read from
 * the view's openings (the way past tunnels included); null if that side is not open. */
export function tileCells(v: DView, route: string, direction: string, length: number): XY[] | null {
  const way = (v.openings[route] ?? []).find((w) => w.direction === direction);
  if (!way) return null;
  const [dx, dy] = DELTA[way.direction];
  return Array.from({ length }, (_, i) => [way.start[0] + dx * i, way.start[1] + dy * i] as XY);
}

function span(cells: XY[], inset: number): { x: number; y: number; w: number; h: number } {
  const xs = cells.map((c) => c[0]);
  const ys = cells.map((c) => c[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  return {
    x: x0 * CELL + inset,
    y: y0 * CELL + inset,
    w: (Math.max(...xs) - x0 + 1) * CELL - 2 * inset,
    h: (Math.max(...ys) - y0 + 1) * CELL - 2 * inset,
  };
}

// --- steps ----------------------------------------------------------------------------------

/** The two choices of a placement: which tile (its kind and length), and where (the route and
 * the side of its builder's cell). */
export function placeSteps(v: DView): Step[] {
  return [
    {
      key: "tile",
      get: (c) => (c.type === "place_tile" ? `${kindOfRoute(v, String(c.route))}:${String(c.length)}` : undefined),
    },
    { key: "where", get: (c) => (c.type === "place_tile" ? `${String(c.route)}:${String(c.direction)}` : undefined) },
  ];
}

export interface Target {
  where: string;
  route: string;
  direction: Dir;
  cells: XY[];
}

/** The places to highlight now: every route end and side the remaining placements allow, each
 * as long as the chosen tile (one cell while no tile is chosen). */
export function placeTargets(v: DView, legal: readonly Command[], choices: ReadonlyMap<string, Json>): Target[] {
  const steps = placeSteps(v);
  const places = legal.filter((c) => c.type === "place_tile");
  const tile = choices.get("tile");
  const left = narrow(places, steps, tile === undefined ? new Map() : new Map([["tile", tile]]));
  const length = tile === undefined ? 1 : Number(String(tile).split(":")[1]);
  const out: Target[] = [];
  for (const where of valuesOf(left, steps[1]!)) {
    const [route, direction] = String(where).split(":") as [string, Dir];
    const cells = tileCells(v, route, direction, length);
    if (cells) out.push({ where: String(where), route, direction, cells });
  }
  return out;
}

/** The tiles of the hand a tap may choose now (given the place chosen, if any). */
export function tileChoices(v: DView, legal: readonly Command[], choices: ReadonlyMap<string, Json>): Set<string> {
  const steps = placeSteps(v);
  const where = choices.get("where");
  const places = legal.filter((c) => c.type === "place_tile");
  const left = narrow(places, steps, where === undefined ? new Map() : new Map([["where", where]]));
  return new Set(valuesOf(left, steps[0]!).map(String));
}

function placeLabel(ui: BoardUi, v: DView, c: Command): string {
  const route = String(c.route);
  const dir = String(c.direction) as Dir;
  const length = Number(c.length);
  const w = TILE_WITH[length];
  const tile = w ? ui.tr(w[0], w[1]) : tileWords(ui, kindOfRoute(v, route), length);
  const base = ui.tr(`${extendWords(ui, v, route, dir)} with ${tile}`, `${extendWords(ui, v, route, dir)} ${tile}`);
  const cells = tileCells(v, route, dir, length) ?? [];
  const covered = cells
    .map((cell) => v.layout.buildings.find((b) => b.cell[0] === cell[0] && b.cell[1] === cell[1]))
    .filter((b) => b !== undefined)
    .map((b) => `${buildingName(ui, b.type)} ${b.value}`);
  const outhouse = cells.some((cell) => v.layout.outhouses.some((o) => o[0] === cell[0] && o[1] === cell[1]));
  const notes: string[] = [];
  if (covered.length) notes.push(ui.tr(`covers ${covered.join(", ")}`, `zakryje: ${covered.join(", ")}`));
  if (outhouse)
    notes.push(
      v.extended
        ? ui.tr("covers an outhouse", "zakryje kadibudku")
        : ui.tr("covers an outhouse: the town votes", "zakryje kadibudku: město hlasuje"),
    );
  return notes.length ? `${base} (${notes.join("; ")})` : base;
}

/** Brings the part the next tap goes to into view (a tap handler's effect, never a drawing's). */
function reveal(selector: string, block: ScrollLogicalPosition): void {
  const el = typeof document === "undefined" ? null : document.querySelector(selector);
  if (!el || !("getBoundingClientRect" in el) || typeof window === "undefined") return;
  const box = el.getBoundingClientRect();
  if (box.top >= 56 && box.bottom <= window.innerHeight) return; // already in full view
  if ("scrollIntoView" in el) el.scrollIntoView({ block, behavior: "smooth" });
}

/** Picks a tile from the hand (or un-picks it); proposes the placement when only one is left. */
export function pickTile(v: DView, legal: readonly Command[], ui: BoardUi, tile: string): void {
  const steps = placeSteps(v);
  const picker = ui.picker;
  if (picker.get("tile") === tile) {
    picker.unset("tile");
    ui.cancel();
    return;
  }
  picker.set("tile", tile);
  if (picker.remaining(legal, steps).length === 0) picker.unset("where");
  proposeIfOne(v, legal, ui);
  reveal(".dd-board .board-svg", "start");
}

/** Picks a place on the board; proposes the placement when only one is left. */
export function pickWhere(v: DView, legal: readonly Command[], ui: BoardUi, where: string): void {
  const steps = placeSteps(v);
  const picker = ui.picker;
  picker.set("where", where);
  if (picker.remaining(legal, steps).length === 0) picker.unset("tile");
  proposeIfOne(v, legal, ui);
  if (!picker.has("tile") && picker.remaining(legal, steps).length > 1) reveal(".dd-hand", "center");
}

/** The chosen place tapped again: the choice taken back (choosing it again would change
 * nothing while several tiles fit it: a dead tap). A tile chosen first stays chosen. */
export function unpickWhere(ui: BoardUi): void {
  ui.picker.unset("where");
  ui.cancel();
  ui.redraw();
}

function proposeIfOne(v: DView, legal: readonly Command[], ui: BoardUi): void {
  const steps = placeSteps(v);
  const places = legal.filter((c) => c.type === "place_tile");
  const left = ui.picker.remaining(places, steps);
  if (left.length === 1) {
    // Both chosen, or the one tile that fits that place (the one place for that tile).
    ui.propose(left[0]!, placeLabel(ui, v, left[0]!));
  } else {
    ui.cancel();
  }
  ui.redraw();
}

// --- votes ----------------------------------------------------------------------------------

/** The cards toggled for a vote so far. */
export function voteSelection(ui: BoardUi): string[] {
  const sel = ui.picker.get("vote");
  return Array.isArray(sel) ? sel.map(String) : [];
}

function voteKey(cards: readonly string[]): string {
  return keyOf([...cards].sort());
}

/** Toggles `card`; keeps the set one the legal votes allow (the shrug alone, by default). */
export function toggleVoteCard(legal: readonly Command[], ui: BoardUi, card: string): void {
  const sel = voteSelection(ui);
  let next = sel.includes(card) ? sel.filter((c) => c !== card) : [...sel, card];
  const votes = legal.filter((c) => c.type === "vote").map((c) => (c.cards as string[]).map(String));
  const ok = (cards: string[]) => cards.length === 0 || votes.some((v) => voteKey(v) === voteKey(cards));
  if (!ok(next)) next = next.includes(card) ? [card] : [];
  if (!ok(next)) next = [];
  ui.picker.set("vote", next);
  ui.cancel();
  ui.redraw();
}

/** The legal vote command of the toggled cards, or null. */
export function selectedVote(legal: readonly Command[], ui: BoardUi): Command | null {
  const sel = voteSelection(ui);
  if (sel.length === 0) return null;
  return legal.find((c) => c.type === "vote" && voteKey((c.cards as string[]).map(String)) === voteKey(sel)) ?? null;
}

function sums(v: DView, cards: readonly string[]): { yes: number; no: number; either: number } {
  const out = { yes: 0, no: 0, either: 0 };
  for (const name of cards) {
    const card = v.layout.vote_cards.find((c) => c.card === name);
    if (!card) continue;
    if (card.side === "yes") out.yes += card.votes;
    else if (card.side === "no") out.no += card.votes;
    else if (card.side === "either") out.either += card.votes;
  }
  return out;
}

function cardValue(card: VoteCard | undefined): string {
  if (!card) return "";
  if (card.side === "yes") return `+${card.votes}`;
  if (card.side === "no") return `−${card.votes}`;
  if (card.side === "either") return `±${card.votes}`;
  return "0";
}

function VoteCardChip(props: { v: DView; ui: BoardUi; name: string; small?: boolean }): ComponentChild {
  const card = props.v.layout.vote_cards.find((c) => c.card === props.name);
  return (
    <span class={`dd-card dd-card-${card?.side ?? "none"}${props.small ? " dd-card-small" : ""}`}>
      <span class="dd-card-name">{props.name === "shrug" ? words(props.ui, CARD_WORDS, "shrug") : props.name}</span>
      <span class="dd-card-value">{cardValue(card)}</span>
    </span>
  );
}

// --- drawing --------------------------------------------------------------------------------

function BuildingGlyph({ type, x, y }: { type: string; x: number; y: number }): ComponentChild {
  // A tiny white sign on the roof: tells the types apart once zoomed, beside the colour.
  const t = `translate(${x} ${y})`;
  const props = { fill: "#fff", transform: t, "aria-hidden": "true" } as const;
  switch (type) {
    case "town_hall":
      return <path {...props} d="M-1 -5 V3 M-1 -5 H4 V-2 H-1" stroke="#fff" stroke-width="1.4" fill="none" />;
    case "school":
      return <path {...props} d="M-4 -3 L0 -1 L4 -3 V2 L0 4 L-4 2 Z" />;
    case "fire_station":
      return <path {...props} d="M0 -5 C3 -1 4 1 3 3 C2 5 -2 5 -3 3 C-4 1 -2 -1 0 -5 Z" />;
    case "inn":
      return <path {...props} d="M-3 -4 H2 V4 H-3 Z M2 -2 H4 V2 H2" stroke="#fff" stroke-width="1" />;
    case "museum":
      return <path {...props} d="M-5 -2 L0 -5 L5 -2 Z M-4 -1 H-2.5 V4 H-4 Z M-0.75 -1 H0.75 V4 H-0.75 Z M2.5 -1 H4 V4 H2.5 Z" />;
    case "church":
      return <path {...props} d="M-1 -5 H1 V-2 H3.5 V0 H1 V5 H-1 V0 H-3.5 V-2 H-1 Z" />;
    default:
      return null;
  }
}

function Building(props: { ui: BoardUi; type: string; value: number; cell: XY; mine: boolean }): ComponentChild {
  const x = props.cell[0] * CELL;
  const y = props.cell[1] * CELL;
  const fill = BUILDING_STYLE[props.type] ?? "#777";
  return (
    <g transform={`translate(${x} ${y})`} role="img" aria-label={`${buildingName(props.ui, props.type)} ${props.value}`}>
      {props.mine && <rect x="1.5" y="1.5" width={CELL - 3} height={CELL - 3} rx="6" fill="#fffdf8" stroke="#1f2a30" stroke-width="2.5" />}
      <path d="M4 16 L20 3 L36 16 V37 H4 Z" fill={fill} stroke="#1f2a30" stroke-width="1.2" stroke-linejoin="round" />
      <BuildingGlyph type={props.type} x={20} y={11} />
      <text x="20" y="33.5" text-anchor="middle" font-size="18" font-weight="700" fill="#fff">
        {props.value}
      </text>
    </g>
  );
}

function Outhouse({ ui, cell }: { ui: BoardUi; cell: XY }): ComponentChild {
  return (
    <g transform={`translate(${cell[0] * CELL} ${cell[1] * CELL})`} role="img" aria-label={ui.tr("Outhouse", "Kadibudka")}>
      <path d="M9 14 L20 5 L31 14 Z" fill="#5e3b1c" stroke="#3b2410" stroke-width="1" stroke-linejoin="round" />
      <rect x="11" y="14" width="18" height="22" fill="#9a6a3a" stroke="#3b2410" stroke-width="1.2" />
      <path d="M23 18.5 A4 4 0 1 0 23 26.5 A3 3 0 1 1 23 18.5 Z" fill="#f5e6a8" />
    </g>
  );
}

function Corner({ ui, v, route }: { ui: BoardUi; v: DView; route: DView["layout"]["routes"][number] }): ComponentChild {
  const s = KIND_STYLE[route.kind] ?? KIND_STYLE.street!;
  const [cx, cy] = route.corner;
  let icon: ComponentChild;
  if (route.kind === "wall") {
    // A watchtower with battlements.
    icon = <path d="M12 34 V14 H15 V10 H18 V14 H22 V10 H25 V14 H28 V34 Z M18 34 V27 A2 2 0 0 1 22 27 V34" fill="#5f584d" stroke="#2f2a24" stroke-width="1" />;
  } else if (route.kind === "river") {
    // The waterworks: a wheel.
    icon = (
      <g fill="none" stroke="#fff" stroke-width="2">
        <circle cx="20" cy="20" r="10" />
        <path d="M20 10 V30 M10 20 H30 M13 13 L27 27 M27 13 L13 27" />
      </g>
    );
  } else {
    // The stagecoach park: a coach wheel under a roof.
    icon = (
      <g fill="none" stroke="#4a3414" stroke-width="2">
        <path d="M9 16 L20 8 L31 16" />
        <circle cx="20" cy="25" r="7" />
        <path d="M20 18 V32 M13 25 H27" />
      </g>
    );
  }
  return (
    <g transform={`translate(${cx * CELL} ${cy * CELL})`} role="img" aria-label={ui.tr(`Start: ${routeName(ui, v, route.id)}`, `Začátek: ${routeName(ui, v, route.id)}`)}>
      <rect x="1" y="1" width={CELL - 2} height={CELL - 2} rx="4" fill={s.fill} stroke={s.ink} stroke-width="2" />
      {icon}
    </g>
  );
}

function wave(x0: number, y0: number, x1: number, y1: number): string {
  const horizontal = y0 === y1;
  const len = horizontal ? x1 - x0 : y1 - y0;
  const n = Math.max(2, Math.round(len / 10));
  const stepLen = len / n;
  let d = `M ${x0} ${y0}`;
  for (let i = 0; i < n; i++) {
    const a = 3 * (i % 2 === 0 ? 1 : -1);
    if (horizontal) d += ` q ${stepLen / 2} ${a} ${stepLen} 0`;
    else d += ` q ${a} ${stepLen / 2} 0 ${stepLen}`;
  }
  return d;
}

/** A tile lying on the board (or its ghost): one piece over its cells, the tunnel marked. */
function TileShape(props: { kind: string; cells: XY[]; length: number; cls?: string; label?: string; seat?: number }): ComponentChild {
  const s = KIND_STYLE[props.kind] ?? KIND_STYLE.street!;
  const r = span(props.cells, 2);
  const horizontal = props.cells.length < 2 || props.cells[0]![1] === props.cells[1]![1];
  const midX = r.x + r.w / 2;
  const midY = r.y + r.h / 2;
  const line = horizontal ? [r.x + 5, midY, r.x + r.w - 5, midY] : [midX, r.y + 5, midX, r.y + r.h - 5];
  let pattern: ComponentChild;
  if (props.kind === "river") {
    pattern = <path d={wave(line[0]!, line[1]!, line[2]!, line[3]!)} fill="none" stroke={s.light} stroke-width="2.5" stroke-linecap="round" />;
  } else if (props.kind === "street") {
    pattern = <line x1={line[0]} y1={line[1]} x2={line[2]} y2={line[3]} stroke={s.light} stroke-width="2.5" stroke-dasharray="5 5" />;
  } else {
    // Battlements along both long sides.
    const merlons: ComponentChild[] = [];
    const count = Math.max(1, Math.round((horizontal ? r.w : r.h) / 12));
    const pitch = (horizontal ? r.w : r.h) / count;
    for (let i = 0; i < count; i++) {
      const o = i * pitch + pitch / 2 - 3;
      merlons.push(
        horizontal ? (
          <>
            <rect x={r.x + o} y={r.y + 2} width="6" height="5" fill={s.ink} />
            <rect x={r.x + o} y={r.y + r.h - 7} width="6" height="5" fill={s.ink} />
          </>
        ) : (
          <>
            <rect x={r.x + 2} y={r.y + o} width="5" height="6" fill={s.ink} />
            <rect x={r.x + r.w - 7} y={r.y + o} width="5" height="6" fill={s.ink} />
          </>
        ),
      );
    }
    pattern = <g>{merlons}</g>;
  }
  let tunnel: ComponentChild = null;
  if (props.length === 3 && props.cells.length === 3) {
    const [tx, ty] = props.cells[1]!;
    const x = tx * CELL;
    const y = ty * CELL;
    // The passage runs across the tile: dark mouths on both sides and a band between them.
    tunnel = horizontal ? (
      <g aria-hidden="true">
        <rect x={x + 11} y={y} width="18" height={CELL} fill="#2c2a26" opacity="0.28" />
        <path d={`M ${x + 10} ${y + 7} A 10 7 0 0 1 ${x + 30} ${y + 7} V ${y + 2} H ${x + 10} Z`} fill="#2c2a26" />
        <path d={`M ${x + 10} ${y + CELL - 7} A 10 7 0 0 0 ${x + 30} ${y + CELL - 7} V ${y + CELL - 2} H ${x + 10} Z`} fill="#2c2a26" />
      </g>
    ) : (
      <g aria-hidden="true">
        <rect x={x} y={y + 11} width={CELL} height="18" fill="#2c2a26" opacity="0.28" />
        <path d={`M ${x + 7} ${y + 10} A 7 10 0 0 0 ${x + 7} ${y + 30} H ${x + 2} V ${y + 10} Z`} fill="#2c2a26" />
        <path d={`M ${x + CELL - 7} ${y + 10} A 7 10 0 0 1 ${x + CELL - 7} ${y + 30} H ${x + CELL - 2} V ${y + 10} Z`} fill="#2c2a26" />
      </g>
    );
  }
  const first = props.cells[0]!;
  return (
    <g class={props.cls} role={props.label ? "img" : undefined} aria-label={props.label} aria-hidden={props.label ? undefined : "true"}>
      <rect x={r.x} y={r.y} width={r.w} height={r.h} rx="5" fill={s.fill} stroke={s.ink} stroke-width="1.5" />
      {pattern}
      {tunnel}
      {props.seat !== undefined && <PlayerMark seat={props.seat} x={first[0] * CELL + 9} y={first[1] * CELL + 9} r={4.5} />}
    </g>
  );
}

function Builder({ ui, v, route, cell }: { ui: BoardUi; v: DView; route: string; cell: XY }): ComponentChild {
  const s = KIND_STYLE[kindOfRoute(v, route)] ?? KIND_STYLE.street!;
  const x = cell[0] * CELL + CELL / 2;
  const y = cell[1] * CELL + CELL / 2;
  return (
    <g transform={`translate(${x} ${y})`} role="img" aria-label={ui.tr(`Builder: ${routeName(ui, v, route)}`, `Zedník: ${routeName(ui, v, route)}`)}>
      <circle r="13" fill="#fffdf8" stroke={s.ink} stroke-width="3" />
      <circle cy="-4.5" r="4" fill="#1f2a30" />
      <path d="M-6.5 9 C-6.5 1 6.5 1 6.5 9 Z" fill="#1f2a30" />
    </g>
  );
}

function sameCell(a: XY, b: XY): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** The size in board units a target's hit area has at least: with the whole town shown above
 * the dock of a 360 px phone a cell is drawn ~18 px across, and a target must be 32 px. Under
 * two cells, so that the centre of a place never lies in its neighbour's hit area. */
export const HIT = 78;

/** The margin round the town: an edge cell's hit area stays inside the drawing. */
export const MARGIN = (HIT - CELL) / 2;

/** A target's hit area: its cells, grown to `HIT` across where they are narrower, about the
 * same centre (a finger aims at the middle of what it sees lit). */
export function hitBox(cells: XY[]): { x: number; y: number; w: number; h: number } {
  const r = span(cells, 0);
  const w = Math.max(r.w, HIT);
  const h = Math.max(r.h, HIT);
  return { x: r.x - (w - r.w) / 2, y: r.y - (h - r.h) / 2, w, h };
}

/** Where an event of `ui.marks` happened on the board, in board units; null for what has no
 * place (a turn starting, a goal chosen). Read from the event's data and the view. */
export function markPlace(v: DView, e: MatchEvent): { x: number; y: number; r: number } | null {
  const d = e.data ?? {};
  const around = (cells: XY[]) => {
    const s = span(cells, 0);
    return { x: s.x + s.w / 2, y: s.y + s.h / 2, r: Math.max(s.w, s.h) / 2 + 6 };
  };
  const cellsOf = (x: Json | undefined): XY[] | null =>
    Array.isArray(x) && x.length > 0 && x.every((c) => Array.isArray(c) && c.length === 2) ? (x as unknown as XY[]) : null;
  switch (e.type) {
    case "TilePlaced": {
      const cells = cellsOf(d.cells);
      return cells ? around(cells) : null;
    }
    case "VoteCast":
    case "VotesRevealed":
    case "JeinDeclared":
      return v.vote ? around(v.vote.tile) : null;
    case "VoteDecided": {
      if (v.vote) return around(v.vote.tile);
      const placer = typeof d.placer === "number" ? d.placer : null;
      const last = [...v.tiles_on_board].reverse().find((t) => placer === null || t.seat === placer);
      return d.accepted && last ? around(last.cells) : null;
    }
    case "BuilderRemoved": {
      const route = String(d.route ?? "");
      const last = [...v.tiles_on_board].reverse().find((t) => t.route === route);
      if (last) return around([last.cells[last.cells.length - 1]!]);
      const corner = v.layout.routes.find((r) => r.id === route)?.corner;
      return corner ? around([corner]) : null;
    }
    default:
      return null;
  }
}

/** The line above the town: what to do now, in a few words (one line on a phone). */
export function prompt(v: DView, legal: readonly Command[], ui: BoardUi): string | null {
  if (!ui.interactive) return null;
  if (legal.some((c) => c.type === "vote")) return ui.tr("Outhouse vote: your cards are below.", "Hlasování o kadibudce: karty máte dole.");
  if (legal.some((c) => c.type === "declare_jein")) return ui.tr("Say what your JEIN counts as: yes or no.", "Řekněte, zda váš JEIN je pro, nebo proti.");
  if (legal.some((c) => c.type === "choose_goal")) return ui.tr("Commit to one of your goal cards below.", "Zvolte jednu ze svých karet cílů dole.");
  if (!legal.some((c) => c.type === "place_tile") || ui.preview) return null;
  const tile = ui.picker.get("tile");
  const where = ui.picker.get("where");
  if (tile) return ui.tr("Tap where the tile goes.", "Klepněte, kam placku položit.");
  if (where) return ui.tr("Now pick the tile for that place.", "Teď vyberte placku na to místo.");
  return ui.tr("Pick a tile below, or a lit place.", "Vyberte placku nebo zvýrazněné místo.");
}

export function render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v) return <p class="muted">{ui.tr("No town to show.", "Žádné město k zobrazení.")}</p>;
  const { width, height } = v.layout;
  const box = gridBounds(width, height, CELL, 0, MARGIN);
  const covered = new Set<string>();
  for (const t of v.tiles_on_board) for (const c of t.cells) covered.add(`${c[0]},${c[1]}`);
  const mine = new Set([v.secrets?.building ?? "", ...(v.secrets?.goals ?? [])]);
  const canPlace = ui.interactive && !ui.busy && legal.some((c) => c.type === "place_tile");
  const targets = canPlace ? placeTargets(v, legal, ui.picker.choices) : [];
  const chosenWhere = ui.picker.get("where");
  const preview = ui.preview && ui.preview.type === "place_tile" ? ui.preview : null;
  const ghost = preview ? tileCells(v, String(preview.route), String(preview.direction), Number(preview.length)) : null;
  const players = ui.players;
  const nameOf = (s: number) => players.find((p) => p.seat === s)?.name ?? `#${s + 1}`;
  const line = prompt(v, legal, ui);
  const grid: ComponentChild[] = [];
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      grid.push(<rect x={x * CELL} y={y * CELL} width={CELL} height={CELL} fill={(x + y) % 2 ? "#f1ead9" : "#ece4d1"} />);
  return (
    <div class="dd-board">
      <p class="dd-hint" aria-live="polite">
        {line ?? (v.vote ? voteLine(v, ui) : "\u00a0")}
      </p>
      <PanZoom
        box={box}
        label={ui.tr("The town of Drunter und Drüber", "Město Drunter und Drüber")}
        labels={{ zoomIn: ui.t("zoom_in"), zoomOut: ui.t("zoom_out"), fit: ui.t("zoom_reset") }}
        maxZoom={4}
      >
        <rect x={box.x} y={box.y} width={box.width} height={box.height} fill="#d8cdb4" />
        <g aria-hidden="true">{grid}</g>
        {v.layout.buildings.map((b) =>
          covered.has(`${b.cell[0]},${b.cell[1]}`) ? null : (
            <Building ui={ui} type={b.type} value={b.value} cell={b.cell} mine={mine.has(b.type)} />
          ),
        )}
        {v.layout.outhouses.map((o) => (covered.has(`${o[0]},${o[1]}`) ? null : <Outhouse ui={ui} cell={o} />))}
        {v.layout.routes.map((r) => (
          <Corner ui={ui} v={v} route={r} />
        ))}
        {v.tiles_on_board.map((t) => (
          <TileShape
            kind={t.kind}
            cells={t.cells}
            length={t.length}
            seat={t.seat}
            label={ui.tr(`${tileWords(ui, t.kind, t.length)}, laid by ${nameOf(t.seat)}`, `${tileWords(ui, t.kind, t.length)}, položil(a) ${nameOf(t.seat)}`)}
          />
        ))}
        {v.layout.buildings.map((b) =>
          covered.has(`${b.cell[0]},${b.cell[1]}`) ? (
            <g
              transform={`translate(${b.cell[0] * CELL + CELL - 9} ${b.cell[1] * CELL + CELL - 9})`}
              role="img"
              aria-label={ui.tr(`${buildingName(ui, b.type)} ${b.value}, covered`, `${buildingName(ui, b.type)} ${b.value}, zakryto`)}
            >
              <circle r="6.5" fill={BUILDING_STYLE[b.type] ?? "#777"} stroke="#fffdf8" stroke-width="1.2" />
              <text y="3.5" text-anchor="middle" font-size="9.5" font-weight="700" fill="#fff">
                {b.value}
              </text>
              <line x1="-5" y1="5" x2="5" y2="-5" stroke="#fffdf8" stroke-width="1.4" />
            </g>
          ) : null,
        )}
        {!v.vote && v.tiles_on_board.length > 0 && (
          <g aria-hidden="true">
            {(() => {
              const r = span(v.tiles_on_board[v.tiles_on_board.length - 1]!.cells, 0.5);
              return <rect x={r.x} y={r.y} width={r.w} height={r.h} rx="6" fill="none" stroke="#1f2a30" stroke-width="2.5" />;
            })()}
          </g>
        )}
        {v.vote && (
          <g aria-hidden="true">
            {(() => {
              const r = span(v.vote.tile, 0);
              return <rect x={r.x} y={r.y} width={r.w} height={r.h} rx="6" fill="none" stroke="#b5442c" stroke-width="4" stroke-dasharray="7 4" />;
            })()}
            {v.layout.outhouses
              .filter((o) => v.vote!.tile.some((c) => sameCell(c, o)))
              .map((o) => (
                <g transform={`translate(${o[0] * CELL + CELL / 2} ${o[1] * CELL + CELL / 2})`}>
                  <circle r="11" fill="#b5442c" stroke="#fff" stroke-width="2" />
                  <text y="5.5" text-anchor="middle" font-size="15" font-weight="700" fill="#fff">
                    ?
                  </text>
                </g>
              ))}
          </g>
        )}
        {Object.entries(v.builders).map(([route, cell]) => (cell ? <Builder ui={ui} v={v} route={route} cell={cell} /> : null))}
        {targets.map((t) => {
          const r = span(t.cells, 3);
          const hit = hitBox(t.cells);
          const chosen = chosenWhere === t.where;
          const tile = ui.picker.get("tile");
          const label = tile
            ? placeLabel(ui, v, {
                type: "place_tile",
                route: t.route,
                length: Number(String(tile).split(":")[1]),
                direction: t.direction,
              })
            : extendWords(ui, v, t.route, t.direction);
          return (
            <g key={t.where} {...(targetProps({ label, chosen, onPick: () => (chosen ? unpickWhere(ui) : pickWhere(v, legal, ui, t.where)) }) as Record<string, unknown>)}>
              <rect class="dd-hit" x={hit.x} y={hit.y} width={hit.w} height={hit.h} />
              <rect class="hl dd-hl" x={r.x} y={r.y} width={r.w} height={r.h} rx="6" />
            </g>
          );
        })}
        {ghost && preview && (
          <g>
            <TileShape kind={kindOfRoute(v, String(preview.route))} cells={ghost} length={Number(preview.length)} cls="ghost" />
            {(() => {
              const r = span(ghost, 1);
              return <rect x={r.x} y={r.y} width={r.w} height={r.h} rx="6" fill="none" stroke="#b5442c" stroke-width="3" />;
            })()}
          </g>
        )}
        {markRings(v, ui)}
      </PanZoom>
      {v.vote && <VotePanel v={v} ui={ui} />}
      <Legend v={v} ui={ui} />
      <Tables v={v} ui={ui} />
      {v.result && <ResultPanel v={v} ui={ui} />}
    </div>
  );
}

/** The rings of `ui.marks`: each where its event happened, in the acting player's colour, with
 * its number in the list of log lines (the events with words) when there are several. */
function markRings(v: DView, ui: BoardUi): ComponentChild[] {
  const textOf = (e: MatchEvent) => (e.text ? (ui.lang === "cs" ? e.text.cs : e.text.en) : "");
  const told = ui.marks.filter((e) => textOf(e));
  return ui.marks.map((e) => {
    const at = markPlace(v, e);
    if (!at) return null;
    const text = textOf(e);
    const who = typeof e.actor === "number" ? e.actor : typeof e.data?.seat === "number" ? (e.data.seat as number) : null;
    const n = told.length > 1 && text ? told.indexOf(e) + 1 : undefined;
    return <Mark x={at.x} y={at.y} r={at.r} seat={who} n={n} label={text || undefined} />;
  });
}

/** The vote in one line, above the town while others vote. */
function voteLine(v: DView, ui: BoardUi): string {
  const vote = v.vote!;
  const waiting = vote.order.filter((s) => vote.cast[String(s)] === undefined).length;
  if (vote.tally) return ui.tr(`Outhouse vote: yes ${vote.tally.yes} · no ${vote.tally.no}`, `Hlasování o kadibudce: pro ${vote.tally.yes} · proti ${vote.tally.no}`);
  return ui.tr(`Outhouse vote: ${waiting} still to vote`, `Hlasování o kadibudce: zbývá hlasů: ${waiting}`);
}

function Legend({ v, ui }: { v: DView; ui: BoardUi }): ComponentChild {
  const types = [...new Set(v.layout.buildings.map((b) => b.type))];
  return (
    <ul class="dd-legend" aria-label={ui.tr("Buildings", "Budovy")}>
      {types.map((t) => (
        <li key={t}>
          <svg viewBox="0 0 40 40" width="18" height="18" aria-hidden="true">
            <path d="M4 16 L20 3 L36 16 V37 H4 Z" fill={BUILDING_STYLE[t] ?? "#777"} />
            <BuildingGlyph type={t} x={20} y={24} />
          </svg>
          {buildingName(ui, t)}
        </li>
      ))}
      <li>
        <svg viewBox="0 0 40 40" width="18" height="18" aria-hidden="true">
          <path d="M9 14 L20 5 L31 14 Z" fill="#5e3b1c" />
          <rect x="11" y="14" width="18" height="22" fill="#9a6a3a" />
        </svg>
        {ui.tr("Outhouse", "Kadibudka")}
      </li>
    </ul>
  );
}

/** A tile of the hand drawn as it lies on the town: the kind's colour and pattern (dashes of a
 * street, battlements of a wall, waves of a river), the tunnel of a 3-square tile. */
function MiniTile({ kind, length }: { kind: string; length: number }): ComponentChild {
  const s = KIND_STYLE[kind] ?? KIND_STYLE.street!;
  const w = length * 16;
  let pattern: ComponentChild;
  if (kind === "river") pattern = <path d={wave(4, 8, w - 4, 8)} fill="none" stroke={s.light} stroke-width="1.6" />;
  else if (kind === "wall")
    pattern = (
      <g fill={s.ink}>
        {Array.from({ length: length * 2 }, (_, i) => (
          <rect x={3 + i * 8} y="1.5" width="4" height="3" />
        ))}
        {Array.from({ length: length * 2 }, (_, i) => (
          <rect x={3 + i * 8} y="11.5" width="4" height="3" />
        ))}
      </g>
    );
  else pattern = <line x1="4" y1="8" x2={w - 4} y2="8" stroke={s.light} stroke-width="1.6" stroke-dasharray="3 3" />;
  return (
    <svg class="dd-mini" viewBox={`0 0 ${w} 16`} width={length * 12} height="12" aria-hidden="true">
      <rect x="0.75" y="0.75" width={w - 1.5} height="14.5" rx="3" fill={s.fill} stroke={s.ink} stroke-width="1.5" />
      {pattern}
      {length === 3 && <rect x="19" y="0.75" width="10" height="14.5" fill="#2c2a26" opacity="0.45" />}
    </svg>
  );
}

/** Everyone's tiles (dealt face up) and citizen cards left: public. */
function Tables({ v, ui }: { v: DView; ui: BoardUi }): ComponentChild {
  return (
    <details class="dd-details">
      <summary>{ui.tr("Everyone's tiles and citizen cards", "Placky a karty občanů všech hráčů")}</summary>
      <div class="table-wrap" tabIndex={0} role="region" aria-label={ui.tr("Tiles and citizen cards left", "Zbývající placky a karty občanů")}>
        <table class="data dd-table">
          <caption>{ui.tr("Tiles left of length 1 · 2 · 3", "Zbývající placky délky 1 · 2 · 3")}</caption>
          <thead>
            <tr>
              <th scope="col">{ui.tr("Player", "Hráč")}</th>
              {KINDS.map((k) => (
                <th scope="col" key={k}>
                  <span class="dd-kind-head">
                    <MiniTile kind={k} length={1} />
                    {words(ui, SHORT_KIND_WORDS, k)}
                  </span>
                </th>
              ))}
              <th scope="col">{ui.tr("Cards", "Karty")}</th>
            </tr>
          </thead>
          <tbody>
            {v.tiles_in_hand.map((hand, s) => {
              const p = ui.players.find((x) => x.seat === s);
              return (
                <tr key={s} class={v.forfeited[s] ? "muted" : undefined}>
                  <th scope="row">
                    <PlayerBadge seat={s} name={p?.name ?? `#${s + 1}`} active={p?.active} />
                  </th>
                  {KINDS.map((k) => (
                    <td key={k} class="dd-num">
                      {(hand[k] ?? [0, 0, 0]).join("·")}
                    </td>
                  ))}
                  <td class="dd-num">{v.vote_cards_count[s]}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Ballot({ v, ui, legal, view }: { v: DView; ui: BoardUi; legal: Command[]; view: Json }): ComponentChild {
  const hand = v.secrets?.vote_cards ?? [];
  const sel = voteSelection(ui);
  const chosenVote = selectedVote(legal, ui);
  const s = sums(v, sel);
  return (
    <div class="dd-ballot" role="group" aria-label={ui.tr("Your vote", "Váš hlas")}>
      <p class="small">
        <strong>{ui.tr("Your vote:", "Váš hlas:")}</strong> {voteQuestion(v, ui)}{" "}
        {ui.tr("Tap cards to lay face down, then Vote.", "Klepněte na karty lícem dolů, pak Hlasovat.")}
      </p>
      <div class="dd-cards">
        {hand.map((c) => (
          <button
            type="button"
            key={c}
            class={`dd-card-btn${sel.includes(c) ? " dd-chosen" : ""}`}
            aria-pressed={sel.includes(c) ? "true" : "false"}
            disabled={ui.busy}
            onClick={() => toggleVoteCard(legal, ui, c)}
          >
            <VoteCardChip v={v} ui={ui} name={c} />
            {sel.includes(c) && (
              <span class="pick-tick" aria-hidden="true">
                ✓
              </span>
            )}
          </button>
        ))}
      </div>
      <div class="dd-vote-actions">
        <span class="small">
          {ui.tr("Yes", "Pro")} {s.yes} · {ui.tr("No", "Proti")} {s.no}
          {s.either > 0 && ` · JEIN ${s.either}`}
          {!chosenVote && <span class="muted"> · {ui.tr("pick a card first", "nejdřív vyberte kartu")}</span>}
        </span>
        <button
          type="button"
          class="btn btn-primary"
          disabled={!chosenVote || ui.busy}
          onClick={() => chosenVote && ui.propose(chosenVote, describe(chosenVote, view, ui))}
        >
          {ui.tr("Vote", "Hlasovat")}
        </button>
      </div>
    </div>
  );
}

/** What the town votes on: whose tile, and when it stays. */
function voteQuestion(v: DView, ui: BoardUi): string {
  const vote = v.vote;
  if (!vote) return "";
  const who = ui.players.find((p) => p.seat === vote.placer);
  if (who?.me) return ui.tr("Your tile on an outhouse stays if yes ≥ no.", "Vaše placka na kadibudce zůstane, je-li pro ≥ proti.");
  const name = who?.name ?? `#${vote.placer + 1}`;
  return ui.tr(`${name}'s tile on an outhouse stays if yes ≥ no.`, `Placka hráče ${name} na kadibudce zůstane, je-li pro ≥ proti.`);
}

function VotePanel({ v, ui }: { v: DView; ui: BoardUi }): ComponentChild {
  const vote = v.vote!;
  const nameOf = (s: number) => ui.players.find((p) => p.seat === s)?.name ?? `#${s + 1}`;
  return (
    <section class="dd-vote" aria-labelledby="dd-vote-title">
      <h3 id="dd-vote-title" class="panel-title">
        {ui.tr("Outhouse vote", "Hlasování o kadibudce")}
      </h3>
      <p class="small">
        {ui.tr(
          `${nameOf(vote.placer)} laid a tile of ${routeObject(ui, v, vote.route)} on an outhouse. It stays if yes ≥ no.`,
          `${nameOf(vote.placer)} položil(a) placku (${routeName(ui, v, vote.route).toLowerCase()}) na kadibudku. Zůstane, je-li pro ≥ proti.`,
        )}
      </p>
      <ul class="dd-voters">
        {vote.order.map((s) => {
          const cast = vote.cast[String(s)];
          const declared = vote.declared[String(s)];
          return (
            <li key={s}>
              <PlayerBadge seat={s} name={nameOf(s)} />
              {cast === undefined ? (
                <span class="muted small">{ui.tr("not voted yet", "zatím nehlasoval(a)")}</span>
              ) : typeof cast === "number" ? (
                <span class="small">
                  {ui.tr(`${cast} card${cast === 1 ? "" : "s"} face down`, `karet lícem dolů: ${cast}`)}
                </span>
              ) : (
                <span class="dd-cards">
                  {cast.map((c) => (
                    <VoteCardChip v={v} ui={ui} name={c} small />
                  ))}
                  {!vote.revealed && <span class="muted small">{ui.tr("(yours, hidden from others)", "(vaše, ostatním skryté)")}</span>}
                </span>
              )}
              {declared && <span class="small"> JEIN → {declared === "yes" ? ui.tr("yes", "pro") : ui.tr("no", "proti")}</span>}
            </li>
          );
        })}
      </ul>
      {vote.tally && (
        <p class="dd-tally">
          {ui.tr("Yes", "Pro")} <strong>{vote.tally.yes}</strong> · {ui.tr("No", "Proti")} <strong>{vote.tally.no}</strong>
          {vote.to_declare.length > 0 &&
            ui.tr(` · waiting for JEIN of ${vote.to_declare.map(nameOf).join(", ")}`, ` · čeká se na JEIN: ${vote.to_declare.map(nameOf).join(", ")}`)}
        </p>
      )}
    </section>
  );
}

function ResultPanel({ v, ui }: { v: DView; ui: BoardUi }): ComponentChild {
  const r = v.result!;
  const order = r.scores.map((_, s) => s).sort((a, b) => (r.ranks[a] ?? 9) - (r.ranks[b] ?? 9));
  return (
    <section class="dd-result" aria-labelledby="dd-result-title">
      <h3 id="dd-result-title" class="panel-title">
        {ui.tr("Final scores", "Konečné skóre")}
      </h3>
      <ol>
        {order.map((s) => {
          const p = ui.players.find((x) => x.seat === s);
          // Extended rules: the goal card that counted (`goals` holds both cards of each seat).
          const card = r.buildings?.[s] ?? r.chosen?.[s] ?? null;
          return (
            <li key={s}>
              <PlayerBadge seat={s} name={p?.name ?? `#${s + 1}`} /> <strong>{r.scores[s]}</strong>
              {card && <span class="muted small"> · {buildingName(ui, card)}</span>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

// --- the private area -----------------------------------------------------------------------

export function privateArea(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v || seat === null || !v.secrets) return null;
  const sec = v.secrets;
  const hand = v.tiles_in_hand[seat] ?? {};
  const canPlace = ui.interactive && !ui.busy && legal.some((c) => c.type === "place_tile");
  const possible = canPlace ? tileChoices(v, legal, ui.picker.choices) : new Set<string>();
  const anywhere = canPlace ? tileChoices(v, legal, new Map()) : new Set<string>();
  const chosenTile = ui.picker.get("tile");
  const voting = ui.interactive && legal.some((c) => c.type === "vote");
  return (
    <div class="dd-private">
      {voting && <Ballot v={v} ui={ui} legal={legal} view={view} />}
      {sec.building !== undefined && (
        <p class="dd-secret">
          <span class={`dd-house dd-b-${sec.building ?? "none"}`} aria-hidden="true" />
          {ui.tr("Secret building:", "Tajná budova:")} <strong>{sec.building ? buildingName(ui, sec.building) : "—"}</strong>
          {" · "}
          {ui.tr(`${sec.score ?? 0} points now`, `nyní ${czPoints(sec.score ?? 0)}`)}
        </p>
      )}
      {sec.goals && (
        <div class="dd-secret">
          <ul aria-label={ui.tr("Your secret goal cards", "Vaše tajné karty cílů")}>
            {sec.goals.map((g, i) => (
              <li key={g}>
                {BUILDING_STYLE[g] ? (
                  <span class={`dd-house dd-b-${g}`} aria-hidden="true" />
                ) : (
                  <span class="dd-special" aria-hidden="true">
                    ★
                  </span>
                )}
                {ui.tr("Goal:", "Cíl:")} <strong>{buildingName(ui, g)}</strong> · {ui.tr(`${sec.goal_scores?.[i] ?? 0} points now`, `nyní ${czPoints(sec.goal_scores?.[i] ?? 0)}`)}
                {sec.chosen_goal === g && <span class="pill">{ui.tr("committed", "zvolen")}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div class="dd-hand" role="group" aria-label={ui.tr("Your tiles", "Vaše placky")}>
        {KINDS.flatMap((k) => {
          const counts = hand[k] ?? [0, 0, 0];
          return counts.map((n, i) => {
            if (n === 0) return null;
            const value = `${k}:${i + 1}`;
            const name = `${tileWords(ui, k, i + 1)} ×${n}`;
            if (!canPlace)
              return (
                <span key={value} class="dd-tile dd-tile-static" role="img" aria-label={name} title={name}>
                  <MiniTile kind={k} length={i + 1} />
                  <span class="dd-count" aria-hidden="true">
                    ×{n}
                  </span>
                </span>
              );
            const why = possible.has(value)
              ? undefined
              : anywhere.has(value)
                ? ui.tr("not there", "tam ne")
                : ui.tr("no room", "nikam");
            return (
              <PickButton
                key={value}
                class="dd-tile"
                label={name}
                chosen={chosenTile === value}
                disabled={!possible.has(value)}
                disabledReason={why}
                onPick={() => pickTile(v, legal, ui, value)}
              >
                <MiniTile kind={k} length={i + 1} />
                <span class="dd-count" aria-hidden="true">
                  ×{n}
                </span>
              </PickButton>
            );
          });
        })}
      </div>
      {!v.extended && !voting && (
        <div class="dd-votehand" role="group" aria-label={ui.tr("Your citizen cards", "Vaše karty občanů")}>
          <span class="small dd-votehand-label">{ui.tr("Cards:", "Karty:")}</span>
          {sec.vote_cards.map((c) => (
            <VoteCardChip v={v} ui={ui} name={c} key={c} small />
          ))}
        </div>
      )}
    </div>
  );
}

// --- buttons and words ------------------------------------------------------------------------

/** JEIN declarations and the goal commitment (extended rules) are plain buttons. */
export function extraCommands(_view: Json, _seat: number | null, legal: Command[], _ui: BoardUi): Command[] {
  return legal.filter((c) => c.type === "declare_jein" || c.type === "choose_goal");
}

export function describe(command: Command, view: Json, ui: BoardUi): string {
  const v = asView(view);
  switch (command.type) {
    case "place_tile":
      return v ? placeLabel(ui, v, command) : ui.tr("Place a tile", "Položit placku");
    case "vote": {
      const cards = (command.cards as string[]).map(String);
      const total = v ? sums(v, cards) : { yes: 0, no: 0, either: 0 };
      const list = cards.map((c) => (c === "shrug" ? ui.tr("shrug", "krčení rameny") : c)).join(", ");
      return ui.tr(
        `Vote with ${list} (yes ${total.yes}, no ${total.no}${total.either ? `, JEIN ${total.either}` : ""})`,
        `Hlasovat: ${list} (pro ${total.yes}, proti ${total.no}${total.either ? `, JEIN ${total.either}` : ""})`,
      );
    }
    case "declare_jein":
      return command.side === "yes" ? ui.tr("Declare my JEIN a yes", "Můj JEIN je pro") : ui.tr("Declare my JEIN a no", "Můj JEIN je proti");
    case "choose_goal": {
      const card = String(command.card);
      const i = v?.secrets?.goals?.indexOf(card) ?? -1;
      const pts = i >= 0 ? v?.secrets?.goal_scores?.[i] : undefined;
      const name = buildingName(ui, card);
      return pts !== undefined
        ? ui.tr(`Commit to goal: ${name} (${pts} points now)`, `Zvolit cíl: ${name} (nyní ${czPoints(pts)})`)
        : ui.tr(`Commit to goal: ${name}`, `Zvolit cíl: ${name}`);
    }
    default:
      return humanize(command.type);
  }
}

/** Every move of this game ends the turn, calls others in or commits for good (nothing can be
 * taken back: engine `is_undo_barrier`), so each keeps its preview and Confirm; but a vote
 * that is the only one left (the shrug alone) is the single obvious step: one tap. */
export function needsConfirm(command: Command, _view: Json, legal: Command[]): boolean {
  if (command.type === "vote") return legal.filter((c) => c.type === "vote").length > 1;
  return true;
}
