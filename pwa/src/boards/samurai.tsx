/** The Samurai board: the map of Japan (land, sea, Edo, cities and villages with their figures),
 * the tiles on it in each player's colour and symbol with their kind and value, the player's
 * screen (hand, supply, the secret pick of five), and who has won what.
 *
 * No rules here: what may be tapped is what `legal` says, narrowed step by step (a tile from
 * the hand, then a space; the figure exchange: one figure, then another; at set-up a kind of
 * figure, then a settlement). The view's `near` and `influence` give the influence preview. */

import type { ComponentChild } from "preact";
import type { Command, Json, MatchEvent } from "../types";
import { bounds, hexCorners, hexPoints, hexToPixel, type Box, type Point } from "./toolkit/hex";
import { useEffect } from "preact/hooks";
import { PickButton, PickCount } from "./toolkit/choice";
import { Mark } from "./toolkit/mark";
import { PanZoom } from "./toolkit/panzoom";
import { PlayerBadge, seatStyle, symbolPath } from "./toolkit/pieces";
import { keyOf, narrow, valuesOf, type Step } from "./toolkit/picker";
import { targetProps } from "./toolkit/targets";
import type { BoardUi, Player } from "./types";
import { asJson, viewOf, type ViewParts } from "./view";
import type { GameViews } from "../api/views";
import "./samurai.css";

// --- the view's shapes (games/samurai/view.schema.json) ----------------------------------------

export type Kind = ViewParts["SamuraiKind"];
export const KINDS: readonly Kind[] = ["helmet", "buddha", "rice_field"];

export type Space = ViewParts["SamuraiSpace"];
export type PlacedTile = ViewParts["SamuraiPlacedTile"];
export type Figure = ViewParts["SamuraiFigure"];
export type TileType = ViewParts["SamuraiTileType"];
export type SeatView = ViewParts["SamuraiSeatView"];
export type SamuraiView = GameViews["samurai"];

function asView(view: Json): SamuraiView | null {
  return viewOf("samurai", view, "map");
}

// --- words ------------------------------------------------------------------------------------

type Tr = BoardUi["tr"];
/** What the words need of the board's `ui`: the language and the game's glossary. */
export type Words = Pick<BoardUi, "tr" | "lang" | "game">;

// The glossary's words when the game info has none (a board test without a server): the same
// names, so that nothing on screen falls back to an identifier.
const KIND_WORDS: Record<string, [string, string]> = {
  helmet: ["helmet", "přilba"],
  buddha: ["Buddha", "Buddha"],
  rice_field: ["rice field", "rýžové pole"],
  samurai: ["samurai", "samuraj"],
  ronin: ["ronin", "jezdec"],
  ship: ["ship", "loď"],
  tile_exchange: ["tile exchange", "výměna karet"],
  figure_exchange: ["figure exchange", "výměna figur"],
};

/** The word of `key` in `category` of the game's glossary, in the player's language. */
export function gloss(w: Words, category: string, key: string | number): string | null {
  const t = w.game.glossary?.[category]?.[String(key)];
  if (!t) return null;
  return w.lang === "cs" ? t.cs : t.en;
}

export function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "samurai2" → "samurai"; "tile_exchange" stays. */
export function tileKind(name: string): string {
  return name.replace(/\d+$/, "");
}

/** A kind of figure or tile: "helmet", "rice field" / "přilba", "rýžové pole" (the glossary's
 * figures; tiles' kinds from the same words). */
export function kindName(kind: string, w: Words): string {
  const g = gloss(w, "figures", kind);
  if (g) return g;
  const n = KIND_WORDS[kind];
  return n ? w.tr(n[0], n[1]) : w.tr("tile", "karta");
}

/** A tile as the log names it: "samurai of strength 2", "tile exchange". */
export function tileName(name: string, w: Words): string {
  const g = gloss(w, "tiles", name);
  if (g) return g;
  const m = /^(.*?)(\d+)$/.exec(name);
  return m ? w.tr(`${kindName(m[1]!, w)} of strength ${m[2]}`, `${kindName(m[1]!, w)} se silou ${m[2]}`) : kindName(name, w);
}

function settlementName(kind: Space["settlement"], w: Words): string {
  if (kind === null) return w.tr("space", "pole");
  return gloss(w, "settlements", kind) ?? (kind === "edo" ? "Edo" : kind === "city" ? w.tr("city", "město") : w.tr("village", "vesnice"));
}

/** A space as the log names it: "Edo", "the village north-west of Edo", "the land next to Edo,
 * on its north side" (the glossary's places); never its number. */
export function placeName(space: Space | undefined, id: number, w: Words): string {
  const g = gloss(w, "places", id);
  if (g) return g;
  if (!space) return w.tr("a space", "pole");
  if (space.settlement === "edo") return "Edo";
  if (space.settlement) return w.tr(`a ${settlementName(space.settlement, w)}`, settlementName(space.settlement, w));
  return space.terrain === "sea" ? w.tr("a sea space", "mořské pole") : w.tr("a land space", "pozemní pole");
}

/** A seat by name (the shell's names: "you" is never a number). */
function seatLabel(ui: BoardUi, seat: number): string {
  return ui.players[seat]?.name ?? ui.tr("another player", "jiný hráč");
}

// --- steps and targets (pure: what the tests check) -------------------------------------------

/** The play phase's questions: which tile (the figure exchange counts as one), then where; for
 * the figure exchange, the first figure and the second ("hex:kind"). */
export const PLAY_STEPS: Step[] = [
  {
    key: "tile",
    get: (c) => (c.type === "place_tile" ? c.tile : c.type === "swap_figures" ? "figure_exchange" : undefined),
  },
  { key: "hex", get: (c) => (c.type === "place_tile" ? c.hex : undefined) },
  { key: "first", get: (c) => (c.type === "swap_figures" ? `${String(c.first_hex)}:${String(c.first_kind)}` : undefined) },
  { key: "second", get: (c) => (c.type === "swap_figures" ? `${String(c.second_hex)}:${String(c.second_kind)}` : undefined) },
];
export const FIGURE_STEPS: Step[] = [{ key: "kind" }, { key: "hex" }];

/** The swaps in both orders (the engine takes either), so any figure may be tapped first. */
export function withMirroredSwaps(legal: readonly Command[]): Command[] {
  const out: Command[] = [...legal];
  for (const c of legal)
    if (c.type === "swap_figures")
      out.push({
        type: "swap_figures",
        first_hex: c.second_hex,
        first_kind: c.second_kind,
        second_hex: c.first_hex,
        second_kind: c.first_kind,
      });
  return out;
}

/** The legal command naming the same two figures as `cmd` (in the order the engine listed). */
export function canonicalSwap(cmd: Command, legal: readonly Command[]): Command {
  const pair = (c: Command) =>
    [`${String(c.first_hex)}:${String(c.first_kind)}`, `${String(c.second_hex)}:${String(c.second_kind)}`].sort().join("|");
  return legal.find((c) => c.type === "swap_figures" && pair(c) === pair(cmd)) ?? cmd;
}

export interface Plan {
  mode: "choose" | "figures" | "play" | "idle";
  /** Tiles (by name) that may be tapped: the supply at the secret pick, the hand in play. */
  tiles: string[];
  /** Figure kinds that may be chosen at set-up. */
  kinds: Kind[];
  /** Spaces lit as targets. */
  hexes: number[];
  /** Figures lit as targets, "hex:kind". */
  figures: string[];
  tile?: string;
  kind?: Kind;
  first?: string;
}

/** What the board offers now, given the legal commands and the choices so far. */
export function plan(view: SamuraiView, legal: readonly Command[], choices: ReadonlyMap<string, Json>): Plan {
  const none: Plan = { mode: "idle", tiles: [], kinds: [], hexes: [], figures: [] };
  if (legal.length === 0) return none;
  if (view.phase === "choose_tiles") {
    return { ...none, mode: "choose", tiles: valuesOf(legal, "tile").map(String) };
  }
  if (view.phase === "place_figures") {
    const kinds = valuesOf(legal, "kind").map(String) as Kind[];
    const chosen = choices.get("kind");
    const kind = kinds.length === 1 ? kinds[0] : kinds.find((k) => k === chosen);
    const hexes = kind ? valuesOf(narrow(legal, FIGURE_STEPS, new Map([["kind", kind]])), "hex").map(Number) : [];
    return { ...none, mode: "figures", kinds, kind, hexes };
  }
  const all = withMirroredSwaps(legal);
  const tiles = valuesOf(all, PLAY_STEPS[0]!).map(String);
  const pending = view.this_turn.tile_to_place_again;
  const chosen = choices.get("tile");
  const tile = tiles.find((t) => t === chosen) ?? (pending && tiles.length === 1 ? tiles[0] : undefined);
  const out: Plan = { ...none, mode: "play", tiles, tile };
  if (!tile) return out;
  const withTile = narrow(all, PLAY_STEPS, new Map([["tile", tile]]));
  if (tile !== "figure_exchange") return { ...out, hexes: valuesOf(withTile, PLAY_STEPS[1]!).map(Number) };
  const first = choices.get("first");
  const firsts = valuesOf(withTile, PLAY_STEPS[2]!).map(String);
  if (typeof first !== "string" || !firsts.includes(first)) return { ...out, figures: firsts };
  const seconds = valuesOf(narrow(withTile, PLAY_STEPS, new Map([["tile", tile], ["first", first]])), PLAY_STEPS[3]!);
  return { ...out, first, figures: seconds.map(String) };
}

// --- influence preview ------------------------------------------------------------------------

export interface Touch {
  hex: number;
  kind: Kind;
  /** Every seat's influence now and after the tile. */
  before: number[];
  after: number[];
}

/** The figures a tile on `hex` would influence and by how much: the view's `near` (which
 * settlements the space touches) and the tile's `affects` and `strength`. */
export function touches(view: SamuraiView, seat: number, tile: string, hex: number): Touch[] {
  const type = view.tile_types[tile];
  const space = view.map.find((s) => s.id === hex);
  if (!type || !space || type.strength === 0) return [];
  const out: Touch[] = [];
  for (const h of space.near) {
    const fig = view.figures.find((f) => f.hex === h);
    if (!fig) continue;
    for (const kind of fig.kinds) {
      if (!type.affects.includes(kind)) continue;
      const before = fig.influence[kind] ?? view.players.map(() => 0);
      const after = before.map((v, i) => (i === seat ? v + type.strength : v));
      out.push({ hex: h, kind, before, after });
    }
  }
  return out;
}

/** The seat with strictly the most influence (more than 0), or null. */
export function leader(influence: readonly number[] | undefined): number | null {
  if (!influence) return null;
  let best = 0;
  let who: number | null = null;
  influence.forEach((v, i) => {
    if (v > best) {
      best = v;
      who = i;
    } else if (v === best) who = null;
  });
  return best > 0 ? who : null;
}

// --- drawing ----------------------------------------------------------------------------------

const SIZE = 10;
const INK = "#1f2a30";
const SEA = "#cfe2e6";
const LAND = "#efe6cc";
const TOWN = "#e3cf9b";
const TOWN_LINE = "#8a6d3b";
const SLOTS: Record<string, number> = { edo: 3, city: 2, village: 1 };

/** Mixes `colour` with white: t = 0 white, 1 the colour. */
export function tint(colour: string, t: number): string {
  const n = parseInt(colour.slice(1), 16);
  const ch = (s: number) => Math.round(255 - (255 - ((n >> s) & 255)) * t);
  return `rgb(${ch(16)} ${ch(8)} ${ch(0)})`;
}

interface Layout {
  rotated: boolean;
  centre: Map<number, Point>;
  box: Box;
}

/** Hex centres; `rotated` turns the map a quarter (north to the right) so that a tall phone
 * screen shows it large: the pointy hexes become flat ones. */
export function layout(map: readonly Space[], rotated: boolean): Layout {
  const centre = new Map<number, Point>();
  const corners: Point[] = [];
  for (const s of map) {
    const p = hexToPixel(s, SIZE, "pointy");
    const c = rotated ? { x: -p.y, y: p.x } : p;
    centre.set(s.id, c);
    corners.push(...hexCorners(c, SIZE, rotated ? "flat" : "pointy"));
  }
  return { rotated, centre, box: bounds(corners, SIZE * 0.2) };
}

/** Kinds of figures and tiles as small glyphs in a unit square (−1..1), drawn in `ink`. */
export function Glyph({ kind, x, y, s, ink }: { kind: string; x: number; y: number; s: number; ink: string }): ComponentChild {
  const line = { fill: "none", stroke: ink, "stroke-linecap": "round" as const, "stroke-linejoin": "round" as const };
  let body: ComponentChild;
  switch (kind) {
    case "helmet":
      body = (
        <path
          fill={ink}
          d="M-0.7 0.22A0.7 0.62 0 0 1 0.7 0.22ZM-1 0.32H1L0.74 0.78H-0.74ZM-0.82 -1Q0 -0.02 0.82 -1Q0 -0.34 -0.82 -1Z"
        />
      );
      break;
    case "buddha":
      body = (
        <path
          fill={ink}
          d="M-0.26 -0.56A0.26 0.26 0 1 0 0.26 -0.56A0.26 0.26 0 1 0 -0.26 -0.56ZM-0.1 -0.86A0.1 0.1 0 1 0 0.1 -0.86A0.1 0.1 0 1 0 -0.1 -0.86ZM-0.3 -0.24Q-0.58 -0.2 -0.6 0.25L-0.95 0.8Q0 1 0.95 0.8L0.6 0.25Q0.58 -0.2 0.3 -0.24Z"
        />
      );
      break;
    case "rice_field":
      body = (
        <g>
          <path fill={ink} d="M-0.9 -0.1H-0.06V0.85H-0.9ZM0.06 -0.1H0.9V0.85H0.06Z" />
          <path {...line} stroke-width="0.16" d="M-0.5 -0.25V-0.9M-0.5 -0.5L-0.78 -0.8M-0.5 -0.5L-0.22 -0.8M0.5 -0.25V-0.9M0.5 -0.5L0.22 -0.8M0.5 -0.5L0.78 -0.8" />
        </g>
      );
      break;
    case "samurai":
      body = (
        <g {...line}>
          <path stroke-width="0.2" d="M-0.5 0.5L0.88 -0.88" />
          <path stroke-width="0.34" d="M-0.9 0.9L-0.56 0.56" />
          <path stroke-width="0.18" d="M-0.78 0.3L-0.3 0.78" />
        </g>
      );
      break;
    case "ronin":
      body = (
        <g>
          <path fill={ink} d="M-1 0.1L0 -0.78L1 0.1Q0 -0.08 -1 0.1Z" />
          <path {...line} stroke-width="0.2" d="M-0.75 0.75L0.8 0.35" />
          <path {...line} stroke-width="0.16" d="M-0.5 0.48L-0.4 0.86" />
        </g>
      );
      break;
    case "ship":
      body = (
        <g>
          <path fill={ink} d="M-1 0.35H1L0.62 0.85H-0.62ZM-0.62 -0.8H0.62V0.12H-0.62Z" />
          <path {...line} stroke-width="0.14" d="M0 -0.95V0.35" />
        </g>
      );
      break;
    case "tile_exchange":
      body = (
        <g {...line} stroke-width="0.17">
          <path d="M-0.85 -0.32H0.75M0.38 -0.7L0.8 -0.32L0.38 0.06" />
          <path d="M0.85 0.36H-0.75M-0.38 -0.02L-0.8 0.36L-0.38 0.74" />
        </g>
      );
      break;
    case "figure_exchange":
      body = (
        <g {...line} stroke-width="0.17">
          <path d="M-0.78 -0.05A0.78 0.78 0 0 1 0.66 -0.42M0.78 0.05A0.78 0.78 0 0 1 -0.66 0.42" />
          <path d="M0.22 -0.58L0.7 -0.36L0.84 -0.86M-0.22 0.58L-0.7 0.36L-0.84 0.86" />
        </g>
      );
      break;
    default:
      body = <circle r="0.6" fill={ink} />;
  }
  return <g transform={`translate(${r2(x)} ${r2(y)}) scale(${r2(s)})`}>{body}</g>;
}

function r2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** One tile: the player's colour (a tinted face, a firm edge) and symbol, the kind, the value. */
export function TileFace(props: {
  tile: string;
  seat: number;
  at: Point;
  flat: boolean;
  strength: number;
  class?: string;
  label?: string;
  /** Placed in its owner's latest turn: drawn with a dark rim and a dot. */
  fresh?: boolean;
}): ComponentChild {
  const st = seatStyle(props.seat);
  const { x, y } = props.at;
  const kind = tileKind(props.tile);
  const valued = props.strength > 0;
  return (
    <g class={props.class} role={props.label ? "img" : undefined} aria-label={props.label} aria-hidden={props.label ? undefined : "true"}>
      <polygon points={hexPoints(props.at, SIZE * 0.9, props.flat ? "flat" : "pointy")} fill={tint(st.colour, 0.3)} stroke={props.fresh ? st.ink : st.colour} stroke-width={props.fresh ? 2.2 : 1.7} />
      {props.fresh && <circle class="sam-fresh" cx={x + (props.flat ? 5.6 : 4.4)} cy={y - (props.flat ? 5.4 : 5.2)} r="1.5" />}
      {valued ? (
        <>
          <Glyph kind={kind} x={x - 3.6} y={y - 1.6} s={3.3} ink={st.ink} />
          <text x={x + 3.9} y={y + 1.6} class="sam-value" text-anchor="middle" font-size="9" fill={st.ink}>
            {props.strength}
          </text>
        </>
      ) : (
        <Glyph kind={kind} x={x} y={y - 1.4} s={3.9} ink={st.ink} />
      )}
      <path transform={`translate(${r2(x)} ${r2(y + 5.6)})`} d={symbolPath(st.symbol, 1.9)} fill={st.colour} stroke="#fff" stroke-width="0.5" />
    </g>
  );
}

/** Where the figures of a settlement stand inside its space. */
function slotsAt(c: Point, n: number): { x: number; y: number; r: number }[] {
  if (n === 1) return [{ x: c.x, y: c.y, r: 6 }];
  if (n === 2) return [{ x: c.x - 4.2, y: c.y, r: 4.1 }, { x: c.x + 4.2, y: c.y, r: 4.1 }];
  return [
    { x: c.x, y: c.y - 3.9, r: 3.6 },
    { x: c.x - 4.1, y: c.y + 3, r: 3.6 },
    { x: c.x + 4.1, y: c.y + 3, r: 3.6 },
  ];
}

/** The spaces to mark as just played: each other seat's latest turn, and this seat's own turn
 * while it is under way. */
export function freshSpaces(view: SamuraiView, seat: number | null): Set<number> {
  const out = new Set<number>();
  if (view.phase !== "play" && view.phase !== "over") return out;
  for (const p of view.players) {
    const mine = p.seat === seat;
    if (mine && !(view.current === seat && view.this_turn.tiles_placed > 0)) continue;
    for (const h of p.last_turn ?? []) out.add(h);
  }
  return out;
}

/** An emptied place in a settlement: who won the figure (their symbol in their colour; a grey
 * cross: set beside the board), and its kind when it is no secret. */
function Taken({ slot, was, ui }: { slot: { x: number; y: number; r: number }; was: NonNullable<SamuraiView["taken"]>[number]; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  const kind = capital(was.kind ? kindName(was.kind, ui) : tr("figure", "figurka"));
  const who = was.seat === null ? tr("beside the board", "vedle plánu") : seatLabel(ui, was.seat);
  const label = was.seat === null ? `${kind}: ${who}` : tr(`${kind} won by ${who}`, `${kind}: získal ${who}`);
  return (
    <g role="img" aria-label={label}>
      {was.kind && <Glyph kind={was.kind} x={slot.x} y={slot.y} s={slot.r * 0.6} ink="#b9ab86" />}
      {was.seat === null ? (
        <path d={`M${r2(slot.x - 2)} ${r2(slot.y - 2)}l4 4m0 -4l-4 4`} stroke="#6b6b6b" stroke-width="0.8" stroke-linecap="round" />
      ) : (
        <path
          transform={was.kind ? `translate(${r2(slot.x + slot.r * 0.55)} ${r2(slot.y + slot.r * 0.55)})` : `translate(${r2(slot.x)} ${r2(slot.y)})`}
          d={symbolPath(seatStyle(was.seat).symbol, was.kind ? Math.max(1.4, slot.r * 0.42) : slot.r * 0.5)}
          fill={seatStyle(was.seat).colour}
          stroke="#fff"
          stroke-width="0.45"
        />
      )}
    </g>
  );
}

/** Where each marked event happened (`ui.marks`): the space of a placed tile or figure, of a
 * taken or set-aside figure, both settlements of a swap; numbered in the events' order, with the
 * event's log line to read. */
export interface MarkSpot {
  hex: number;
  seat: number | null;
  n: number;
  label: string;
}

export function markSpots(marks: readonly MatchEvent[], map: readonly Space[], lang: "en" | "cs" = "en"): MarkSpot[] {
  const ids = new Set(map.map((s) => s.id));
  const out: MarkSpot[] = [];
  let n = 0;
  for (const e of marks) {
    const d = e.data ?? {};
    const hexes = ["hex", "first_hex", "second_hex"].map((k) => d[k]).filter((h): h is number => typeof h === "number" && ids.has(h));
    if (!hexes.length) continue;
    n += 1;
    const seat = typeof d.seat === "number" ? d.seat : (e.actor ?? null);
    const label = e.text ? e.text[lang] : "";
    for (const hex of new Set(hexes)) out.push({ hex, seat, n, label });
  }
  return out;
}

// --- regions: a step before the spaces when they lie too far apart to be tapped ----------------

/** The board's frame (CSS px) a device gives at least: a 360-px phone's board above the dock
 * (about 344 × 215 px), a tablet's, a desktop's. */
export function frameFor(layout: BoardUi["layout"]): { width: number; height: number } {
  if (layout.phone) return { width: 340, height: 205 };
  return layout.width === "tablet" ? { width: 640, height: 420 } : { width: 720, height: 480 };
}

/** A target's hit area (a whole hex, board units) and the px it must be drawn at least. */
const HEX_W = SIZE * Math.sqrt(3);
const HEX_H = SIZE * 2;
const TARGET_PX = 32;
/** Board units → CSS px at least, so that a hex is drawn `TARGET_PX` across (and a little). */
const MIN_SCALE = (TARGET_PX + 2) / HEX_W;

export interface Region {
  key: string;
  hexes: number[];
  box: Box;
  /** Where on the map, as a compass word: [en, cs]. */
  where: [string, string];
}

function boxOf(points: readonly Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs) - HEX_W / 2;
  const y = Math.min(...ys) - HEX_H / 2;
  return { x, y, width: Math.max(...xs) + HEX_W / 2 - x, height: Math.max(...ys) + HEX_H / 2 - y };
}

/** Whether hexes centred at `points` fit the frame with each drawn `TARGET_PX` across. */
export function fitsTappable(points: readonly Point[], frame: { width: number; height: number }): boolean {
  if (points.length === 0) return true;
  const b = boxOf(points);
  return Math.min(frame.width / b.width, frame.height / b.height) >= MIN_SCALE;
}

const COMPASS: Record<string, [string, string]> = {
  nw: ["north-west", "severozápad"],
  n: ["north", "sever"],
  ne: ["north-east", "severovýchod"],
  w: ["west", "západ"],
  c: ["centre", "střed"],
  e: ["east", "východ"],
  sw: ["south-west", "jihozápad"],
  s: ["south", "jih"],
  se: ["south-east", "jihovýchod"],
};

/** The spaces split into parts of the map that each fit the frame with every space tappable:
 * cells of a grid over the map, named by where they lie (north-west, centre…). */
export function regionsOf(hexes: readonly number[], lay: Layout, frame: { width: number; height: number }): Region[] {
  const cellW = Math.max(HEX_W, frame.width / MIN_SCALE - HEX_W);
  const cellH = Math.max(HEX_H, frame.height / MIN_SCALE - HEX_H);
  const cols = Math.max(1, Math.ceil(lay.box.width / cellW));
  const rows = Math.max(1, Math.ceil(lay.box.height / cellH));
  const w = lay.box.width / cols;
  const h = lay.box.height / rows;
  const cells = new Map<string, number[]>();
  for (const hex of hexes) {
    const c = lay.centre.get(hex);
    if (!c) continue;
    const col = Math.min(cols - 1, Math.floor((c.x - lay.box.x) / w));
    const row = Math.min(rows - 1, Math.floor((c.y - lay.box.y) / h));
    const key = `${col}:${row}`;
    cells.set(key, [...(cells.get(key) ?? []), hex]);
  }
  const third = (i: number, n: number) => (n === 1 ? 1 : Math.min(2, Math.floor(((i + 0.5) / n) * 3)));
  const out: Region[] = [];
  for (const [key, list] of cells) {
    const [col, row] = key.split(":").map(Number) as [number, number];
    const v = ["n", "", "s"][third(row, rows)]!;
    const hz = ["w", "", "e"][third(col, cols)]!;
    out.push({ key, hexes: list, box: { x: lay.box.x + col * w, y: lay.box.y + row * h, width: w, height: h }, where: COMPASS[v + hz || "c"]! });
  }
  out.sort((a, b) => a.box.y - b.box.y || a.box.x - b.box.x);
  return out;
}

/** The spaces to light now: all of them when they fit the frame tappable, else the chosen
 * part's (or none, and the parts to choose from). */
export function focus(hexes: readonly number[], lay: Layout, frame: { width: number; height: number }, chosen: string | undefined): { hexes: number[]; regions: Region[] | null; region?: Region } {
  const points = hexes.map((h) => lay.centre.get(h)).filter((p): p is Point => !!p);
  if (fitsTappable(points, frame)) return { hexes: [...hexes], regions: null };
  const regions = regionsOf(hexes, lay, frame);
  const region = regions.find((r) => r.key === chosen);
  if (region) return { hexes: region.hexes, regions, region };
  if (regions.length === 1) return { hexes: regions[0]!.hexes, regions, region: regions[0] };
  return { hexes: [], regions };
}

// --- the board --------------------------------------------------------------------------------

interface BoardProps {
  view: SamuraiView;
  seat: number | null;
  legal: Command[];
  ui: BoardUi;
}

function pickTile(ui: BoardUi, tile: string): void {
  if (ui.picker.get("tile") === tile) ui.picker.reset();
  else ui.picker.set("tile", tile, PLAY_STEPS);
  ui.picker.unset("region");
  ui.picker.unset("fhex");
  if (ui.preview) ui.cancel();
  else ui.redraw();
}

function pickFigure(ui: BoardUi, p: Plan, legal: readonly Command[], view: SamuraiView, key: string): void {
  ui.picker.set("tile", "figure_exchange", PLAY_STEPS);
  ui.picker.unset("region");
  ui.picker.unset("fhex");
  if (!p.first) {
    ui.picker.set("first", key, PLAY_STEPS);
    if (ui.preview) ui.cancel();
    else ui.redraw();
    return;
  }
  if (key === p.first) {
    ui.picker.unset("first");
    ui.picker.unset("second");
    if (ui.preview) ui.cancel();
    else ui.redraw();
    return;
  }
  ui.picker.set("first", p.first, PLAY_STEPS);
  ui.picker.set("second", key, PLAY_STEPS);
  const [fh, fk] = p.first.split(":");
  const [sh, sk] = key.split(":");
  const cmd = canonicalSwap({ type: "swap_figures", first_hex: Number(fh), first_kind: fk ?? "", second_hex: Number(sh), second_kind: sk ?? "" }, legal);
  ui.propose(cmd, describe(cmd, asJson<"samurai">(view), ui));
}

/** What the step lights, once the spaces too far apart are split into parts of the map and a
 * settlement of several figures asks which one. */
function stepFocus(view: SamuraiView, p: Plan, ui: BoardUi) {
  const lay = layout(view.map, false);
  const frame = frameFor(ui.layout);
  const chosenRegion = ui.picker.get("region");
  const region = typeof chosenRegion === "string" ? chosenRegion : undefined;
  const hexFocus = focus(p.hexes, lay, frame, region);
  const allFigures = p.first ? [...p.figures, p.first] : p.figures;
  const figureTowns = [...new Set(allFigures.map((k) => Number(k.split(":")[0])))];
  const townFocus = focus(figureTowns, lay, frame, region);
  const fhex = ui.picker.get("fhex");
  const openTown = typeof fhex === "number" && townFocus.hexes.includes(fhex) ? fhex : null;
  return { lay, hexFocus, townFocus, allFigures, openTown, regions: p.hexes.length ? hexFocus : townFocus };
}

/** The step's buttons beside the map: which figure of the tapped settlement, or back to the
 * whole map from a part of it. On a phone they stand in the dock, above the hand. */
function StepBar({ view, seat, legal, ui }: BoardProps): ComponentChild {
  const active = ui.interactive && !ui.busy;
  const p = plan(view, active ? legal : [], ui.picker.choices);
  const { allFigures, openTown, regions } = stepFocus(view, p, ui);
  const tr = ui.tr;
  void seat;
  const back = (key: string) => () => {
    ui.picker.unset(key);
    ui.redraw();
  };
  const preview = ui.preview;
  const picked = new Set<string>(p.first ? [p.first] : []);
  if (preview?.type === "swap_figures") {
    picked.add(`${String(preview.first_hex)}:${String(preview.first_kind)}`);
    picked.add(`${String(preview.second_hex)}:${String(preview.second_kind)}`);
  }
  if (openTown !== null) {
    const s = view.map.find((x) => x.id === openTown);
    return (
      <div class="sam-kinds sam-bar" role="group" aria-label={capital(placeName(s, openTown, ui))}>
        {allFigures
          .filter((k) => Number(k.split(":")[0]) === openTown)
          .map((k) => (
            <PickButton key={k} class="sam-kind" chosen={picked.has(k)} attrs={{ "data-figure": k }} onPick={() => pickFigure(ui, p, legal, view, k)}>
              <KindIcon kind={k.split(":")[1] ?? ""} size={22} />
              <span>{capital(kindName(k.split(":")[1] ?? "", ui))}</span>
            </PickButton>
          ))}
        <button type="button" class="btn sam-back" onClick={back("fhex")}>
          {tr("Another settlement", "Jiná osada")}
        </button>
      </div>
    );
  }
  if (regions.region && regions.regions && regions.regions.length > 1)
    return (
      <div class="sam-bar">
        <button type="button" class="btn sam-back" onClick={back("region")}>
          {tr("← Whole map", "← Celá mapa")}
        </button>
      </div>
    );
  return null;
}

function Map_({ view, seat, legal, ui }: BoardProps): ComponentChild {
  // North up on every device (ui.layout), in every phase, for the whole match: the map never
  // turns under the player's thumb (issue 38). Turned a quarter it would suit only a tall frame,
  // and a phone's frame beside the dock is wide (about 374 × 250 px: two players' hexes come out
  // 23 px north up, 16 px turned).
  const rotated = false;
  const lay = layout(view.map, rotated);
  const orient = rotated ? "flat" : "pointy";
  const active = ui.interactive && !ui.busy;
  const p = plan(view, active ? legal : [], ui.picker.choices);
  const tr = ui.tr;
  const spaces = new Map(view.map.map((s) => [s.id, s]));
  const takenAt = new Map<number, NonNullable<SamuraiView["taken"]>>();
  for (const t of view.taken ?? []) takenAt.set(t.hex, [...(takenAt.get(t.hex) ?? []), t]);
  const tiles = new Map(view.tiles.map((t) => [t.hex, t]));
  const figures = new Map(view.figures.map((f) => [f.hex, f]));
  const preview = ui.preview;
  const ghostTile = preview?.type === "place_tile" && typeof preview.hex === "number" && typeof preview.tile === "string" ? preview : null;
  const swapPicked = new Set<string>();
  if (preview?.type === "swap_figures") {
    swapPicked.add(`${String(preview.first_hex)}:${String(preview.first_kind)}`);
    swapPicked.add(`${String(preview.second_hex)}:${String(preview.second_kind)}`);
  } else if (p.first) swapPicked.add(p.first);
  const { hexFocus, townFocus, allFigures, openTown, regions } = stepFocus(view, p, ui);
  const lit = new Set(hexFocus.hexes);
  const litTowns = openTown === null ? new Set(townFocus.hexes) : new Set<number>();
  const touched = new Set<number>();
  if (ghostTile && seat !== null) for (const t of touches(view, seat, String(ghostTile.tile), Number(ghostTile.hex))) touched.add(t.hex);

  const onHex = (hex: number) => {
    // The chosen hex tapped again takes the choice back (proposing it again changed nothing).
    if (ghostTile?.hex === hex || (preview?.type === "place_figure" && preview.hex === hex)) {
      ui.picker.unset("hex");
      ui.cancel();
      return;
    }
    if (p.mode === "figures" && p.kind) {
      const cmd = legal.find((c) => c.type === "place_figure" && c.kind === p.kind && c.hex === hex);
      if (cmd) ui.propose(cmd, describe(cmd, asJson<"samurai">(view), ui));
      return;
    }
    if (!p.tile) return;
    const cmd = legal.find((c) => c.type === "place_tile" && c.tile === p.tile && c.hex === hex);
    if (cmd) {
      ui.picker.set("tile", p.tile, PLAY_STEPS);
      ui.picker.set("hex", hex, PLAY_STEPS);
      ui.propose(cmd, describe(cmd, asJson<"samurai">(view), ui));
    }
  };
  const onFigure = (key: string) => pickFigure(ui, p, legal, view, key);
  const figuresAt = (hex: number) => allFigures.filter((k) => Number(k.split(":")[0]) === hex);
  /** A settlement tapped in the figure exchange: its figure, or which of its figures. */
  const onTown = (hex: number) => {
    const here = figuresAt(hex);
    if (here.length === 1) onFigure(here[0]!);
    else {
      ui.picker.set("fhex", hex);
      ui.redraw();
    }
  };
  /** A part of the map tapped: its spaces come closer; a part of one space is that space. */
  const onRegion = (r: Region) => {
    if (r.hexes.length === 1 && p.hexes.length) return onHex(r.hexes[0]!);
    if (r.hexes.length === 1) return onTown(r.hexes[0]!);
    ui.picker.set("region", r.key);
    ui.redraw();
  };

  const base: ComponentChild[] = [];
  const towns: ComponentChild[] = [];
  for (const s of view.map) {
    const c = lay.centre.get(s.id)!;
    const fill = s.terrain === "sea" ? SEA : s.settlement ? TOWN : LAND;
    base.push(<polygon key={s.id} points={hexPoints(c, SIZE, orient)} fill={fill} stroke="#f8f4ea" stroke-width="0.8" />);
    if (!s.settlement) continue;
    const fig = figures.get(s.id);
    const slots = slotsAt(c, SLOTS[s.settlement] ?? 1);
    const kinds = fig?.kinds ?? [];
    const gone = takenAt.get(s.id) ?? [];
    towns.push(
      <g key={`t${s.id}`} class={touched.has(s.id) ? "sam-touched" : undefined}>
        <polygon points={hexPoints(c, SIZE * (s.settlement === "village" ? 0.8 : 0.9), orient)} fill="none" stroke={TOWN_LINE} stroke-width={s.settlement === "village" ? 0.7 : 1.4} />
        {s.settlement === "edo" && <polygon points={hexPoints(c, SIZE * 0.74, orient)} fill="none" stroke={TOWN_LINE} stroke-width="0.7" />}
        {slots.map((slot, i) => {
          const kind = kinds[i];
          if (!kind) {
            const was = gone[i - kinds.length];
            return (
              <g key={i}>
                <circle cx={slot.x} cy={slot.y} r={slot.r * 0.8} fill="none" stroke={TOWN_LINE} stroke-width="0.5" stroke-dasharray="1.2 1" />
                {was && <Taken slot={slot} was={was} ui={ui} />}
              </g>
            );
          }
          const lead = leader(fig?.influence[kind]);
          const key = `${s.id}:${kind}`;
          return (
            <g key={i} class={swapPicked.has(key) ? "sam-picked" : undefined}>
              <circle cx={slot.x} cy={slot.y} r={slot.r} fill="#fffdf8" stroke={INK} stroke-width="0.5" />
              <Glyph kind={kind} x={slot.x} y={slot.y} s={slot.r * 0.66} ink={INK} />
              {lead !== null && (
                <path
                  transform={`translate(${r2(slot.x + slot.r * 0.72)} ${r2(slot.y + slot.r * 0.72)})`}
                  d={symbolPath(seatStyle(lead).symbol, Math.max(1.3, slot.r * 0.34))}
                  fill={seatStyle(lead).colour}
                  stroke="#fff"
                  stroke-width="0.45"
                />
              )}
            </g>
          );
        })}
      </g>,
    );
  }

  const fresh = freshSpaces(view, seat);
  const placed: ComponentChild[] = view.tiles.map((t) => (
    <TileFace
      key={`p${t.hex}`}
      tile={t.tile}
      seat={t.seat}
      at={lay.centre.get(t.hex) ?? { x: 0, y: 0 }}
      flat={rotated}
      strength={view.tile_types[t.tile]?.strength ?? 0}
      fresh={fresh.has(t.hex)}
      label={`${seatLabel(ui, t.seat)}: ${tileName(t.tile, ui)}${fresh.has(t.hex) ? tr(" (latest turn)", " (poslední tah)") : ""}`}
    />
  ));
  for (const hex of fresh) {
    const c = lay.centre.get(hex);
    if (c && spaces.get(hex)?.settlement) placed.push(<polygon key={`s${hex}`} class="sam-fresh-town" points={hexPoints(c, SIZE * 0.97, orient)} />);
  }

  /** A lit space's name: what goes there and where, as the log says it. */
  const hexLabel = (hex: number) => {
    const on = tiles.get(hex);
    const what = capital(p.mode === "figures" && p.kind ? kindName(p.kind, ui) : p.tile ? tileName(p.tile, ui) : "");
    const where = placeName(spaces.get(hex), hex, ui);
    return on ? tr(`${what} on your ${tileName(on.tile, ui)}: ${where}`, `${what} na vaši kartu ${tileName(on.tile, ui)}: ${where}`) : `${what}: ${where}`;
  };
  const townLabel = (hex: number) =>
    `${capital(placeName(spaces.get(hex), hex, ui))}: ${figuresAt(hex)
      .map((k) => kindName(k.split(":")[1] ?? "", ui))
      .join(", ")}`;
  const targets: ComponentChild[] = [];
  for (const hex of lit) {
    const c = lay.centre.get(hex);
    if (!c) continue;
    const chosen = ghostTile?.hex === hex || (preview?.type === "place_figure" && preview.hex === hex);
    const label = hexLabel(hex);
    targets.push(
      <g key={`h${hex}`} {...(targetProps({ label, chosen, onPick: () => onHex(hex) }) as Record<string, unknown>)} data-hex={hex}>
        <polygon class="sam-hit" points={hexPoints(c, SIZE, orient)} />
        <polygon class="hl" points={hexPoints(c, SIZE * 0.86, orient)} />
      </g>,
    );
  }
  for (const hex of litTowns) {
    const s = spaces.get(hex);
    const c = lay.centre.get(hex);
    if (!s || !c) continue;
    const here = figuresAt(hex);
    const kinds = here.map((k) => kindName(k.split(":")[1] ?? "", ui)).join(", ");
    const label = `${capital(placeName(s, hex, ui))}: ${kinds}`;
    const onPick = () => onTown(hex);
    targets.push(
      <g key={`f${hex}`} {...(targetProps({ label, chosen: here.some((k) => swapPicked.has(k)), onPick }) as Record<string, unknown>)} data-settlement={hex}>
        <polygon class="sam-hit" points={hexPoints(c, SIZE, orient)} />
        <polygon class="hl" points={hexPoints(c, SIZE * 0.9, orient)} />
      </g>,
    );
  }
  if (openTown !== null) {
    const c = lay.centre.get(openTown);
    if (c) targets.push(<polygon key="open" class="hl chosen sam-above" points={hexPoints(c, SIZE * 0.9, orient)} />);
  }
  if (regions.regions && !regions.region) {
    const many = (n: number) => (p.hexes.length ? tr(`${n} ${n === 1 ? "space" : "spaces"}`, `${n} ${n === 1 ? "místo" : n < 5 ? "místa" : "míst"}`) : tr(`${n} ${n === 1 ? "settlement" : "settlements"}`, `${n} ${n === 1 ? "osada" : n < 5 ? "osady" : "osad"}`));
    for (const r of regions.regions) {
      const one = r.hexes[0]!;
      const label =
        r.hexes.length === 1
          ? p.hexes.length
            ? hexLabel(one)
            : townLabel(one)
          : tr(`Part of the map: ${r.where[0]} (${many(r.hexes.length)})`, `Část mapy: ${r.where[1]} (${many(r.hexes.length)})`);
      targets.push(
        <g key={`r${r.key}`} {...(targetProps({ label, onPick: () => onRegion(r) }) as Record<string, unknown>)} data-region={r.key}>
          <rect class="hl sam-region" x={r2(r.box.x + 1)} y={r2(r.box.y + 1)} width={r2(r.box.width - 2)} height={r2(r.box.height - 2)} rx="4" />
          <g aria-hidden="true" class="sam-region-n">
            <circle cx={r2(r.box.x + 7)} cy={r2(r.box.y + 7)} r="5" />
            <text x={r2(r.box.x + 7)} y={r2(r.box.y + 7)} text-anchor="middle" dominant-baseline="central">
              {r.hexes.length}
            </text>
          </g>
        </g>,
      );
    }
  }
  for (const key of swapPicked) {
    if (litTowns.has(Number(key.split(":")[0]))) continue;
    const [h, kind] = key.split(":");
    const hex = Number(h);
    const s = spaces.get(hex);
    const c = lay.centre.get(hex);
    const fig = figures.get(hex);
    const slot = s && c && fig ? slotsAt(c, SLOTS[s.settlement ?? "village"] ?? 1)[fig.kinds.indexOf(kind as Kind)] : undefined;
    if (slot) targets.push(<circle key={`c${key}`} class="hl chosen" cx={slot.x} cy={slot.y} r={slot.r + 0.6} />);
  }

  let ghost: ComponentChild = null;
  if (ghostTile && seat !== null) {
    const c = lay.centre.get(Number(ghostTile.hex));
    if (c)
      ghost = (
        <TileFace tile={String(ghostTile.tile)} seat={seat} at={c} flat={rotated} strength={view.tile_types[String(ghostTile.tile)]?.strength ?? 0} class="ghost sam-ghost" />
      );
  } else if (preview?.type === "place_figure" && typeof preview.hex === "number") {
    const c = lay.centre.get(preview.hex);
    const s = spaces.get(preview.hex);
    if (c && s) {
      const slots = slotsAt(c, SLOTS[s.settlement ?? "village"] ?? 1);
      const slot = slots[figures.get(preview.hex)?.kinds.length ?? 0] ?? slots[0]!;
      ghost = (
        <g class="ghost" aria-hidden="true">
          <circle cx={slot.x} cy={slot.y} r={slot.r} fill="#fffdf8" stroke={INK} stroke-width="0.5" />
          <Glyph kind={String(preview.kind)} x={slot.x} y={slot.y} s={slot.r * 0.66} ink={INK} />
        </g>
      );
    }
  } else if (preview?.type === "swap_figures") {
    const a = lay.centre.get(Number(preview.first_hex));
    const b = lay.centre.get(Number(preview.second_hex));
    if (a && b && preview.first_hex !== preview.second_hex)
      ghost = <path class="sam-swap" d={`M${r2(a.x)} ${r2(a.y)}L${r2(b.x)} ${r2(b.y)}`} />;
  }

  const compass = compassAt(lay);
  return (
    <PanZoom
      box={lay.box}
      label={tr("Map of Japan", "Mapa Japonska")}
      labels={{ zoomIn: ui.t("zoom_in"), zoomOut: ui.t("zoom_out"), fit: ui.t("zoom_reset") }}
      class={rotated ? "sam-panzoom sam-rotated" : "sam-panzoom"}
    >
      <rect x={lay.box.x} y={lay.box.y} width={lay.box.width} height={lay.box.height} fill={SEA} />
      <g aria-hidden="true">{base}</g>
      <g aria-hidden="true">{towns}</g>
      <g>{placed}</g>
      <g>{targets}</g>
      {ghost && <g class="sam-above">{ghost}</g>}
      <g class="sam-above">
        {markSpots(ui.marks, view.map, ui.lang).map((m, i, all) => {
          const c = lay.centre.get(m.hex);
          return c ? <Mark key={`m${i}`} x={c.x} y={c.y} r={SIZE * 1.05} seat={m.seat} n={all.length > 1 ? m.n : undefined} label={m.label ? `${m.label}` : undefined} /> : null;
        })}
      </g>
      <g aria-hidden="true" transform={`translate(${r2(compass.x)} ${r2(compass.y)})`} class="sam-compass">
        <path d={rotated ? "M-4 0H4M1.5 -2.5L4 0L1.5 2.5" : "M0 4V-4M-2.5 -1.5L0 -4L2.5 -1.5"} fill="none" stroke={TOWN_LINE} stroke-width="0.9" />
        <text x={rotated ? 7.5 : 0} y={rotated ? 2 : -6} text-anchor="middle" font-size="5" fill={TOWN_LINE}>
          {tr("N", "S")}
        </text>
      </g>
    </PanZoom>
  );
}

function compassAt(lay: Layout): Point {
  return { x: lay.box.x + 9, y: lay.box.y + (lay.rotated ? 6 : 12) };
}

function hint(view: SamuraiView, seat: number | null, p: Plan, ui: BoardUi): string {
  const tr = ui.tr;
  if (view.phase === "over") return tr("The game is over.", "Hra skončila.");
  if (view.phase === "choose_tiles") {
    const mine = seat !== null ? view.players[seat] : undefined;
    if (p.mode === "choose" && mine)
      return tr(
        `Choose your ${5 - mine.hand_count} starting tiles in secret: tap them below, then confirm.`,
        `Tajně si vyberte počáteční karty (${5 - mine.hand_count}): klepněte na ně dole a potvrďte.`,
      );
    return tr("The players choose their five starting tiles in secret.", "Hráči si tajně vybírají pět počátečních karet.");
  }
  if (p.mode === "idle") {
    const who = view.active_seats.map((s) => seatLabel(ui, s)).join(", ");
    return who ? tr(`Waiting for ${who}.`, `Čeká se na: ${who}.`) : "";
  }
  if (p.mode === "figures") {
    if (!p.kind) return tr("Set-up: pick a kind of figure, then a lit city or village.", "Příprava: vyberte druh figurky, pak zvýrazněné město nebo vesnici.");
    return tr(`Tap a lit settlement for the ${kindName(p.kind, ui)}.`, `Klepněte na zvýrazněnou osadu pro figurku: ${kindName(p.kind, ui)}.`);
  }
  const pending = view.this_turn.tile_to_place_again;
  if (pending && p.tile === pending)
    return tr(`Place again the ${tileName(pending, ui)} you took back: tap a lit space.`, `Položte znovu vzatou kartu (${tileName(pending, ui)}): klepněte na zvýrazněné pole.`);
  if (!p.tile) {
    if (view.this_turn.tiles_placed > 0)
      return tr("Place another tile, or end your turn.", "Položte další kartu, nebo ukončete tah.");
    return tr("Your turn: pick a tile from your hand below.", "Váš tah: vyberte kartu z ruky dole.");
  }
  if (p.tile === "figure_exchange")
    return p.first
      ? tr("Now tap the figure to swap it with.", "Teď klepněte na figurku, se kterou ji prohodit.")
      : tr("Figure exchange: tap the first figure.", "Výměna figur: klepněte na první figurku.");
  if (p.tile === "tile_exchange")
    return tr("Tile exchange: tap one of your lit tiles to take it back.", "Výměna karet: klepněte na svou zvýrazněnou kartu, kterou vezmete zpět.");
  return tr(`Tap a lit space for your ${tileName(p.tile, ui)}.`, `Klepněte na zvýrazněné pole pro kartu: ${tileName(p.tile, ui)}.`);
}

/** Whether the step asks first for a part of the map (its targets too far apart to tap). */
function choosingPart(v: SamuraiView, p: Plan, ui: BoardUi): boolean {
  const lay = layout(v.map, false);
  const region = ui.picker.get("region");
  const chosen = typeof region === "string" ? region : undefined;
  const towns = [...new Set((p.first ? [...p.figures, p.first] : p.figures).map((k) => Number(k.split(":")[0])))];
  const f = focus(p.hexes.length ? p.hexes : towns, lay, frameFor(ui.layout), chosen);
  return f.regions !== null && !f.region && (p.hexes.length > 0 || towns.length > 0);
}

function KindIcon({ kind, size = 18 }: { kind: string; size?: number }): ComponentChild {
  return (
    <svg class="sam-icon" viewBox="-1.1 -1.1 2.2 2.2" width={size} height={size} aria-hidden="true">
      <Glyph kind={kind} x={0} y={0} s={1} ink={INK} />
    </svg>
  );
}

function FigureSupply({ view, p, ui }: { view: SamuraiView; p: Plan; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  return (
    <div class="sam-kinds" role="group" aria-label={tr("Figures to set on the map", "Figurky k rozestavění")}>
      {KINDS.map((k) => {
        const can = p.kinds.includes(k);
        const on = p.kind === k;
        return (
          <button
            type="button"
            key={k}
            class={`sam-kind${on ? " on" : ""}`}
            aria-pressed={on ? "true" : "false"}
            disabled={!can}
            onClick={() => {
              if (on) ui.picker.reset();
              else ui.picker.set("kind", k, FIGURE_STEPS);
              if (ui.preview) ui.cancel();
              else ui.redraw();
            }}
          >
            <KindIcon kind={k} size={22} />
            <span>{capital(kindName(k, ui))}</span>
            <span class="sam-count">×{view.figures_to_place[k]}</span>
          </button>
        );
      })}
    </div>
  );
}

function Scores({ view, ui }: { view: SamuraiView; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  const onMap: Record<Kind, number> = { helmet: 0, buddha: 0, rice_field: 0 };
  for (const f of view.figures) for (const k of f.kinds) onMap[k] += 1;
  const showTiles = view.phase !== "choose_tiles";
  return (
    <div class="sam-scores" role="region" aria-label={tr("Figures won", "Získané figurky")}>
      <table>
        <caption class="sr-only">{tr("Figures won", "Získané figurky")}</caption>
        <thead>
          <tr>
            <th scope="col">{tr("Player", "Hráč")}</th>
            {KINDS.map((k) => (
              <th scope="col" key={k} title={capital(kindName(k, ui))}>
                <KindIcon kind={k} />
                <span class="sr-only">{capital(kindName(k, ui))}</span>
              </th>
            ))}
            <th scope="col">{tr("Hand + supply", "Ruka + zásoba")}</th>
          </tr>
        </thead>
        <tbody>
          {view.players.map((pl) => {
            const player: Player | undefined = ui.players[pl.seat];
            const kinds = pl.captured.kinds;
            return (
              <tr key={pl.seat} class={pl.forfeited ? "sam-out" : undefined}>
                <th scope="row">
                  <PlayerBadge seat={pl.seat} name={player?.name ?? seatLabel(ui, pl.seat)} active={player?.active} />
                </th>
                {kinds ? (
                  KINDS.map((k) => <td key={k}>{kinds[k]}</td>)
                ) : (
                  <td colSpan={3} class="sam-hidden">
                    {tr(`hidden: ${pl.captured.count}`, `skryté: ${pl.captured.count}`)}
                  </td>
                )}
                <td class="sam-tiles">
                  {showTiles ? (
                    <span title={tr("in hand + in the supply", "v ruce + v zásobě")}>
                      {pl.hand_count} + {pl.supply_count}
                    </span>
                  ) : (
                    <span>{tr(`${pl.hand_count}/5 chosen`, `${pl.hand_count}/5 vybráno`)}</span>
                  )}
                </td>
              </tr>
            );
          })}
          <tr class="sam-sub">
            <th scope="row">{tr("On the map", "Na plánu")}</th>
            {KINDS.map((k) => (
              <td key={k}>{onMap[k]}</td>
            ))}
            <td />
          </tr>
          <tr class="sam-sub">
            <th scope="row">{tr("Beside the board", "Vedle plánu")}</th>
            {KINDS.map((k) => (
              <td key={k}>{view.beside_board[k]}</td>
            ))}
            <td />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function Preview({ view, seat, ui }: { view: SamuraiView; seat: number | null; ui: BoardUi }): ComponentChild {
  const c = ui.preview;
  if (!c || c.type !== "place_tile" || seat === null) return null;
  const list = touches(view, seat, String(c.tile), Number(c.hex));
  const tr = ui.tr;
  if (list.length === 0) return <p class="sam-touch muted">{tr("This tile touches no figure.", "Tato karta nesousedí s žádnou figurkou.")}</p>;
  return (
    <ul class="sam-touch" aria-label={tr("Influence after this tile", "Vliv po položení karty")}>
      {list.map((t) => {
        const best = Math.max(0, ...t.after.filter((_, i) => i !== seat));
        const mine = t.after[seat] ?? 0;
        return (
          <li key={`${t.hex}${t.kind}`}>
            <KindIcon kind={t.kind} />
            <span>
              {capital(kindName(t.kind, ui))} ({placeName(view.map.find((s) => s.id === t.hex), t.hex, ui)}):{" "}
              {tr("you", "vy")} {t.before[seat] ?? 0} → <strong>{mine}</strong>, {tr("best other", "nejlepší soupeř")} {best}
              {mine > best ? " ✓" : ""}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

// --- the module's exports ---------------------------------------------------------------------

export function render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v) return <p class="muted">—</p>;
  const p = plan(v, ui.interactive && !ui.busy ? legal : [], ui.picker.choices);
  const tr = ui.tr;
  return (
    <div class="samurai">
      <p class="sam-hint" aria-live="polite">
        {choosingPart(v, p, ui) ? tr("Tap a part of the map: its lit places come closer.", "Klepněte na část mapy: její zvýrazněná místa se přiblíží.") : hint(v, seat, p, ui)}
      </p>
      {v.phase === "place_figures" && !ui.layout.phone && <FigureSupply view={v} p={p} ui={ui} />}
      {!ui.layout.phone && <StepBar view={v} seat={seat} legal={legal} ui={ui} />}
      <Map_ view={v} seat={seat} legal={legal} ui={ui} />
      <Preview view={v} seat={seat} ui={ui} />
      <Scores view={v} ui={ui} />
    </div>
  );
}

/** Each distinct tile once, with how many of it. */
function grouped(tiles: readonly string[]): [string, number][] {
  const out = new Map<string, number>();
  for (const t of tiles) out.set(t, (out.get(t) ?? 0) + 1);
  return [...out];
}

function TileFaceSvg({ tile, seat, view }: { tile: string; seat: number; view: SamuraiView }): ComponentChild {
  const type = view.tile_types[tile];
  return (
    <svg class="sam-card-face" viewBox="-10.5 -10.5 21 21" aria-hidden="true">
      <TileFace tile={tile} seat={seat} at={{ x: 0, y: 0 }} flat={false} strength={type?.strength ?? 0} />
      {type?.kanji && <rect class="sam-seal" x="5.2" y="-9.5" width="4" height="4" rx="0.6" />}
    </svg>
  );
}

function TileCard(props: {
  tile: string;
  seat: number;
  view: SamuraiView;
  ui: BoardUi;
  can: boolean;
  /** Why it cannot be picked now, in a word or two. */
  why?: string;
  count?: number;
  /** How many of this kind are picked (the secret pick of five). */
  picked?: number;
  on?: boolean;
  onPick?: () => void;
}): ComponentChild {
  const { tile, seat, view, ui } = props;
  const type = view.tile_types[tile];
  const name = capital(tileName(tile, ui));
  const count = props.count && props.count > 1 ? props.count : 0;
  // The name read out is the visible kind and the rest of the game's name ("Ronin" + " of
  // strength 1"): what a screen reader says starts with what the eye sees.
  const kind = capital(kindName(tileKind(tile), ui));
  const rest = name.toLowerCase().startsWith(kind.toLowerCase()) ? name.slice(kind.length) : null;
  const picked = props.picked ?? 0;
  const label = (
    <span class="sam-card-name">
      {rest === null ? <span class="sr-only">{name} </span> : null}
      <span aria-hidden={rest === null ? "true" : undefined}>{kind}</span>
      {rest ? <span class="sr-only">{rest}</span> : null}
      {count ? <strong class="sam-times"> ×{count}</strong> : null}
      {picked > 1 ? <span class="sr-only">{ui.tr(`, ${picked} picked`, `, vybráno ${picked}`)}</span> : null}
    </span>
  );
  if (!props.onPick)
    return (
      <span class="sam-card">
        <TileFaceSvg tile={tile} seat={seat} view={view} />
        {label}
      </span>
    );
  const on = props.on || picked > 0;
  return (
    <PickButton
      class={`sam-card${on ? " on" : ""}`}
      chosen={on}
      disabled={!props.can}
      disabledReason={props.can ? undefined : props.why}
      attrs={{ "data-tile": tile, "data-picked": picked || undefined }}
      onPick={props.onPick}
    >
      <TileFaceSvg tile={tile} seat={seat} view={view} />
      {label}
    </PickButton>
  );
}

// --- the secret pick of five: tapped one by one, marked, confirmed once -----------------------

interface ChooseState {
  /** Tiles picked in the supply, in the order tapped. */
  picked: string[];
  /** The hand when the pick began: what is gained since was sent. */
  base: string[];
  /** Commands sent for this pick so far (a refused one is not tried for ever). */
  sent: number;
}

// Per match screen (its picker), kept across redraws and the answers to the sent tiles.
const choosing = new WeakMap<object, ChooseState>();

function chooseState(ui: BoardUi, hand: readonly string[]): ChooseState {
  let st = choosing.get(ui.picker);
  if (!st) {
    st = { picked: [], base: [...hand], sent: 0 };
    choosing.set(ui.picker, st);
  }
  return st;
}

/** `a` minus `b`, counting repeats (["s1", "s1", "b2"] − ["s1"] = ["s1", "b2"]). */
export function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  const out: string[] = [];
  for (const x of a) {
    const i = left.indexOf(x);
    if (i >= 0) left.splice(i, 1);
    else out.push(x);
  }
  return out;
}

/** A tap on a supply tile in the secret pick: one more of it while fewer than `need` are picked
 * and some of it are left; else (full, or all of it picked) that tile un-picked. */
export function togglePicked(picked: readonly string[], tile: string, available: number, need: number): string[] {
  const have = picked.filter((t) => t === tile).length;
  if (have < available && picked.length < need) return [...picked, tile];
  return picked.filter((t) => t !== tile);
}

/** The next tile of a confirmed pick to send, or null: the pick is confirmed once the first of
 * it is in the hand (the confirm bar sent it). */
export function nextToSend(st: Pick<ChooseState, "picked" | "base">, hand: readonly string[]): string | null {
  const gained = minus(hand, st.base);
  if (gained.length === 0) return null;
  return minus(st.picked, gained)[0] ?? null;
}

function proposePick(ui: BoardUi, legal: readonly Command[], picked: readonly string[]): void {
  const first = legal.find((c) => c.type === "choose_tile" && c.tile === picked[0]);
  if (!first) return;
  const names = picked.map((t) => tileName(t, ui)).join(", ");
  ui.propose(first, ui.tr(`Take these behind your screen for good: ${names}`, `Vzít si natrvalo za zástěnu: ${names}`));
}

function ChooseArea({ view, seat, legal, ui }: { view: SamuraiView; seat: number; legal: Command[]; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  const me = view.players[seat]!;
  const hand = me.hand ?? [];
  const supply = me.supply ?? [];
  const active = ui.interactive && !ui.busy;
  const mayChoose = legal.some((c) => c.type === "choose_tile");
  const st = chooseState(ui, hand);
  const need = Math.max(0, 5 - st.base.length);
  const next = nextToSend(st, hand);
  const sending = minus(hand, st.base).length > 0 && (next !== null || ui.busy);
  // A confirmed pick goes on by itself, one tile per answer (the engine takes one at a time).
  useEffect(() => {
    if (!next || !ui.interactive || ui.busy || st.sent > st.picked.length + 2) return;
    const cmd = legal.find((c) => c.type === "choose_tile" && c.tile === next);
    if (!cmd) return;
    st.sent += 1;
    ui.submit(cmd);
  });
  const tap = (t: string, n: number) => {
    if (sending) return;
    st.picked = togglePicked(st.picked, t, n, need);
    if (st.picked.length === need && need > 0) proposePick(ui, legal, st.picked);
    else if (ui.preview) ui.cancel();
    else ui.redraw();
  };
  const full = st.picked.length >= need;
  const why = !mayChoose || !ui.interactive ? tr("wait", "čekejte") : sending ? tr("sending", "odesílá se") : full ? tr("5 picked", "už 5") : undefined;
  return (
    <div class="sam-private" data-sending={sending ? "true" : undefined}>
      <h3 class="sam-h">
        {need > 0 ? tr("Pick your starting tiles in secret", "Tajně vyberte počáteční karty") : tr("Your starting tiles", "Vaše počáteční karty")}{" "}
        {need > 0 && <PickCount n={sending ? need : st.picked.length} of={need} ui={ui} />}
      </h3>
      {hand.length > 0 && (
        <div class="sam-hand" role="group" aria-label={tr("Behind your screen", "Za vaší zástěnou")}>
          {hand.map((t, i) => (
            <TileCard key={`${t}${i}`} tile={t} seat={seat} view={view} ui={ui} can={false} />
          ))}
        </div>
      )}
      {supply.length > 0 && hand.length < 5 && (
        <div class="sam-hand sam-supply" role="group" aria-label={tr("Your other tiles", "Vaše další karty")}>
          {grouped(supply).map(([t, n]) => {
            const picked = st.picked.filter((x) => x === t).length;
            const can = active && !sending && mayChoose && (picked > 0 || !full);
            return <TileCard key={t} tile={t} seat={seat} view={view} ui={ui} count={n} picked={picked} can={can} why={why} onPick={() => tap(t, n)} />;
          })}
        </div>
      )}
      {full && need > 0 && !ui.preview && !sending && active && mayChoose && (
        <button type="button" class="btn btn-primary sam-take" onClick={() => proposePick(ui, legal, st.picked)}>
          {tr(`Take these ${need}`, `Vzít těchto ${need}`)}
        </button>
      )}
    </div>
  );
}

/** Why a tile of the hand cannot be played now, in a word or two. */
function whyNot(view: SamuraiView, tile: string, ui: BoardUi, mine: boolean): string {
  const tr = ui.tr;
  if (view.phase === "place_figures") return tr("after set-up", "po přípravě");
  if (view.phase === "over") return tr("game over", "konec hry");
  if (!mine || !ui.interactive) return tr("not your turn", "nejste na tahu");
  if (view.this_turn.tile_to_place_again) return tr("place first", "nejdřív položte");
  const type = view.tile_types[tile];
  if (type && !type.kanji && view.this_turn.plain_tile_used) return tr("1 per turn", "1 za tah");
  return tr("no space", "nemá místo");
}

export function privateArea(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v || seat === null) return null;
  const me = v.players[seat];
  if (!me) return null;
  const tr = ui.tr;
  if (v.phase === "choose_tiles") return <ChooseArea view={v} seat={seat} legal={legal} ui={ui} />;
  const active = ui.interactive && !ui.busy;
  const p = plan(v, active ? legal : [], ui.picker.choices);
  const hand = me.hand ?? [];
  const supply = me.supply ?? [];
  const pending = v.this_turn.tile_to_place_again;
  const mine = v.phase === "play" && v.current === seat;
  return (
    <div class="sam-private">
      {ui.layout.phone && v.phase === "place_figures" && <FigureSupply view={v} p={p} ui={ui} />}
      {ui.layout.phone && <StepBar view={v} seat={seat} legal={legal} ui={ui} />}
      {pending && (
        <p class="sam-pending">
          {tr("Taken back, to place again:", "Vzato zpět, položte znovu:")}{" "}
          <TileCard tile={pending} seat={seat} view={v} ui={ui} can={false} />
        </p>
      )}
      <div class="sam-hand" role="group" aria-label={tr("Your tiles", "Vaše karty")}>
        {grouped(hand).map(([t, n]) => (
          <TileCard key={t} tile={t} seat={seat} view={v} ui={ui} count={n} can={p.tiles.includes(t)} why={whyNot(v, t, ui, mine)} on={p.tile === t} onPick={() => pickTile(ui, t)} />
        ))}
      </div>
      <p class="sam-note muted">
        {tr(
          `${supply.length} tiles left in your supply. Marked tiles (kanji) go down in any number; of the others, one per turn.`,
          `V zásobě zbývá ${supply.length} karet. Označených karet (se znakem) smíte položit kolik chcete, ostatních jednu za tah.`,
        )}
      </p>
    </div>
  );
}

export function extraCommands(_view: Json, _seat: number | null, legal: Command[], _ui: BoardUi): Command[] {
  return legal.filter((c) => c.type === "end_turn");
}

/** Whether a tile on `hex` completes the surrounding of a settlement with figures on it: those
 * figures are taken at once (the default timing), which undo cannot take back. From the view's
 * `surround` (the spaces that must all hold a tile), not from rules of our own. */
export function completesSurrounding(view: SamuraiView, hex: number): boolean {
  const filled = new Set(view.tiles.map((t) => t.hex));
  if (filled.has(hex)) return false;
  return view.figures.some((f) => {
    if (f.kinds.length === 0) return false;
    const around = view.map.find((s) => s.id === f.hex)?.surround ?? [];
    return around.includes(hex) && around.every((h) => h === hex || filled.has(h));
  });
}

/** One tap for what undo takes back (a tile placed, figures swapped, the tile exchange) and for
 * ending a turn with nothing else to do; a preview for what is final: the starting tiles, a
 * figure set up, a tile that takes figures, ending the turn while tiles could still go down. */
export function needsConfirm(command: Command, view: Json, legal: Command[]): boolean {
  const v = asView(view);
  switch (command.type) {
    case "place_tile":
      return v ? completesSurrounding(v, Number(command.hex)) : true;
    case "swap_figures":
      return false;
    case "end_turn":
      return legal.some((c) => c.type !== "end_turn");
    default:
      return true;
  }
}

export function describe(command: Command, view: Json, ui: BoardUi): string {
  const tr = ui.tr;
  const v = asView(view);
  const place = (id: Json | undefined) => placeName(v?.map.find((s) => s.id === id), Number(id), ui);
  const kind = (k: Json | undefined) => kindName(String(k), ui);
  switch (command.type) {
    case "choose_tile":
      return tr(`Take the ${tileName(String(command.tile), ui)} behind your screen`, `Vzít si za zástěnu kartu: ${tileName(String(command.tile), ui)}`);
    case "place_figure":
      return tr(`Put a ${kind(command.kind)} on ${place(command.hex)}`, `Postavit figurku (${kind(command.kind)}) na místo: ${place(command.hex)}`);
    case "place_tile": {
      const on = v?.tiles.find((t) => t.hex === command.hex);
      if (on)
        return tr(
          `Play the tile exchange on your ${tileName(on.tile, ui)} and take it back`,
          `Zahrát výměnu karet na vaši kartu (${tileName(on.tile, ui)}) a vzít ji zpět`,
        );
      return tr(`Place the ${tileName(String(command.tile), ui)} on ${place(command.hex)}`, `Položit kartu (${tileName(String(command.tile), ui)}) na místo: ${place(command.hex)}`);
    }
    case "swap_figures":
      return tr(
        `Swap the ${kind(command.first_kind)} of ${place(command.first_hex)} with the ${kind(command.second_kind)} of ${place(command.second_hex)}`,
        `Prohodit figurku (${kind(command.first_kind)}, ${place(command.first_hex)}) s figurkou (${kind(command.second_kind)}, ${place(command.second_hex)})`,
      );
    case "end_turn":
      return tr("End turn", "Ukončit tah");
    default:
      return tr("Play this move", "Zahrát tento tah");
  }
}

/** For tests: the identity of a command, field order aside. */
export function commandKey(c: Command): string {
  return keyOf(c as unknown as Json);
}
