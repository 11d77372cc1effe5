/** The Catan board: the island (terrain in colour with an icon and a word, number tokens with
 * 6 and 8 in red, harbours with their ratio), roads, settlements and cities in the player's
 * colour and symbol, the robber, the dice; building, set-up, the robber and the start choice by
 * tapping corners, edges and hexes (legal ones highlighted, narrowed by the Picker, a preview to
 * confirm); the hand, development cards, discarding, bank and domestic trade under the board.
 * No rules here: every tap is one of the legal commands. */

import type { ComponentChild, JSX } from "preact";
import type { Command, Json } from "../types";
import { bounds, hexCorners, hexPoints, type Point } from "./toolkit/hex";
import { PanZoom } from "./toolkit/panzoom";
import type { Step } from "./toolkit/picker";
import { PlayerBadge, seatStyle, symbolPath } from "./toolkit/pieces";
import { type TargetOptions, targetProps } from "./toolkit/targets";
import type { BoardUi } from "./types";

// -- the view's shape (what games/catan/views.py sends) -------------------------------------------

export type Res = "brick" | "lumber" | "wool" | "grain" | "ore";
export const RESOURCES: readonly Res[] = ["brick", "lumber", "wool", "grain", "ore"];
export const DEV_CARDS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"] as const;
type Counts = Record<string, number>;

interface Hex {
  id: number;
  q: number;
  r: number;
  resource: Res | "desert";
  number: number;
  nodes: number[];
}
interface CatanPlayer {
  seat: number;
  resource_count: number;
  development_count: number;
  knights: number;
  laid_point_cards: number;
  settlements: number;
  cities: number;
  roads: number;
  longest_road: number;
  points: number;
  forfeited: boolean;
  discard_left: number;
  resources?: Counts;
  development_cards?: Counts;
  new_development_cards?: Counts;
  points_with_hidden?: number;
  trade_ratios?: Counts;
  draft?: { give: number[]; get: number[] };
  counter_offer?: { give: number[]; get: number[] };
}
export interface CatanView {
  board: {
    hexes: Hex[];
    harbours: { nodes: number[]; kind: string }[];
    edges: number[][];
    robber: number;
    buildings: { node: number; seat: number; city: boolean }[];
    roads: { edge: number; seat: number }[];
  };
  players: CatanPlayer[];
  bank: Counts;
  deck_count: number;
  longest_road_holder: number | null;
  largest_army_holder: number | null;
  current: number;
  turn: number;
  phase: string;
  active_seats: number[];
  rolled: boolean;
  last_roll?: number[] | null;
  offer: { id: number; give: number[]; get: number[]; answers: (string | null)[] } | null;
  war: { attacker: number; defender: number; [k: string]: Json } | null;
  target: number;
  variant: boolean;
  options: Record<string, Json>;
  winner: number | null;
  /** At the end: every player's points with the hidden point cards. */
  final_points?: number[] | null;
}

const asView = (v: Json): CatanView => v as unknown as CatanView;
/** A replay's first version (or a broken answer) has no view to draw. */
const isView = (v: Json): boolean => v !== null && typeof v === "object" && !Array.isArray(v) && "board" in v && "players" in v;

// -- words ----------------------------------------------------------------------------------------

const RES_WORDS: Record<string, [string, string]> = {
  brick: ["Brick", "Cihla"],
  lumber: ["Lumber", "Dřevo"],
  wool: ["Wool", "Vlna"],
  grain: ["Grain", "Obilí"],
  ore: ["Ore", "Ruda"],
  desert: ["Desert", "Poušť"],
};
const DEV_WORDS: Record<string, [string, string]> = {
  knight: ["Knight", "Rytíř"],
  victory_point: ["Victory point", "Vítězný bod"],
  road_building: ["Road building", "Stavba silnic"],
  year_of_plenty: ["Year of plenty", "Vynález"],
  monopoly: ["Monopoly", "Monopol"],
};
export function resWord(ui: Pick<BoardUi, "tr">, r: string): string {
  const w = RES_WORDS[r] ?? DEV_WORDS[r];
  return w ? ui.tr(w[0], w[1]) : r;
}
function cardsWord(ui: Pick<BoardUi, "tr">, counts: number[]): string {
  const parts = counts.flatMap((n, i) => (n ? [`${n}× ${resWord(ui, RESOURCES[i]!)}`] : []));
  return parts.length ? parts.join(", ") : "—";
}

// -- colours and glyphs (colour + icon + word: readable without telling colours apart) ----------

export const TERRAIN: Record<string, { fill: string; ink: string }> = {
  brick: { fill: "#c8754b", ink: "#6e3418" },
  lumber: { fill: "#4f8a55", ink: "#1f4a26" },
  wool: { fill: "#b4d98a", ink: "#4d7a25" },
  grain: { fill: "#ecc95a", ink: "#7d5f0c" },
  ore: { fill: "#9aa1ac", ink: "#3d434c" },
  desert: { fill: "#e6d7a9", ink: "#8a7440" },
};
const SEA = "#a9cbdc";

/** A small icon of a resource, centred on (0, 0), radius about 1. */
function glyph(r: string, ink: string): ComponentChild {
  switch (r) {
    case "brick":
      return <path fill={ink} d="M-1 -0.75h0.95v0.45h-0.95zM0.07 -0.75h0.93v0.45h-0.93zM-0.5 -0.2h0.95v0.45h-0.95zM-1 0.35h0.95v0.45h-0.95zM0.07 0.35h0.93v0.45h-0.93zM0.55 -0.2h0.45v0.45h-0.45zM-1 -0.2h0.42v0.45h-0.42z" />;
    case "lumber":
      return <path fill={ink} d="M0 -1L0.75 0.1H0.35L0.85 0.6H0.15V1H-0.15V0.6H-0.85L-0.35 0.1H-0.75Z" />;
    case "wool":
      return (
        <g fill={ink}>
          <ellipse cx="0" cy="-0.05" rx="0.8" ry="0.5" />
          <circle cx="-0.85" cy="-0.35" r="0.3" />
          <path d="M-0.5 0.3h0.18v0.6h-0.18zM0.35 0.3h0.18v0.6h-0.18z" />
        </g>
      );
    case "grain":
      return (
        <g stroke={ink} stroke-width="0.16" fill="none" stroke-linecap="round">
          <path d="M0 1V-0.95M0 -0.5l-0.4 -0.35M0 -0.5l0.4 -0.35M0 -0.05l-0.45 -0.35M0 -0.05l0.45 -0.35M0 0.4l-0.45 -0.35M0 0.4l0.45 -0.35" />
        </g>
      );
    case "ore":
      return <path fill={ink} d="M-1 0.8L-0.35 -0.45L-0.05 0.05L0.35 -0.85L1 0.8Z" />;
    default: // the desert: a cactus
      return <path fill={ink} d="M-0.16 1V-0.75A0.16 0.16 0 0 1 0.16 -0.75V1ZM-0.16 0.25H-0.6V-0.35A0.13 0.13 0 0 1 -0.34 -0.35V-0.01H-0.16ZM0.16 0.05H0.6V-0.55A0.13 0.13 0 0 0 0.34 -0.55V-0.21H0.16Z" />;
  }
}

function Glyph({ r, size }: { r: string; size: number }): ComponentChild {
  const t = TERRAIN[r] ?? TERRAIN.desert!;
  return (
    <svg class="cat-glyph" viewBox="-1.2 -1.2 2.4 2.4" width={size} height={size} aria-hidden="true">
      <rect x="-1.2" y="-1.2" width="2.4" height="2.4" rx="0.4" fill={t.fill} />
      <g transform="scale(0.8)">{glyph(r, t.ink)}</g>
    </svg>
  );
}

// -- geometry -------------------------------------------------------------------------------------

export const SIZE = 30; // centre to corner, in SVG units
const SQ3 = Math.sqrt(3);

export interface Geometry {
  hexCentre: Point[];
  node: Point[];
  /** The land hexes around each corner. */
  nodeHexes: number[][];
  edge: { a: Point; b: Point; mid: Point }[];
  edgeHexes: number[][];
  harbour: { at: Point; a: Point; b: Point }[];
  box: { x: number; y: number; width: number; height: number };
}

/** Positions of hexes, corners, edges and harbours from the view (pointy-top axial, the corner
 * order of the view's `nodes`: top, then clockwise). */
export function geometry(v: CatanView): Geometry {
  const hexCentre = v.board.hexes.map((h) => ({ x: SIZE * SQ3 * (h.q + h.r / 2), y: SIZE * 1.5 * h.r }));
  const node: Point[] = [];
  const nodeHexes: number[][] = [];
  v.board.hexes.forEach((h, i) => {
    const cs = hexCorners(hexCentre[i]!, SIZE);
    h.nodes.forEach((n, k) => {
      node[n] = cs[k]!;
      (nodeHexes[n] ??= []).push(h.id);
    });
  });
  const edge = v.board.edges.map(([a, b]) => {
    const pa = node[a!]!;
    const pb = node[b!]!;
    return { a: pa, b: pb, mid: { x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2 } };
  });
  const edgeHexes = v.board.edges.map(([a, b]) => (nodeHexes[a!] ?? []).filter((h) => (nodeHexes[b!] ?? []).includes(h)));
  const harbour = v.board.harbours.map((hb) => {
    const a = node[hb.nodes[0]!]!;
    const b = node[hb.nodes[1]!]!;
    const land = (nodeHexes[hb.nodes[0]!] ?? []).find((h) => (nodeHexes[hb.nodes[1]!] ?? []).includes(h));
    const c = land !== undefined ? hexCentre[land]! : { x: 0, y: 0 };
    const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    const dx = mid.x - c.x;
    const dy = mid.y - c.y;
    const len = Math.hypot(dx, dy) || 1;
    return { at: { x: mid.x + (dx / len) * SIZE * 0.75, y: mid.y + (dy / len) * SIZE * 0.75 }, a, b };
  });
  const pts = [...hexCentre.flatMap((c) => hexCorners(c, SIZE)), ...harbour.map((h) => h.at)];
  return { hexCentre, node, nodeHexes, edge, edgeHexes, harbour, box: bounds(pts, SIZE * 0.42) };
}

const geoCache = new WeakMap<object, Geometry>();
function geo(v: CatanView): Geometry {
  let g = geoCache.get(v.board.hexes);
  if (!g) {
    g = geometry(v);
    geoCache.set(v.board.hexes, g);
  }
  return g;
}

// -- steps: a board command is a spot (corner, edge or hex), then a victim -----------------------

/** The board spot a command is about: "n12" (corner), "e30" (edge), "h4" (hex); else undefined. */
export function spotOf(c: Command): string | undefined {
  switch (c.type) {
    case "build_settlement":
    case "build_city":
    case "choose_start_resources":
      return `n${c.node as number}`;
    case "build_road":
      return `e${c.edge as number}`;
    case "move_robber":
    case "war_move_robber":
      return `h${c.hex as number}`;
  }
  return undefined;
}

export const BOARD_STEPS: Step[] = [
  { key: "spot", get: (c) => spotOf(c) },
  { key: "victim", get: (c) => (c.type === "move_robber" ? ((c.victim as number | undefined) ?? -1) : null) },
];

export function boardCommands(legal: readonly Command[]): Command[] {
  return legal.filter((c) => spotOf(c) !== undefined);
}

/** The spots to highlight now: every spot of the legal board commands. */
export function legalSpots(legal: readonly Command[]): Set<string> {
  return new Set(boardCommands(legal).map((c) => spotOf(c)!));
}

/** Commands offered as plain buttons under the board, in a sensible order. */
const EXTRA = ["roll_dice", "buy_development_card", "lay_point_card", "declare_war", "defend_war", "withdraw_offer", "end_turn"];

// -- labels ---------------------------------------------------------------------------------------

function hexWord(v: CatanView, ui: Pick<BoardUi, "tr">, h: number): string {
  const hex = v.board.hexes[h];
  if (!hex) return `#${h}`;
  return hex.number ? `${hex.number} ${resWord(ui, hex.resource)}` : resWord(ui, hex.resource);
}
function placeWord(v: CatanView, ui: Pick<BoardUi, "tr">, hexes: number[] | undefined): string {
  const list = (hexes ?? []).map((h) => hexWord(v, ui, h));
  return list.length ? list.join(" · ") : ui.tr("the coast", "pobřeží");
}
export function cornerWord(v: CatanView, ui: Pick<BoardUi, "tr">, n: number): string {
  return `${ui.tr("corner", "roh")} ${n} (${placeWord(v, ui, geo(v).nodeHexes[n])})`;
}
export function edgeWord(v: CatanView, ui: Pick<BoardUi, "tr">, e: number): string {
  return `${ui.tr("edge", "hrana")} ${e} (${placeWord(v, ui, geo(v).edgeHexes[e])})`;
}
function seatName(ui: BoardUi, seat: number): string {
  return ui.players.find((p) => p.seat === seat)?.name ?? `#${seat + 1}`;
}

export function describe(c: Command, view: Json, ui: BoardUi): string {
  const v = asView(view);
  switch (c.type) {
    case "build_settlement":
      return `${ui.tr("Settlement on", "Osada na")} ${cornerWord(v, ui, c.node as number)}`;
    case "build_city":
      return `${ui.tr("City on", "Město na")} ${cornerWord(v, ui, c.node as number)}`;
    case "choose_start_resources":
      return `${ui.tr("Starting resources from", "Počáteční suroviny z")} ${cornerWord(v, ui, c.node as number)}`;
    case "build_road":
      return `${ui.tr("Road on", "Silnice na")} ${edgeWord(v, ui, c.edge as number)}`;
    case "move_robber":
    case "war_move_robber": {
      const to = hexWord(v, ui, c.hex as number);
      const victim = c.victim as number | undefined;
      const stay = c.hex === v.board.robber ? ui.tr(" (stays)", " (zůstává)") : "";
      return victim === undefined
        ? `${ui.tr("Robber to", "Zloděj na")} ${to}${stay}`
        : `${ui.tr("Robber to", "Zloděj na")} ${to}, ${ui.tr("steal from", "okrást")} ${seatName(ui, victim)}`;
    }
    case "roll_dice":
      return ui.tr("Roll the dice", "Hodit kostkami");
    case "end_turn":
      return ui.tr("End turn", "Ukončit tah");
    case "buy_development_card":
      return ui.tr("Buy a development card", "Koupit akční kartu");
    case "lay_point_card":
      return ui.tr("Lay out a point card", "Vyložit bodovou kartu");
    case "declare_war":
      return `${ui.tr("Declare war on", "Vyhlásit válku hráči")} ${seatName(ui, c.defender as number)}`;
    case "defend_war":
      return c.knight ? ui.tr("Defend with a knight from hand (+3)", "Bránit se rytířem z ruky (+3)") : ui.tr("Defend without a knight", "Bránit se bez rytíře");
    case "withdraw_offer":
      return ui.tr("Withdraw the offer", "Stáhnout nabídku");
    case "discard":
      return `${ui.tr("Discard", "Odhodit")} ${resWord(ui, c.card as string)}`;
    case "war_give":
      return `${ui.tr("Give", "Dát")} ${resWord(ui, c.card as string)}`;
    case "war_take":
      return `${ui.tr("Take", "Vzít")} ${resWord(ui, c.card as string)}`;
    case "play_knight":
      return ui.tr("Play a knight", "Zahrát rytíře");
    case "play_road_building":
      return ui.tr("Play road building", "Zahrát stavbu silnic");
    case "play_monopoly":
      return `${ui.tr("Monopoly on", "Monopol na")} ${resWord(ui, c.resource as string)}`;
    case "play_year_of_plenty":
      return `${ui.tr("Year of plenty", "Vynález")}: ${(c.resources as string[]).map((r) => resWord(ui, r)).join(" + ")}`;
    case "trade_bank": {
      const me = v.players.find((p) => p.trade_ratios);
      const ratio = me?.trade_ratios?.[c.give as string] ?? 4;
      return `${ui.tr("Trade", "Vyměnit")} ${ratio}× ${resWord(ui, c.give as string)} → 1× ${resWord(ui, c.get as string)}`;
    }
    case "answer_offer":
      return c.accept ? ui.tr("Accept the offer", "Přijmout nabídku") : ui.tr("Decline the offer", "Odmítnout nabídku");
    case "trade_with":
      return `${ui.tr("Trade with", "Obchodovat s")} ${seatName(ui, c.seat as number)}`;
    case "send_offer":
      return ui.tr("Send the offer", "Poslat nabídku");
    case "draft_offer":
      return ui.tr("Compose a trade offer", "Sestavit nabídku");
    case "cancel_draft":
      return ui.tr("Drop the offer", "Zahodit nabídku");
    case "draft_add":
      return `${c.side === "give" ? ui.tr("Give", "Dám") : ui.tr("Get", "Chci")} +1 ${resWord(ui, c.resource as string)}`;
  }
  return c.type;
}

/** targetProps for an SVG group. */
function tgt(o: TargetOptions): JSX.SVGAttributes<SVGGElement> {
  return targetProps(o) as unknown as JSX.SVGAttributes<SVGGElement>;
}

// -- drawing the island ---------------------------------------------------------------------------

function pips(n: number): number {
  return 6 - Math.abs(7 - n);
}

function HexTile({ hex, c, word }: { hex: Hex; c: Point; word: string }): ComponentChild {
  const t = TERRAIN[hex.resource] ?? TERRAIN.desert!;
  const red = hex.number === 6 || hex.number === 8;
  const s = SIZE;
  return (
    <g class="cat-hex">
      <polygon points={hexPoints(c, s * 0.97)} fill={t.fill} stroke="#f5f1e8" stroke-width="1.5" />
      <g transform={`translate(${c.x} ${c.y - s * 0.56}) scale(${s * 0.19})`}>{glyph(hex.resource, t.ink)}</g>
      {hex.number > 0 && (
        <g transform={`translate(${c.x} ${c.y + s * 0.02})`}>
          <circle r={s * 0.34} fill="#f8f3e6" stroke={t.ink} stroke-width="0.8" />
          <text y={s * 0.08} text-anchor="middle" font-size={s * 0.34} font-weight="700" fill={red ? "#c0261b" : "#1f2a30"}>
            {hex.number}
          </text>
          <g fill={red ? "#c0261b" : "#1f2a30"}>
            {Array.from({ length: pips(hex.number) }, (_, i) => (
              <circle cx={(i - (pips(hex.number) - 1) / 2) * s * 0.075} cy={s * 0.21} r={s * 0.028} />
            ))}
          </g>
        </g>
      )}
      <text x={c.x} y={c.y + s * 0.66} text-anchor="middle" font-size={s * 0.21} font-weight="600" fill={t.ink}>
        {word}
      </text>
    </g>
  );
}

function Harbour({ at, a, b, kind, ui }: { at: Point; a: Point; b: Point; kind: string; ui: BoardUi }): ComponentChild {
  const special = kind.startsWith("2:1") ? kind.slice(4) : null;
  const t = special ? TERRAIN[special]! : null;
  const s = SIZE;
  const label = special ? `${ui.tr("Harbour", "Přístav")} 2:1 ${resWord(ui, special)}` : `${ui.tr("Harbour", "Přístav")} 3:1`;
  return (
    <g class="cat-harbour" role="img" aria-label={label}>
      <path d={`M${a.x} ${a.y}L${at.x} ${at.y}L${b.x} ${b.y}`} fill="none" stroke="#7a6a4f" stroke-width="2" stroke-dasharray="3 2" />
      <rect x={at.x - s * 0.46} y={at.y - s * 0.28} width={s * 0.92} height={s * 0.56} rx={s * 0.14} fill={t ? t.fill : "#fbf8f1"} stroke="#5b4d36" stroke-width="1" />
      {t && special && <g transform={`translate(${at.x - s * 0.26} ${at.y}) scale(${s * 0.14})`}>{glyph(special, t.ink)}</g>}
      <text x={at.x + (t ? s * 0.12 : 0)} y={at.y + s * 0.1} text-anchor="middle" font-size={s * 0.28} font-weight="700" fill="#1f2a30">
        {special ? "2:1" : "3:1"}
      </text>
    </g>
  );
}

function Road({ a, b, seat, ghost }: { a: Point; b: Point; seat: number; ghost?: boolean }): ComponentChild {
  const st = seatStyle(seat);
  const x1 = a.x + (b.x - a.x) * 0.2;
  const y1 = a.y + (b.y - a.y) * 0.2;
  const x2 = a.x + (b.x - a.x) * 0.8;
  const y2 = a.y + (b.y - a.y) * 0.8;
  const mx = (a.x + b.x) / 2;
  const my = (a.y + b.y) / 2;
  return (
    <g class={ghost ? "ghost" : undefined}>
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={st.ink} stroke-width={SIZE * 0.26} stroke-linecap="round" />
      <line x1={x1} y1={y1} x2={x2} y2={y2} stroke={st.colour} stroke-width={SIZE * 0.17} stroke-linecap="round" />
      <path transform={`translate(${mx} ${my})`} d={symbolPath(st.symbol, SIZE * 0.065)} fill="#fff" />
    </g>
  );
}

function Building({ p, seat, city, ghost, label }: { p: Point; seat: number; city: boolean; ghost?: boolean; label?: string }): ComponentChild {
  const st = seatStyle(seat);
  const s = SIZE * (city ? 0.34 : 0.3);
  // A settlement is a house; a city a house with a tower.
  const d = city
    ? `M${-s * 1.2} ${s}V${-s * 0.1}L${-s * 0.5} ${-s * 0.75}L${s * 0.1} ${-s * 0.1}V${-s * 1.1}H${s * 1.2}V${s}Z`
    : `M${-s} ${s * 0.9}V${-s * 0.2}L0 ${-s * 1.1}L${s} ${-s * 0.2}V${s * 0.9}Z`;
  return (
    <g class={ghost ? "ghost" : undefined} transform={`translate(${p.x} ${p.y})`} role={label ? "img" : undefined} aria-label={label}>
      <path d={d} fill={st.colour} stroke={st.ink} stroke-width={SIZE * 0.05} stroke-linejoin="round" />
      <path transform={`translate(${city ? s * 0.55 : 0} ${city ? -s * 0.15 : s * 0.15})`} d={symbolPath(st.symbol, s * 0.45)} fill="#fff" />
    </g>
  );
}

function Robber({ p, ghost, label }: { p: Point; ghost?: boolean; label: string }): ComponentChild {
  const s = SIZE;
  return (
    <g class={ghost ? "ghost" : undefined} transform={`translate(${p.x - s * 0.5} ${p.y + s * 0.05})`} role="img" aria-label={label}>
      <ellipse cy={s * 0.28} rx={s * 0.16} ry={s * 0.06} fill="#1b1b1b" />
      <path d={`M${-s * 0.14} ${s * 0.28}Q${-s * 0.16} 0 ${-s * 0.07} ${-s * 0.08}H${s * 0.07}Q${s * 0.16} 0 ${s * 0.14} ${s * 0.28}Z`} fill="#333" stroke="#f5f1e8" stroke-width="0.8" />
      <circle cy={-s * 0.17} r={s * 0.1} fill="#333" stroke="#f5f1e8" stroke-width="0.8" />
    </g>
  );
}

export function render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  if (!isView(view)) return null;
  const v = asView(view);
  const g = geo(v);
  const tappable = ui.interactive && !ui.busy;
  const cmds = tappable ? boardCommands(legal) : [];
  const spots = new Set(cmds.map((c) => spotOf(c)!));
  const chosen = ui.picker.get("spot") as string | undefined;
  const preview = ui.preview;
  const previewSpot = preview ? spotOf(preview) : undefined;

  const pick = (spot: string) => {
    ui.picker.set("spot", spot, BOARD_STEPS);
    const left = ui.picker.remaining(cmds, BOARD_STEPS);
    const only = left.length === 1 ? left[0]! : null;
    if (only) ui.propose(only, describe(only, view, ui));
    else ui.cancel();
    ui.redraw();
  };
  const victims = chosen && !preview ? ui.picker.remaining(cmds, BOARD_STEPS) : [];
  const isMine = (n: number) => v.board.buildings.some((b) => b.node === n && b.seat === seat);

  const nodeTargets: ComponentChild[] = [];
  const edgeTargets: ComponentChild[] = [];
  const hexTargets: ComponentChild[] = [];
  for (const spot of spots) {
    const id = Number(spot.slice(1));
    const on = chosen === spot || previewSpot === spot;
    if (spot[0] === "n") {
      const p = g.node[id]!;
      const cmd = cmds.find((c) => spotOf(c) === spot)!;
      const label = describe(cmd, view, ui);
      nodeTargets.push(
        <g {...tgt({ label, onPick: () => pick(spot), chosen: on })} data-spot={spot}>
          <circle cx={p.x} cy={p.y} r={SIZE * 0.42} fill="transparent" />
          <circle class="hl" cx={p.x} cy={p.y} r={SIZE * (isMine(id) ? 0.36 : 0.24)} />
        </g>,
      );
    } else if (spot[0] === "e") {
      const e = g.edge[id]!;
      const cmd = cmds.find((c) => spotOf(c) === spot)!;
      const angle = (Math.atan2(e.b.y - e.a.y, e.b.x - e.a.x) * 180) / Math.PI;
      const tf = `translate(${e.mid.x} ${e.mid.y}) rotate(${angle})`;
      edgeTargets.push(
        <g {...tgt({ label: describe(cmd, view, ui), onPick: () => pick(spot), chosen: on })} data-spot={spot}>
          <rect transform={tf} x={-SIZE * 0.32} y={-SIZE * 0.22} width={SIZE * 0.64} height={SIZE * 0.44} fill="transparent" />
          <rect transform={tf} class="hl" x={-SIZE * 0.34} y={-SIZE * 0.14} width={SIZE * 0.68} height={SIZE * 0.28} rx={SIZE * 0.14} />
        </g>,
      );
    } else {
      const c = g.hexCentre[id]!;
      const label = `${ui.tr("Robber to", "Zloděj na")} ${hexWord(v, ui, id)}${id === v.board.robber ? ui.tr(" (stays)", " (zůstává)") : ""}`;
      hexTargets.push(
        <g {...tgt({ label, onPick: () => pick(spot), chosen: on })} data-spot={spot}>
          <polygon class="hl" points={hexPoints(c, SIZE * 0.8)} />
        </g>,
      );
    }
  }

  // The ghost of the command awaiting confirmation.
  let ghost: ComponentChild = null;
  if (preview && seat !== null) {
    if (preview.type === "build_road") {
      const e = g.edge[preview.edge as number];
      if (e) ghost = <Road a={e.a} b={e.b} seat={seat} ghost />;
    } else if (preview.type === "build_settlement" || preview.type === "build_city") {
      const p = g.node[preview.node as number];
      if (p) ghost = <Building p={p} seat={seat} city={preview.type === "build_city"} ghost />;
    } else if (preview.type === "move_robber" || preview.type === "war_move_robber") {
      const c = g.hexCentre[preview.hex as number];
      if (c) ghost = <Robber p={c} ghost label={ui.tr("Robber (preview)", "Zloděj (náhled)")} />;
    }
  }

  const robberAt = g.hexCentre[v.board.robber];
  const landSea = g.hexCentre.map((c) => <polygon points={hexPoints(c, SIZE * 1.32)} fill={SEA} />);
  return (
    <div class="catan">
      <style>{CSS}</style>
      <Status v={v} ui={ui} seat={seat} />
      <PanZoom
        box={g.box}
        label={ui.tr("The island of Catan", "Ostrov Catan")}
        labels={{ zoomIn: ui.tr("Zoom in", "Přiblížit"), zoomOut: ui.tr("Zoom out", "Oddálit"), fit: ui.tr("Whole island", "Celý ostrov") }}
      >
        <g aria-hidden="true">{landSea}</g>
        {v.board.harbours.map((hb, i) => (
          <Harbour {...g.harbour[i]!} kind={hb.kind} ui={ui} />
        ))}
        {v.board.hexes.map((h, i) => (
          <HexTile hex={h} c={g.hexCentre[i]!} word={resWord(ui, h.resource)} />
        ))}
        {hexTargets}
        {robberAt && <Robber p={robberAt} label={`${ui.tr("Robber on", "Zloděj na")} ${hexWord(v, ui, v.board.robber)}`} />}
        {v.board.roads.map((r) => {
          const e = g.edge[r.edge]!;
          return <Road a={e.a} b={e.b} seat={r.seat} />;
        })}
        {v.board.buildings.map((b) => (
          <Building
            p={g.node[b.node]!}
            seat={b.seat}
            city={b.city}
            label={`${b.city ? ui.tr("City", "Město") : ui.tr("Settlement", "Osada")}: ${seatName(ui, b.seat)}`}
          />
        ))}
        {ghost}
        {edgeTargets}
        {nodeTargets}
      </PanZoom>
      {victims.length > 1 && (
        <div class="cat-victims" role="group" aria-label={ui.tr("Steal from", "Okrást")}>
          <span>{ui.tr("Steal from:", "Okrást:")}</span>
          {victims.map((c) => (
            <button
              type="button"
              class="btn"
              onClick={() => {
                ui.propose(c, describe(c, view, ui));
                ui.redraw();
              }}
            >
              {c.victim === undefined ? ui.tr("nobody", "nikoho") : seatName(ui, c.victim as number)}
            </button>
          ))}
        </div>
      )}
      <Offer v={v} seat={seat} legal={tappable ? legal : []} ui={ui} />
      {v.war && (
        <section class="cat-offer" aria-label={ui.tr("War", "Válka")}>
          <p>
            <strong>{ui.tr("War", "Válka")}:</strong> {seatName(ui, v.war.attacker)} ({ui.tr("attack", "útok")} {String(v.war.attack ?? "?")}) ⟶{" "}
            {seatName(ui, v.war.defender)} ({ui.tr("defence", "obrana")} {String(v.war.defence ?? "?")})
            {typeof v.war.picked_count === "number" && v.war.picked_count > 0 && ` · ${ui.tr("cards chosen", "vybráno karet")}: ${v.war.picked_count}`}
          </p>
        </section>
      )}
      <Players v={v} ui={ui} />
    </div>
  );
}

// -- status, players and the open offer (public) --------------------------------------------------

const DIE_PIPS: Record<number, number[][]> = {
  1: [[0, 0]],
  2: [[-1, -1], [1, 1]],
  3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
  5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};
function Die({ n }: { n: number }): ComponentChild {
  return (
    <svg class="cat-die" viewBox="-1.6 -1.6 3.2 3.2" width="26" height="26" aria-hidden="true">
      <rect x="-1.5" y="-1.5" width="3" height="3" rx="0.5" fill="#fff" stroke="#1f2a30" stroke-width="0.12" />
      {(DIE_PIPS[n] ?? []).map(([x, y]) => (
        <circle cx={x! * 0.8} cy={y! * 0.8} r="0.3" fill="#1f2a30" />
      ))}
    </svg>
  );
}

export function phaseWord(v: CatanView, ui: BoardUi, seat: number | null): string {
  const who = seatName(ui, v.current);
  const mine = seat === v.current;
  switch (v.phase) {
    case "setup_settlement":
      return mine ? ui.tr("Place a settlement on a highlighted corner", "Postav osadu na zvýrazněný roh") : `${who}: ${ui.tr("places a settlement", "staví osadu")}`;
    case "setup_road":
      return mine ? ui.tr("Place a road next to it", "Postav k ní silnici") : `${who}: ${ui.tr("places a road", "staví silnici")}`;
    case "start_choice":
      return ui.tr("Choose the settlement that pays your starting resources", "Vyber osadu, která dá počáteční suroviny");
    case "roll":
      return mine ? ui.tr("Roll the dice", "Hoď kostkami") : `${who}: ${ui.tr("to roll", "hází")}`;
    case "discard":
      return ui.tr("A 7: hands over 7 cards discard half", "Sedmička: kdo má přes 7 karet, odhodí polovinu");
    case "robber":
      return mine ? ui.tr("Move the robber: tap a hex", "Přesuň zloděje: klepni na pole") : `${who}: ${ui.tr("moves the robber", "přesouvá zloděje")}`;
    case "road_building":
      return mine ? ui.tr("Place a free road", "Postav silnici zdarma") : `${who}: ${ui.tr("builds roads", "staví silnice")}`;
    case "main":
      return mine ? ui.tr("Build, trade or end your turn", "Stav, obchoduj nebo ukonči tah") : `${who}: ${ui.tr("is playing", "je na tahu")}`;
    case "over":
      return v.winner !== null ? `${ui.tr("Winner", "Vítěz")}: ${seatName(ui, v.winner)}` : ui.tr("Game over", "Konec hry");
  }
  if (v.phase.startsWith("war")) return ui.tr("War!", "Válka!");
  return v.phase;
}

function Status({ v, ui, seat }: { v: CatanView; ui: BoardUi; seat: number | null }): ComponentChild {
  const roll = v.last_roll;
  return (
    <div class="cat-status">
      <span class="cat-dice" aria-label={roll ? `${ui.tr("Last roll", "Poslední hod")}: ${roll[0]} + ${roll[1]} = ${roll[0]! + roll[1]!}` : ui.tr("No roll yet", "Zatím bez hodu")}>
        {roll ? (
          <>
            <Die n={roll[0]!} />
            <Die n={roll[1]!} />
            <strong class={roll[0]! + roll[1]! === 7 ? "cat-seven" : undefined}>= {roll[0]! + roll[1]!}</strong>
          </>
        ) : (
          <span class="muted">{ui.tr("No roll yet", "Zatím bez hodu")}</span>
        )}
      </span>
      <span class="cat-phase">{phaseWord(v, ui, seat)}</span>
    </div>
  );
}

function Players({ v, ui }: { v: CatanView; ui: BoardUi }): ComponentChild {
  return (
    <table class="cat-players">
      <caption class="sr-only">{ui.tr("Players", "Hráči")}</caption>
      <thead>
        <tr>
          <th scope="col">{ui.tr("Player", "Hráč")}</th>
          <th scope="col" title={ui.tr("Victory points", "Vítězné body")}>
            {ui.tr("VP", "VB")}/{v.target}
          </th>
          <th scope="col" title={ui.tr("Resource cards", "Karty surovin")}>
            {ui.tr("Cards", "Karty")}
          </th>
          <th scope="col" title={ui.tr("Development cards", "Akční karty")}>
            {ui.tr("Dev", "Akční")}
          </th>
          <th scope="col" title={ui.tr("Knights played (largest army)", "Zahraní rytíři (největší vojsko)")}>
            {ui.tr("Kn.", "Ryt.")}
          </th>
          <th scope="col" title={ui.tr("Longest road", "Nejdelší cesta")}>
            {ui.tr("Road", "Cesta")}
          </th>
        </tr>
      </thead>
      <tbody>
        {v.players.map((p) => {
          const pl = ui.players.find((x) => x.seat === p.seat);
          return (
            <tr class={v.active_seats.includes(p.seat) ? "cat-active" : undefined}>
              <th scope="row">
                <PlayerBadge seat={p.seat} name={pl?.name ?? `#${p.seat + 1}`} active={v.active_seats.includes(p.seat)} />
              </th>
              <td>
                <strong>{v.final_points?.[p.seat] ?? p.points}</strong>
                {p.points_with_hidden !== undefined && p.points_with_hidden !== p.points && <span class="muted"> ({p.points_with_hidden})</span>}
              </td>
              <td>
                {p.resource_count}
                {p.discard_left > 0 && <span class="cat-award" title={ui.tr("Still to discard", "Ještě odhodí")}>−{p.discard_left}</span>}
              </td>
              <td>
                {p.development_count}
                {p.laid_point_cards > 0 && <span title={ui.tr("Point cards laid out", "Vyložené bodové karty")}> +{p.laid_point_cards}VP</span>}
              </td>
              <td>
                {p.knights}
                {v.largest_army_holder === p.seat && (
                  <span class="cat-award" title={ui.tr("Largest army (2 VP)", "Největší vojsko (2 VB)")}>
                    {ui.tr("Army", "Vojsko")}
                  </span>
                )}
              </td>
              <td>
                {p.longest_road}
                {v.longest_road_holder === p.seat && (
                  <span class="cat-award" title={ui.tr("Longest road (2 VP)", "Nejdelší cesta (2 VB)")}>
                    {ui.tr("Longest", "Nejdelší")}
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={6} class="cat-bank">
            {ui.tr("Bank", "Banka")}:{" "}
            {RESOURCES.map((r) => (
              <span class="cat-chip" title={resWord(ui, r)}>
                <Glyph r={r} size={14} /> {v.bank[r] ?? 0}
              </span>
            ))}{" "}
            · {ui.tr("development cards", "akční karty")}: {v.deck_count}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}

function Cards({ counts, ui }: { counts: number[]; ui: BoardUi }): ComponentChild {
  const shown = counts.flatMap((n, i) => (n ? [[n, RESOURCES[i]!] as const] : []));
  if (!shown.length) return <span class="muted">—</span>;
  return (
    <span class="cat-cards">
      {shown.map(([n, r]) => (
        <span class="cat-chip">
          <Glyph r={r} size={16} /> {n}× {resWord(ui, r)}
        </span>
      ))}
    </span>
  );
}

function Offer({ v, seat, legal, ui }: { v: CatanView; seat: number | null; legal: Command[]; ui: BoardUi }): ComponentChild {
  const counters = v.players.filter((p) => p.counter_offer);
  if (!v.offer && !counters.length) return null;
  const find = (type: string, f?: (c: Command) => boolean) => legal.find((c) => c.type === type && (!f || f(c)));
  const accept = find("answer_offer", (c) => c.accept === true);
  const decline = find("answer_offer", (c) => c.accept === false);
  const btn = (c: Command | undefined, primary = false, text?: string) =>
    c && (
      <button type="button" class={primary ? "btn btn-primary" : "btn"} onClick={() => ui.propose(c, describe(c, v as unknown as Json, ui))}>
        {text ?? describe(c, v as unknown as Json, ui)}
      </button>
    );
  return (
    <section class="cat-offer" aria-label={ui.tr("Trade offer", "Nabídka obchodu")}>
      {v.offer && (
        <>
          <p>
            <strong>{seatName(ui, v.current)}</strong> {ui.tr("offers", "nabízí")} <Cards counts={v.offer.give} ui={ui} /> {ui.tr("for", "za")}{" "}
            <Cards counts={v.offer.get} ui={ui} />
          </p>
          <ul class="cat-answers">
            {v.offer.answers.map((a, p) =>
              p === v.current ? null : (
                <li>
                  {seatName(ui, p)}: {a === "accepted" ? ui.tr("accepts", "přijímá") : a === null ? ui.tr("thinking…", "přemýšlí…") : a === "declined" ? ui.tr("declines", "odmítá") : a === "countered" ? ui.tr("counter-offers", "dává protinabídku") : a}
                </li>
              ),
            )}
          </ul>
        </>
      )}
      {counters.map((p) => (
        <p>
          {ui.tr("Counter-offer from", "Protinabídka od")} <strong>{seatName(ui, p.seat)}</strong>: {ui.tr("gives", "dá")} <Cards counts={p.counter_offer!.give} ui={ui} />{" "}
          {ui.tr("for", "za")} <Cards counts={p.counter_offer!.get} ui={ui} />
        </p>
      ))}
      <div class="actions">
        {btn(accept, true)}
        {btn(decline)}
        {legal.filter((c) => c.type === "trade_with").map((c) => btn(c, true))}
      </div>
    </section>
  );
}

// -- the viewer's own area: hand, development cards, discarding, trading ------------------------

export function extraCommands(_view: Json, _seat: number | null, legal: Command[], _ui: BoardUi): Command[] {
  return EXTRA.flatMap((t) => legal.filter((c) => c.type === t));
}

export function privateArea(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  if (!isView(view) || seat === null) return null;
  const v = asView(view);
  const me = v.players[seat];
  if (!me?.resources) return null;
  const act = ui.interactive && !ui.busy ? legal : [];
  const of = (type: string) => act.filter((c) => c.type === type);
  const propose = (c: Command) => {
    ui.propose(c, describe(c, view, ui));
    ui.redraw();
  };
  const hand = RESOURCES.map((r) => me.resources![r] ?? 0);
  const discard = of("discard");
  const warCards = [...of("war_give"), ...of("war_take")];
  const cardButtons = (cmds: Command[]) => (
    <div class="cat-row">
      {cmds.map((c) => (
        <button type="button" class="btn cat-res-btn" onClick={() => propose(c)}>
          {RESOURCES.includes(c.card as Res) && <Glyph r={c.card as string} size={18} />} {resWord(ui, c.card as string)}
        </button>
      ))}
    </div>
  );
  return (
    <div class="catan cat-private">
      <style>{CSS}</style>
      <div class="cat-hand" aria-label={ui.tr("Your resources", "Tvoje suroviny")}>
        {RESOURCES.map((r, i) => (
          <span class={`cat-card${hand[i] ? "" : " cat-none"}`}>
            <Glyph r={r} size={26} />
            <span class="cat-n">{hand[i]}</span>
            <span class="cat-w">{resWord(ui, r)}</span>
            {me.trade_ratios && <span class="cat-ratio">{me.trade_ratios[r]}:1</span>}
          </span>
        ))}
      </div>
      {me.discard_left > 0 && (
        <div class="cat-box">
          <p>
            <strong>
              {ui.tr("Discard", "Odhoď")} {me.discard_left} {ui.tr("more: tap a card", "karet: klepni na kartu")}
            </strong>
          </p>
          {cardButtons(discard)}
        </div>
      )}
      {warCards.length > 0 && (
        <div class="cat-box">
          <p>
            <strong>{warCards[0]!.type === "war_give" ? ui.tr("Choose a card to give", "Vyber kartu, kterou dáš") : ui.tr("Choose a card to take", "Vyber kartu, kterou vezmeš")}</strong>
          </p>
          {cardButtons(warCards)}
        </div>
      )}
      <DevCards me={me} act={act} ui={ui} view={view} />
      <BankTrade act={act} me={me} ui={ui} view={view} />
      <Draft me={me} act={act} ui={ui} counter={seat !== v.current} />
    </div>
  );
}

function DevCards({ me, act, ui, view }: { me: CatanPlayer; act: Command[]; ui: BoardUi; view: Json }): ComponentChild {
  const cards = me.development_cards ?? {};
  const fresh = me.new_development_cards ?? {};
  const owned = DEV_CARDS.filter((k) => (cards[k] ?? 0) > 0);
  const propose = (c: Command) => {
    ui.propose(c, describe(c, view, ui));
    ui.redraw();
  };
  const one = (type: string) => act.find((c) => c.type === type);
  const monopoly = act.filter((c) => c.type === "play_monopoly");
  const plenty = act.filter((c) => c.type === "play_year_of_plenty");
  const steps = ["yop"];
  const firstPick = ui.picker.get("yop") as string | undefined;
  return (
    <div class="cat-box">
      <h3 class="cat-h">{ui.tr("Development cards", "Akční karty")}</h3>
      {owned.length === 0 && <p class="muted">{ui.tr("None in hand", "Žádné v ruce")}</p>}
      <ul class="cat-devs">
        {owned.map((k) => (
          <li>
            <span>
              {cards[k]}× {resWord(ui, k)}
              {(fresh[k] ?? 0) > 0 && <span class="muted"> ({fresh[k]} {ui.tr("new", "nové")})</span>}
            </span>
            {k === "knight" && one("play_knight") && (
              <button type="button" class="btn" onClick={() => propose(one("play_knight")!)}>
                {ui.tr("Play", "Zahrát")}
              </button>
            )}
            {k === "road_building" && one("play_road_building") && (
              <button type="button" class="btn" onClick={() => propose(one("play_road_building")!)}>
                {ui.tr("Play", "Zahrát")}
              </button>
            )}
            {k === "monopoly" && monopoly.length > 0 && (
              <span class="cat-row">
                {monopoly.map((c) => (
                  <button type="button" class="btn cat-res-btn" aria-label={describe(c, view, ui)} onClick={() => propose(c)}>
                    <Glyph r={c.resource as string} size={18} /> {resWord(ui, c.resource as string)}
                  </button>
                ))}
              </span>
            )}
            {k === "year_of_plenty" && plenty.length > 0 && (
              <span class="cat-row">
                <span class="muted">{firstPick ? ui.tr("second:", "druhá:") : ui.tr("first:", "první:")}</span>
                {RESOURCES.filter((r) =>
                  plenty.some((c) => {
                    const rs = c.resources as string[];
                    return firstPick ? rs[0] === firstPick && rs[1] === r : rs[0] === r;
                  }),
                ).map((r) => (
                  <button
                    type="button"
                    class="btn cat-res-btn"
                    aria-label={`${resWord(ui, k)}: ${resWord(ui, r)}`}
                    onClick={() => {
                      if (!firstPick) {
                        ui.picker.set("yop", r, steps);
                        ui.redraw();
                        return;
                      }
                      const c = plenty.find((x) => (x.resources as string[])[0] === firstPick && (x.resources as string[])[1] === r);
                      ui.picker.unset("yop");
                      if (c) propose(c);
                    }}
                  >
                    <Glyph r={r} size={18} /> {resWord(ui, r)}
                  </button>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

function BankTrade({ act, me, ui, view }: { act: Command[]; me: CatanPlayer; ui: BoardUi; view: Json }): ComponentChild {
  const trades = act.filter((c) => c.type === "trade_bank");
  if (!trades.length) return null;
  const give = ui.picker.get("bank_give") as string | undefined;
  const gives = RESOURCES.filter((r) => trades.some((c) => c.give === r));
  const gets = give ? RESOURCES.filter((r) => trades.some((c) => c.give === give && c.get === r)) : [];
  return (
    <div class="cat-box">
      <h3 class="cat-h">{ui.tr("Trade with the bank", "Obchod s bankou")}</h3>
      <div class="cat-row">
        <span class="muted">{ui.tr("Give", "Dám")}:</span>
        {gives.map((r) => (
          <button
            type="button"
            class={`btn cat-res-btn${give === r ? " btn-primary" : ""}`}
            aria-pressed={give === r ? "true" : "false"}
            aria-label={`${ui.tr("Give", "Dám")} ${me.trade_ratios?.[r] ?? 4}× ${resWord(ui, r)}`}
            onClick={() => {
              ui.picker.choose("bank_give", r);
              ui.redraw();
            }}
          >
            <Glyph r={r} size={18} /> {me.trade_ratios?.[r] ?? 4}× {resWord(ui, r)}
          </button>
        ))}
      </div>
      {give && (
        <div class="cat-row">
          <span class="muted">{ui.tr("Get 1", "Dostanu 1")}:</span>
          {gets.map((r) => (
            <button
              type="button"
              class="btn cat-res-btn"
              aria-label={`${ui.tr("Get", "Dostanu")} ${resWord(ui, r)}`}
              onClick={() => {
                const c = trades.find((x) => x.give === give && x.get === r);
                if (c) {
                  ui.propose(c, describe(c, view, ui));
                  ui.redraw();
                }
              }}
            >
              <Glyph r={r} size={18} /> {resWord(ui, r)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

function Draft({ me, act, ui, counter }: { me: CatanPlayer; act: Command[]; ui: BoardUi; counter: boolean }): ComponentChild {
  const start = act.find((c) => c.type === "draft_offer");
  const adds = act.filter((c) => c.type === "draft_add");
  const send = act.find((c) => c.type === "send_offer");
  const drop = act.find((c) => c.type === "cancel_draft");
  if (!me.draft && !start) return null;
  if (!me.draft)
    return (
      <div class="cat-box">
        <h3 class="cat-h">{ui.tr("Trade with players", "Obchod s hráči")}</h3>
        <button type="button" class="btn" onClick={() => ui.submit(start!)}>
          {counter ? ui.tr("Compose a counter-offer…", "Sestavit protinabídku…") : ui.tr("Compose an offer…", "Sestavit nabídku…")}
        </button>
      </div>
    );
  const side = (name: "give" | "get", counts: number[]) => (
    <div class="cat-row">
      <span class="muted">{name === "give" ? ui.tr("I give", "Dám") : ui.tr("I get", "Chci")}:</span>
      <Cards counts={counts} ui={ui} />
      {adds
        .filter((c) => c.side === name)
        .map((c) => (
          <button type="button" class="btn cat-res-btn" aria-label={`${name === "give" ? ui.tr("Give", "Dám") : ui.tr("Get", "Chci")} +1 ${resWord(ui, c.resource as string)}`} onClick={() => ui.submit(c)}>
            +<Glyph r={c.resource as string} size={16} />
          </button>
        ))}
    </div>
  );
  return (
    <div class="cat-box">
      <h3 class="cat-h">{counter ? ui.tr("Your counter-offer", "Tvoje protinabídka") : ui.tr("Your offer", "Tvoje nabídka")}</h3>
      {side("give", me.draft.give)}
      {side("get", me.draft.get)}
      <div class="cat-row">
        {send && (
          <button type="button" class="btn btn-primary" onClick={() => ui.submit(send)}>
            {ui.tr("Send the offer", "Poslat nabídku")}
          </button>
        )}
        {drop && (
          <button type="button" class="btn" onClick={() => ui.submit(drop)}>
            {ui.tr("Drop", "Zahodit")}
          </button>
        )}
      </div>
      <p class="muted small">{cardsWord(ui, me.draft.give)} → {cardsWord(ui, me.draft.get)}</p>
    </div>
  );
}

const CSS = `
.catan .cat-status{display:flex;flex-wrap:wrap;align-items:center;gap:.4rem .8rem;margin:0 0 .5rem}
.catan .cat-dice{display:inline-flex;align-items:center;gap:.25rem;font-size:1.05rem}
.catan .cat-seven{color:#b5442c}
.catan .cat-phase{font-weight:600}
.catan .cat-players{width:100%;border-collapse:collapse;margin:.6rem 0;font-size:.9rem}
.catan .cat-players th,.catan .cat-players td{padding:.25rem .3rem;text-align:left;border-bottom:1px solid #ddd3bf;vertical-align:middle}
.catan .cat-players th[scope=row] .badge-name{white-space:nowrap}
.catan .cat-players thead th{font-weight:600;font-size:.8rem;color:#5a6168}
.catan .cat-players tr.cat-active{background:#f3e7d6}
.catan .cat-bank{font-size:.8rem;color:#4a5158;border-bottom:none}
.catan .cat-bank .cat-chip{margin-right:.35rem}
.catan .cat-award{display:inline-block;margin-left:.25rem;padding:0 .3rem;border-radius:.6rem;background:#1f2a30;color:#fff;font-size:.7rem}
.catan .cat-offer{border:1px solid #d9cdb5;border-radius:8px;padding:.5rem .7rem;margin:.6rem 0;background:#fbf8f1}
.catan .cat-offer p{margin:.2rem 0}
.catan .cat-answers{list-style:none;padding:0;margin:.2rem 0;display:flex;gap:.8rem;flex-wrap:wrap;font-size:.9rem}
.catan .cat-cards{display:inline-flex;flex-wrap:wrap;gap:.3rem}
.catan .cat-chip{display:inline-flex;align-items:center;gap:.2rem;white-space:nowrap}
.catan .cat-victims{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.5rem 0}
.catan .cat-hand{display:grid;grid-template-columns:repeat(5,1fr);gap:.3rem;margin-bottom:.6rem}
.catan .cat-card{display:flex;flex-direction:column;align-items:center;border:1px solid #d9cdb5;border-radius:8px;padding:.3rem .1rem;background:#fff;font-size:.78rem;line-height:1.15}
.catan .cat-card.cat-none{background:#f1ece2}
.catan .cat-card.cat-none .cat-glyph{opacity:.45}
.catan .cat-n{font-size:1.2rem;font-weight:700}
.catan .cat-ratio{color:#4a5158;font-size:.72rem}
.catan .cat-box{margin:.5rem 0;padding:.4rem 0;border-top:1px solid #e4dac6}
.catan .cat-h{font-size:.95rem;margin:.1rem 0 .3rem}
.catan .cat-row{display:flex;flex-wrap:wrap;gap:.35rem;align-items:center;margin:.25rem 0}
.catan .cat-res-btn{display:inline-flex;align-items:center;gap:.25rem;min-height:36px}
.catan .cat-devs{list-style:none;padding:0;margin:0}
.catan .cat-devs li{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.25rem 0}
.catan .cat-glyph{vertical-align:middle;flex:none}
.catan .sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
`;
