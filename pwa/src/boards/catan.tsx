/** The Catan board: the island (terrain in colour with an icon and its name, number tokens with
 * 6 and 8 in red, harbours with their ratio), roads, settlements and cities in the player's
 * colour and symbol, the robber, the dice and everyone's points; set-up, building, the robber
 * and the start choice by tapping corners, edges and hexes (legal ones lit, narrowed by the
 * Picker: what to build first where several kinds are possible, so corners and edges are never
 * lit together), one tap for what undo takes back and a preview to confirm for the rest
 * (`needsConfirm`); `ui.marks` ringed where they happened; the hand, the build row, development
 * cards, discarding, bank and domestic trade in the private area (the dock on a phone). Places
 * are named as the log names them ("between the forest 4 and the pasture 9"), never by number.
 * No rules here: every tap is one of the legal commands. */

import type { ComponentChild, JSX } from "preact";
import type { Command, Json } from "../types";
import { bounds, hexCorners, hexPoints, type Point } from "./toolkit/hex";
import { PanZoom } from "./toolkit/panzoom";
import type { Step } from "./toolkit/picker";
import { PlayerBadge, seatStyle, symbolPath } from "./toolkit/pieces";
import { type TargetOptions, targetProps } from "./toolkit/targets";
import { PickButton, PickCount } from "./toolkit/choice";
import { Mark } from "./toolkit/mark";
import "./catan.css";
import type { BoardUi } from "./types";
import { asJson, viewOf, type ViewParts } from "./view";
import type { GameViews } from "../api/views";
import { describeCommand } from "./toolkit/words";

// -- the view's shape (games/catan/view.schema.json) ---------------------------------------------

export type Res = "brick" | "lumber" | "wool" | "grain" | "ore";
export const RESOURCES: readonly Res[] = ["brick", "lumber", "wool", "grain", "ore"];
export const DEV_CARDS = ["knight", "victory_point", "road_building", "year_of_plenty", "monopoly"] as const;
type Counts = ViewParts["CatanCounts"];
type Hex = ViewParts["CatanHex"];
type CatanPlayer = ViewParts["CatanPlayer"];
export type CatanView = GameViews["catan"];

/** A replay's first version (or a broken answer) has no view to draw: null. */
const asView = (v: Json): CatanView | null => viewOf("catan", v, "board");

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
export function resWord(ui: Pick<BoardUi, "tr"> & Partial<Pick<BoardUi, "lang" | "game">>, r: string): string {
  const w = RES_WORDS[r] ?? DEV_WORDS[r];
  const g = ui.game?.glossary?.cards?.[r];
  const fromGlossary = g ? (ui.lang === "cs" ? g.cs : g.en) : undefined;
  if (fromGlossary) return fromGlossary[0]!.toUpperCase() + fromGlossary.slice(1);
  return w ? ui.tr(w[0], w[1]) : ui.tr("card", "karta");
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
  // The margin holds a coastal corner's whole hit disc (NODE_HIT) inside the island's view.
  return { hexCentre, node, nodeHexes, edge, edgeHexes, harbour, box: bounds(pts, SIZE * 0.64) };
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

// -- steps: a board command is a kind (road, settlement...), a spot (corner, edge or hex), then
// a victim. The kind comes first where several are possible, so that corners and edges are never
// lit together: each target then has room for a hit area of a finger's size.

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

export type Kind = "road" | "settlement" | "city" | "robber" | "start";
/** What a board command puts on the board. */
export function kindOf(c: Command): Kind | undefined {
  switch (c.type) {
    case "build_settlement":
      return "settlement";
    case "build_city":
      return "city";
    case "build_road":
      return "road";
    case "move_robber":
    case "war_move_robber":
      return "robber";
    case "choose_start_resources":
      return "start";
  }
  return undefined;
}

export const BOARD_STEPS: Step[] = [
  { key: "kind", get: (c) => kindOf(c) },
  { key: "spot", get: (c) => spotOf(c) },
  { key: "victim", get: (c) => (c.type === "move_robber" ? ((c.victim as number | undefined) ?? -1) : null) },
];

export function boardCommands(legal: readonly Command[]): Command[] {
  return legal.filter((c) => spotOf(c) !== undefined);
}

/** The kinds of piece the legal board commands may place now, in the build row's order. */
export function legalKinds(legal: readonly Command[]): Kind[] {
  const ks = new Set(boardCommands(legal).map((c) => kindOf(c)!));
  return (["road", "settlement", "city", "robber", "start"] as Kind[]).filter((k) => ks.has(k));
}

/** The kind the player builds now: the one picked, or the only one possible; none while
 * several are possible and none is picked. */
export function currentKind(legal: readonly Command[], picker: Pick<BoardUi["picker"], "get">): Kind | undefined {
  const kinds = legalKinds(legal);
  const picked = picker.get("kind") as Kind | undefined;
  if (picked && kinds.includes(picked)) return picked;
  return kinds.length === 1 ? kinds[0] : undefined;
}

/** The spots to light now: those of the current kind's legal commands. */
export function legalSpots(legal: readonly Command[], picker?: Pick<BoardUi["picker"], "get">): Set<string> {
  const kind = picker ? currentKind(legal, picker) : undefined;
  const cmds = boardCommands(legal).filter((c) => !picker || kindOf(c) === kind);
  return new Set(cmds.map((c) => spotOf(c)!));
}

/** Commands offered as plain buttons under the board, in a sensible order. */
const EXTRA = ["roll_dice", "buy_development_card", "lay_point_card", "declare_war", "defend_war", "withdraw_offer", "end_turn"];

// -- words: places named as the log names them (games/catan/words.py) ---------------------------

type Tr = Pick<BoardUi, "tr">;
type Gl = Pick<BoardUi, "tr" | "lang" | "game">;

/** A thing's name from the game's glossary (games/catan/words.py GLOSSARY), else the fallback. */
function gloss(ui: Gl, group: string, key: string, en: string, cs: string): string {
  const w = ui.game?.glossary?.[group]?.[key];
  const s = w ? (ui.lang === "cs" ? w.cs : w.en) : undefined;
  return s || ui.tr(en, cs);
}
const cap = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

type Case = "nom" | "gen" | "acc" | "ins";
/** The glossary's group for a terrain in each Czech case (games/catan/words.py GLOSSARY). */
const TERRAIN_GROUP: Record<Case, string> = { nom: "terrains", gen: "terrains_of", acc: "terrains_to", ins: "terrains_with" };

/** The name of a terrain as such (a hex's caption): "Pasture" / "Pastvina". */
export function terrainName(ui: Gl, res: string): string {
  return cap(gloss(ui, "terrains", res, res, res));
}

/** One hex as the log names it: "the pasture 9" / "pastvinu s devítkou" (Czech in `c`). */
export function hexPlace(v: CatanView, ui: Gl, h: number, c: Case = "acc"): string {
  const hex = v.board.hexes[h];
  if (!hex) return ui.lang === "cs" ? "políčko" : "the hex";
  const nominative = gloss(ui, "terrains", hex.resource, hex.resource, hex.resource);
  const terrain = gloss(ui, TERRAIN_GROUP[c], hex.resource, nominative, nominative);
  if (ui.lang === "cs") return hex.number ? `${terrain} ${gloss(ui, "numbers", String(hex.number), "", String(hex.number))}` : terrain;
  return hex.number ? `the ${terrain} ${hex.number}` : `the ${terrain}`;
}

function joinWords(ui: Pick<BoardUi, "lang">, parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} ${ui.lang === "cs" ? "a" : "and"} ${parts[parts.length - 1]}`;
}

// Corners of a pointy-top hex, 0 at the top then clockwise; side k joins corners k and k + 1.
const CORNER_DIRS: [string, string][] = [
  ["north", "severním"],
  ["north-east", "severovýchodním"],
  ["south-east", "jihovýchodním"],
  ["south", "jižním"],
  ["south-west", "jihozápadním"],
  ["north-west", "severozápadním"],
];
const SIDE_DIRS: [string, string][] = [
  ["north-east", "severovýchodním"],
  ["east", "východním"],
  ["south-east", "jihovýchodním"],
  ["south-west", "jihozápadním"],
  ["west", "západním"],
  ["north-west", "severozápadním"],
];
const HARBOUR_AT: Record<string, [string, string]> = {
  "3:1": ["the 3:1 harbour", "přístavu 3:1"],
  "2:1 brick": ["the 2:1 brick harbour", "přístavu 2:1 na cihly"],
  "2:1 lumber": ["the 2:1 lumber harbour", "přístavu 2:1 na dřevo"],
  "2:1 wool": ["the 2:1 wool harbour", "přístavu 2:1 na vlnu"],
  "2:1 grain": ["the 2:1 grain harbour", "přístavu 2:1 na obilí"],
  "2:1 ore": ["the 2:1 ore harbour", "přístavu 2:1 na rudu"],
};

/** Where a corner is: "between the forest 4, the pasture 9 and the hills 10" / "mezi lesem se
 * čtyřkou, …"; on the coast "on the coast between …" or "at the north corner of the forest 4";
 * ", at the 3:1 harbour" where there is one. */
export function cornerPlace(v: CatanView, ui: Gl, n: number): string {
  const hexes = geo(v).nodeHexes[n] ?? [];
  const cs = ui.lang === "cs";
  let text: string;
  if (hexes.length === 1) {
    const h = hexes[0]!;
    const dir = CORNER_DIRS[v.board.hexes[h]!.nodes.indexOf(n)] ?? CORNER_DIRS[0]!;
    text = cs ? `na ${dir[1]} rohu ${hexPlace(v, ui, h, "gen")}` : `at the ${dir[0]} corner of ${hexPlace(v, ui, h)}`;
  } else {
    const inner = joinWords(
      ui,
      hexes.map((h) => hexPlace(v, ui, h, "ins")),
    );
    const coast = hexes.length < 3;
    text = cs ? `${coast ? "na pobřeží " : ""}mezi ${inner}` : `${coast ? "on the coast " : ""}between ${inner}`;
  }
  const harbour = v.board.harbours.find((hb) => hb.nodes.includes(n));
  const hw = harbour && HARBOUR_AT[harbour.kind];
  if (hw) text += cs ? `, u ${hw[1]}` : `, at ${hw[0]}`;
  return text;
}

/** Where an edge is: "between the forest 4 and the pasture 9"; on the coast "on the north-east
 * coast of the forest 4" / "na severovýchodním pobřeží lesa se čtyřkou". */
export function edgePlace(v: CatanView, ui: Gl, e: number): string {
  const hexes = geo(v).edgeHexes[e] ?? [];
  const cs = ui.lang === "cs";
  if (hexes.length === 1) {
    const h = hexes[0]!;
    const nodes = v.board.hexes[h]!.nodes;
    const [a, b] = v.board.edges[e]!;
    const i = nodes.indexOf(a!);
    const j = nodes.indexOf(b!);
    const dir = SIDE_DIRS[(i + 1) % 6 === j ? i : j] ?? SIDE_DIRS[0]!;
    return cs ? `na ${dir[1]} pobřeží ${hexPlace(v, ui, h, "gen")}` : `on the ${dir[0]} coast of ${hexPlace(v, ui, h)}`;
  }
  const inner = joinWords(
    ui,
    hexes.map((h) => hexPlace(v, ui, h, "ins")),
  );
  return cs ? `mezi ${inner}` : `between ${inner}`;
}

/** Pieces named as the game names them: "Settlement" / "Vesnice", "Road" / "Cesta". */
export function pieceName(ui: Gl, kind: "settlement" | "city" | "road" | "robber"): string {
  if (kind === "robber") return cap(gloss(ui, "figures", "robber", "robber", "zloděj"));
  const fallback: Record<string, [string, string]> = { settlement: ["settlement", "vesnice"], city: ["city", "město"], road: ["road", "cesta"] };
  const [en, cs] = fallback[kind]!;
  return cap(gloss(ui, "buildings", kind, en, cs));
}

function seatName(ui: BoardUi, seat: number): string {
  const p = ui.players.find((x) => x.seat === seat);
  if (p?.name) return p.name;
  return ui.tr("the other player", "protihráč");
}

/** The robber moved to a hex, in words: "Robber to the pasture 9" (+ "stays" when it does). */
function robberWords(v: CatanView, ui: BoardUi, hex: number): string {
  const stay = hex === v.board.robber ? ui.tr(" (stays)", " (zůstává)") : "";
  return `${pieceName(ui, "robber")} ${ui.tr("to", "na")} ${hexPlace(v, ui, hex, "acc")}${stay}`;
}

export function describe(c: Command, view: Json, ui: BoardUi): string {
  const v = asView(view);
  if (!v) return describeCommand(c);
  switch (c.type) {
    case "build_settlement":
      return `${pieceName(ui, "settlement")} ${cornerPlace(v, ui, c.node as number)}`;
    case "build_city":
      return `${pieceName(ui, "city")} ${cornerPlace(v, ui, c.node as number)}`;
    case "choose_start_resources":
      return `${ui.tr("Starting resources from the settlement", "Počáteční suroviny z vesnice")} ${cornerPlace(v, ui, c.node as number)}`;
    case "build_road":
      return `${pieceName(ui, "road")} ${edgePlace(v, ui, c.edge as number)}`;
    case "move_robber":
    case "war_move_robber": {
      const victim = c.victim as number | undefined;
      const to = robberWords(v, ui, c.hex as number);
      return victim === undefined ? to : `${to}, ${ui.tr("steal from", "okrást")} ${seatName(ui, victim)}`;
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
  return ui.tr("Move", "Tah");
}

/** The confirm policy (pwa/BOARDS.md): one tap for what undo takes back (builds, bank trades,
 * Road Building, Year of Plenty: games/catan/events.py _UNDOABLE) and for the single obvious
 * buttons (roll the dice, end a turn with nothing else to do); a preview + Confirm for the
 * rest: ending the turn while moves remain, the last set-up road (the turn passes), the robber
 * (it steals), buying (it draws), the other cards, discards, trades with a player, war. */
export function needsConfirm(c: Command, view: Json, legal: Command[]): boolean {
  const v = asView(view);
  switch (c.type) {
    case "roll_dice":
    case "withdraw_offer":
    case "trade_bank":
    case "play_road_building":
    case "play_year_of_plenty":
    case "draft_offer":
    case "draft_add":
    case "cancel_draft":
    case "build_settlement":
    case "build_city":
      return false;
    case "build_road":
      return v?.phase === "setup_road";
    case "answer_offer":
      return c.accept === true;
    case "end_turn":
      return legal.some((x) => x.type !== "end_turn" && x.type !== "draft_offer" && x.type !== "withdraw_offer");
  }
  return true;
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

/** Where an event happened on the board (its `data`: node, edge or hex), for a `<Mark>`. */
export function eventPlace(v: CatanView, data: Record<string, Json> | undefined): { x: number; y: number; r: number } | null {
  if (!data) return null;
  const g = geo(v);
  if (typeof data.node === "number" && g.node[data.node]) return { ...g.node[data.node]!, r: SIZE * 0.55 };
  if (typeof data.edge === "number" && g.edge[data.edge]) return { ...g.edge[data.edge]!.mid, r: SIZE * 0.55 };
  if (typeof data.hex === "number" && g.hexCentre[data.hex]) return { ...g.hexCentre[data.hex]!, r: SIZE * 0.9 };
  return null;
}

// Hit areas, in board units (SIZE = 30: a hex side; the island is drawn about 1.1 px a unit
// on a 360-390 px phone, down to 0.9 when a long game's hand makes the dock tall). A lit
// corner's hit disc is 38 across, a lit edge's 37: lit corners are at least two sides (52)
// apart, lit edges' middles 26, so no lit target's centre lies under another's hit area, and
// each is over 32 px across at the view that shows the whole island, a tall dock included (a
// whole game by touch once met an edge of 31 px: tests/pwa/test_phone_catan.py).
const NODE_HIT = SIZE * 0.64;
const EDGE_HIT = SIZE * 0.62;

export function render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v) return null;
  const g = geo(v);
  const tappable = ui.interactive && !ui.busy;
  const kind = tappable ? currentKind(legal, ui.picker) : undefined;
  const cmds = tappable ? boardCommands(legal).filter((c) => kindOf(c) === kind) : [];
  const spots = new Set(cmds.map((c) => spotOf(c)!));
  const chosen = ui.picker.get("spot") as string | undefined;
  const preview = ui.preview;
  const previewSpot = preview ? spotOf(preview) : undefined;

  const pick = (spot: string) => {
    // The chosen spot tapped again takes the choice back (choosing it again changed nothing).
    if (spot === chosen || spot === previewSpot) {
      ui.picker.unset("spot");
      ui.cancel();
      ui.redraw();
      return;
    }
    if (kind) ui.picker.set("kind", kind, BOARD_STEPS);
    ui.picker.set("spot", spot, BOARD_STEPS);
    const left = ui.picker.remaining(cmds, BOARD_STEPS);
    // The robber: steal from the one player there at once (the row above the board offers
    // not to); with several there, the player picks whom first.
    const stealing = left.filter((c) => c.victim !== undefined);
    const only = left.length === 1 ? left[0]! : stealing.length === 1 ? stealing[0]! : null;
    if (only) ui.propose(only, describe(only, view, ui));
    else ui.cancel();
    ui.redraw();
  };
  const victims = chosen && spots.has(chosen) ? ui.picker.remaining(cmds, BOARD_STEPS).filter((c) => spotOf(c) === chosen) : [];
  const isMine = (n: number) => v.board.buildings.some((b) => b.node === n && b.seat === seat);

  const targets: ComponentChild[] = [];
  for (const spot of spots) {
    const id = Number(spot.slice(1));
    const on = chosen === spot || previewSpot === spot;
    const cmd = cmds.find((c) => spotOf(c) === spot)!;
    if (spot[0] === "n") {
      const p = g.node[id]!;
      targets.push(
        <g {...tgt({ label: describe(cmd, view, ui), onPick: () => pick(spot), chosen: on })} data-spot={spot}>
          <circle cx={p.x} cy={p.y} r={NODE_HIT} fill="transparent" />
          <circle class="hl" cx={p.x} cy={p.y} r={SIZE * (isMine(id) ? 0.4 : 0.27)} />
        </g>,
      );
    } else if (spot[0] === "e") {
      const e = g.edge[id]!;
      const angle = (Math.atan2(e.b.y - e.a.y, e.b.x - e.a.x) * 180) / Math.PI;
      const tf = `translate(${e.mid.x} ${e.mid.y}) rotate(${angle})`;
      targets.push(
        <g {...tgt({ label: describe(cmd, view, ui), onPick: () => pick(spot), chosen: on })} data-spot={spot}>
          <circle cx={e.mid.x} cy={e.mid.y} r={EDGE_HIT} fill="transparent" />
          <rect transform={tf} class="hl" x={-SIZE * 0.36} y={-SIZE * 0.15} width={SIZE * 0.72} height={SIZE * 0.3} rx={SIZE * 0.15} />
        </g>,
      );
    } else {
      const c = g.hexCentre[id]!;
      targets.push(
        <g {...tgt({ label: robberWords(v, ui, id), onPick: () => pick(spot), chosen: on })} data-spot={spot}>
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
      if (c) ghost = <Robber p={c} ghost label={`${pieceName(ui, "robber")} (${ui.tr("preview", "náhled")})`} />;
    }
  }

  // What the marked events did, ringed where they did it.
  const marks = ui.marks.flatMap((ev, i) => {
    const at = eventPlace(v, ev.data);
    if (!at) return [];
    const text = ev.text ? (ui.lang === "cs" ? ev.text.cs : ev.text.en) : undefined;
    return [<Mark x={at.x} y={at.y} r={at.r} seat={ev.actor ?? null} n={ui.marks.length > 1 ? i + 1 : undefined} label={text || undefined} />];
  });

  const robberAt = g.hexCentre[v.board.robber];
  const landSea = g.hexCentre.map((c) => <polygon points={hexPoints(c, SIZE * 1.32)} fill={SEA} />);
  return (
    <div class="catan">
      <Status v={v} ui={ui} seat={seat} kind={kind} several={tappable && legalKinds(legal).filter((k) => k !== "robber" && k !== "start").length > 1} />
      {victims.length > 1 && (
        <div class="cat-victims" role="group" aria-label={ui.tr("Steal from", "Okrást")}>
          <span>{ui.tr("Steal from:", "Okrást:")}</span>
          {victims.map((c) => {
            // The chosen one tapped again takes the theft back (proposing it again changed nothing).
            const on = preview !== null && JSON.stringify(preview) === JSON.stringify(c);
            return (
              <PickButton
                class="btn"
                chosen={on}
                onPick={() => {
                  if (on) ui.cancel();
                  else ui.propose(c, describe(c, view, ui));
                  ui.redraw();
                }}
              >
                {c.victim === undefined ? ui.tr("nobody", "nikoho") : seatName(ui, c.victim as number)}
              </PickButton>
            );
          })}
        </div>
      )}
      <PanZoom
        key={`${v.turn}:${v.phase}`}
        box={g.box}
        label={ui.tr("The island of Catan", "Ostrov Catan")}
        labels={{ zoomIn: ui.tr("Zoom in", "Přiblížit"), zoomOut: ui.tr("Zoom out", "Oddálit"), fit: ui.tr("Whole island", "Celý ostrov") }}
      >
        <g aria-hidden="true">{landSea}</g>
        {v.board.harbours.map((hb, i) => (
          <Harbour {...g.harbour[i]!} kind={hb.kind} ui={ui} />
        ))}
        {v.board.hexes.map((h, i) => (
          <HexTile hex={h} c={g.hexCentre[i]!} word={terrainName(ui, h.resource)} />
        ))}
        {robberAt && <Robber p={robberAt} label={`${pieceName(ui, "robber")}: ${hexPlace(v, ui, v.board.robber, "nom")}`} />}
        {v.board.roads.map((r) => {
          const e = g.edge[r.edge]!;
          return <Road a={e.a} b={e.b} seat={r.seat} />;
        })}
        {v.board.buildings.map((b) => (
          <Building p={g.node[b.node]!} seat={b.seat} city={b.city} label={`${pieceName(ui, b.city ? "city" : "settlement")}: ${seatName(ui, b.seat)}`} />
        ))}
        {ghost}
        {targets}
        {marks}
      </PanZoom>
      {v.war && (
        <section class="cat-offer" aria-label={ui.tr("War", "Válka")}>
          <p>
            <strong>{ui.tr("War", "Válka")}:</strong> {seatName(ui, v.war.attacker)} ({ui.tr("attack", "útok")} {String(v.war.attack ?? "?")}) ⟶{" "}
            {seatName(ui, v.war.defender)} ({ui.tr("defence", "obrana")} {String(v.war.defence ?? "?")})
            {typeof v.war.picked_count === "number" && v.war.picked_count > 0 && ` · ${ui.tr("cards chosen", "vybráno karet")}: ${v.war.picked_count}`}
          </p>
        </section>
      )}
      {seat === null && <Offer v={v} seat={seat} legal={[]} ui={ui} />}
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
      return mine ? ui.tr("Place a settlement on a highlighted corner", "Postav vesnici na zvýrazněný roh") : `${who}: ${ui.tr("places a settlement", "staví vesnici")}`;
    case "setup_road":
      return mine ? ui.tr("Place a road next to it", "Postav k ní cestu") : `${who}: ${ui.tr("places a road", "staví cestu")}`;
    case "start_choice":
      return ui.tr("Choose the settlement that pays your starting resources", "Vyberte vesnici, která dá počáteční suroviny");
    case "roll":
      return mine ? ui.tr("Roll the dice", "Hoďte kostkami") : `${who}: ${ui.tr("rolls the dice", "hází kostkami")}`;
    case "discard":
      return ui.tr("A 7: hands over 7 cards discard half", "Sedmička: kdo má přes 7 karet, odhodí polovinu");
    case "robber":
      return mine ? ui.tr("Move the robber: tap a lit hex", "Přesuňte zloděje: klepněte na zvýrazněné políčko") : `${who}: ${ui.tr("moves the robber", "přesouvá zloděje")}`;
    case "road_building":
      return mine ? ui.tr("Place a free road", "Postav cestu zdarma") : `${who}: ${ui.tr("builds roads", "staví cesty")}`;
    case "main":
      return mine ? ui.tr("Build, trade or end your turn", "Stavějte, obchodujte, nebo ukončete tah") : `${who}: ${ui.tr("is playing", "je na tahu")}`;
    case "over":
      return v.winner !== null ? `${ui.tr("Winner", "Vítěz")}: ${seatName(ui, v.winner)}` : ui.tr("Game over", "Konec hry");
  }
  if (v.phase.startsWith("war")) return ui.tr("War!", "Válka!");
  return mine ? ui.tr("Your move", "Jsi na tahu") : `${who}: ${ui.tr("is playing", "je na tahu")}`;
}

/** The prompt while building: what a tap on the board does now. */
function kindPrompt(ui: BoardUi, kind: Kind | undefined, several: boolean): string | null {
  switch (kind) {
    case "road":
      return ui.tr("Tap a lit edge for your road", "Klepněte na zvýrazněnou hranu pro cestu");
    case "settlement":
      return ui.tr("Tap a lit corner for your settlement", "Klepněte na zvýrazněný roh pro vesnici");
    case "city":
      return ui.tr("Tap one of your settlements to make it a city", "Klepněte na svou vesnici, z níž bude město");
  }
  return several ? ui.tr("Pick below what to build, or end your turn", "Dole vyberte, co postavit, nebo ukončete tah") : null;
}

function Status({ v, ui, seat, kind, several }: { v: CatanView; ui: BoardUi; seat: number | null; kind?: Kind; several?: boolean }): ComponentChild {
  const roll = v.last_roll;
  const building = v.phase === "main" && seat === v.current ? kindPrompt(ui, kind, several ?? false) : null;
  // Before the first roll (the set-up) the line holds the prompt alone: a line more for the board.
  return (
    <div class="cat-status">
      {roll && (
        <span class="cat-dice" aria-label={`${ui.tr("Last roll", "Poslední hod")}: ${roll[0]} + ${roll[1]} = ${roll[0]! + roll[1]!}`}>
          <Die n={roll[0]!} />
          <Die n={roll[1]!} />
          <strong class={roll[0]! + roll[1]! === 7 ? "cat-seven" : undefined}>= {roll[0]! + roll[1]!}</strong>
        </span>
      )}
      <Score v={v} ui={ui} />
      <span class="cat-phase">{building ?? phaseWord(v, ui, seat)}</span>
    </div>
  );
}

/** Everyone's victory points beside the dice (the table is below the fold on a phone): a
 * player's colour and symbol, then the points; "/10" the target. */
function Score({ v, ui }: { v: CatanView; ui: BoardUi }): ComponentChild {
  const pts = v.players.map((p) => v.final_points?.[p.seat] ?? p.points_with_hidden ?? p.points);
  const label = `${ui.tr("Victory points", "Vítězné body")}: ${v.players.map((p, i) => `${seatName(ui, p.seat)} ${pts[i]}`).join(", ")} (${ui.tr("to win", "k výhře")} ${v.target})`;
  return (
    <span class="cat-score" role="img" aria-label={label}>
      {v.players.map((p, i) => {
        const st = seatStyle(p.seat);
        return (
          <span class="cat-score-one">
            <svg viewBox="-1 -1 2 2" width="14" height="14" aria-hidden="true">
              <circle r="1" fill={st.colour} />
              <path d={symbolPath(st.symbol, 0.55)} fill="#fff" />
            </svg>
            <strong>{pts[i]}</strong>
          </span>
        );
      })}
      <span class="muted">/{v.target}</span>
    </span>
  );
}

function Players({ v, ui }: { v: CatanView; ui: BoardUi }): ComponentChild {
  return (
    <div class="cat-table">
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
                <PlayerBadge seat={p.seat} name={pl?.name ?? seatName(ui, p.seat)} active={v.active_seats.includes(p.seat)} />
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
    </div>
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
      <button type="button" class={primary ? "btn btn-primary" : "btn"} onClick={() => ui.propose(c, describe(c, asJson<"catan">(v), ui))}>
        {text ?? describe(c, asJson<"catan">(v), ui)}
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
  const v = asView(view);
  if (!v || seat === null) return null;
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
  // While discarding, the picker's rows say what is held: the hand would only repeat it.
  const picking = me.discard_left > 0 && discard.length > 0;
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
      <Offer v={v} seat={seat} legal={act} ui={ui} />
      <BuildRow v={v} me={me} seat={seat} legal={act} ui={ui} />
      {!picking && <Hand me={me} hand={hand} ui={ui} />}
      {me.discard_left > 0 && <DiscardPicker me={me} legal={discard} ui={ui} />}
      {warCards.length > 0 && (
        <div class="cat-box">
          <p>
            <strong>{warCards[0]!.type === "war_give" ? ui.tr("Choose a card to give", "Vyberte kartu, kterou dáte") : ui.tr("Choose a card to take", "Vyberte kartu, kterou vezmete")}</strong>
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

/** The player's resource cards, with the harbour ratio where it is better than 4:1. */
function Hand({ me, hand, ui }: { me: CatanPlayer; hand: number[]; ui: BoardUi }): ComponentChild {
  return (
    <div class="cat-hand" aria-label={ui.tr("Your resources", "Vaše suroviny")}>
      {RESOURCES.map((r, i) => {
        const ratio = me.trade_ratios?.[r];
        return (
          <span class={`cat-card${hand[i] ? "" : " cat-none"}`}>
            <span class="cat-top">
              <Glyph r={r} size={22} />
              <span class="cat-n">{hand[i]}</span>
            </span>
            <span class="cat-w">{resWord(ui, r)}</span>
            {ratio !== undefined && ratio < 4 && (
              <span class="cat-ratio" title={ui.tr(`Trade ${ratio} for 1 at a harbour`, `Výměna ${ratio} za 1 v přístavu`)}>
                {ratio}:1
              </span>
            )}
          </span>
        );
      })}
    </div>
  );
}

// -- discarding after a 7: every card in one choice, one Confirm --------------------------------

/** The picker's key for the chosen counts, kept as `{left, cards: {card: n}}`: `ui.picker`
 * keeps them over redraws and forgets them when the legal commands change; `left` is the number
 * owed they were chosen for (a discard made elsewhere meanwhile starts the choice over). */
export const DISCARD_KEY = "discard";

/** One kind of card the player may discard now: how many are held and how many are chosen. */
export interface DiscardRow {
  card: string;
  held: number;
  n: number;
  command: Command;
}

/** How many of `card` (a resource, or a development card where a 7 counts them) the player holds. */
export function heldOf(me: Pick<CatanPlayer, "resources" | "development_cards">, card: string): number {
  const counts = (RESOURCES as readonly string[]).includes(card) ? me.resources : me.development_cards;
  return counts?.[card] ?? 0;
}

function chosenCards(chosen: Json | undefined, need: number): Record<string, Json> {
  if (!chosen || typeof chosen !== "object" || Array.isArray(chosen) || chosen.left !== need) return {};
  const cards = chosen.cards;
  return cards && typeof cards === "object" && !Array.isArray(cards) ? cards : {};
}

/** The rows of the picker: one per legal `discard` command (a kind held, in the engine's order),
 * with the count chosen for `need` cards owed, never above what is held. */
export function discardRows(
  me: Pick<CatanPlayer, "resources" | "development_cards">,
  legal: readonly Command[],
  chosen: Json | undefined,
  need: number,
): DiscardRow[] {
  const picked = chosenCards(chosen, need);
  return legal
    .filter((c) => c.type === "discard" && typeof c.card === "string")
    .map((command) => {
      const card = command.card as string;
      const held = heldOf(me, card);
      const want = picked[card];
      const n = typeof want === "number" && want > 0 ? Math.min(Math.floor(want), held) : 0;
      return { card, held, n, command };
    });
}

/** The choice after a tap on + (`delta` 1) or − (-1) of `card`, as the picker keeps it: + takes
 * one more while fewer than held of that kind and fewer than `need` in all are chosen; − gives
 * one back. */
export function stepDiscard(rows: readonly DiscardRow[], card: string, delta: 1 | -1, need: number): { left: number; cards: Record<string, number> } {
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const cards: Record<string, number> = {};
  for (const r of rows) {
    let n = r.n;
    if (r.card === card) {
      if (delta > 0 && n < r.held && total < need) n += 1;
      if (delta < 0 && n > 0) n -= 1;
    }
    if (n > 0) cards[r.card] = n;
  }
  return { left: need, cards };
}

/** The commands the choice stands for, one per card, kind by kind (sent by `ui.submitAll`);
 * empty unless exactly `need` are chosen. */
export function discardCommands(rows: readonly DiscardRow[], need: number): Command[] {
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  if (need <= 0 || total !== need) return [];
  return rows.flatMap((r) => Array.from({ length: r.n }, () => ({ ...r.command })));
}

/** "5 cards" / "5 karet". */
function cardCount(ui: Pick<BoardUi, "tr">, n: number): string {
  const cs = n === 1 ? "kartu" : n >= 2 && n <= 4 ? "karty" : "karet";
  return ui.tr(`${n} ${n === 1 ? "card" : "cards"}`, `${n} ${cs}`);
}

/** The discard after a 7 (rules: "discards half, rounded down"): a count per kind held with
 * − and +, the running total, and one Confirm once exactly the cards still owed are chosen;
 * it sends one `discard` per card. After a reload partway, `discard_left` is what remains. */
function DiscardPicker({ me, legal, ui }: { me: CatanPlayer; legal: Command[]; ui: BoardUi }): ComponentChild {
  const need = me.discard_left;
  if (ui.busy)
    return (
      <div class="cat-box cat-discard" aria-busy="true">
        <p class="cat-h">
          <strong>{ui.tr(`Discarding… ${cardCount(ui, need)} to go`, `Odhazování… ještě ${cardCount(ui, need)}`)}</strong>
        </p>
      </div>
    );
  if (!legal.length)
    return (
      <div class="cat-box cat-discard">
        <p class="cat-h">
          <strong>{ui.tr(`Still to discard: ${cardCount(ui, need)}`, `Ještě odhodíte ${cardCount(ui, need)}`)}</strong>
        </p>
      </div>
    );
  const rows = discardRows(me, legal, ui.picker.get(DISCARD_KEY), need);
  const total = rows.reduce((sum, r) => sum + r.n, 0);
  const go = discardCommands(rows, need);
  const tap = (card: string, delta: 1 | -1) => {
    ui.picker.set(DISCARD_KEY, stepDiscard(rows, card, delta, need));
    ui.redraw();
  };
  return (
    <section class="cat-box cat-discard" data-need={need} aria-label={ui.tr("Discard after a 7", "Odhození po sedmičce")}>
      <p class="cat-h">
        <strong>{ui.tr(`Discard ${cardCount(ui, need)}: choose, then confirm`, `Odhoďte ${cardCount(ui, need)}: vyberte a potvrďte`)}</strong>
      </p>
      <ul class="cat-drows">
        {rows.map((r) => {
          const word = resWord(ui, r.card);
          const more = r.n >= r.held ? ui.tr("no more held", "víc nemáte") : total >= need ? ui.tr("enough chosen", "vybráno dost") : null;
          return (
            <li class="cat-drow" data-card={r.card} data-held={r.held} data-n={r.n}>
              <span class="cat-dname">
                {(RESOURCES as readonly string[]).includes(r.card) && <Glyph r={r.card} size={20} />}
                <span>
                  {word}
                  <span class="cat-dheld">{ui.tr(`${r.held} in hand`, `v ruce ${r.held}`)}</span>
                </span>
              </span>
              <button
                type="button"
                class="btn cat-dbtn"
                aria-label={ui.tr(`One ${word} fewer`, `${word}: o jednu méně`)}
                disabled={r.n === 0}
                onClick={() => tap(r.card, -1)}
              >
                −
              </button>
              <output class={r.n ? "cat-dn chosen" : "cat-dn"} aria-label={`${word}: ${r.n}`}>
                {r.n}
              </output>
              <button
                type="button"
                class="btn cat-dbtn"
                aria-label={more ? `${ui.tr(`One ${word} more`, `${word}: o jednu více`)}: ${more}` : ui.tr(`One ${word} more`, `${word}: o jednu více`)}
                title={more ?? undefined}
                disabled={more !== null}
                onClick={() => tap(r.card, 1)}
              >
                +
              </button>
            </li>
          );
        })}
      </ul>
      <div class="cat-dfoot">
        <PickCount n={total} of={need} ui={ui} text={ui.tr(`${total} of ${need} chosen`, `Vybráno ${total} z ${need}`)} />
        <button type="button" class="btn btn-primary cat-dgo" disabled={go.length === 0} onClick={() => ui.submitAll(go)}>
          {ui.tr("Confirm the discard", "Potvrdit odhození")}
        </button>
      </div>
    </section>
  );
}

/** What each piece costs, as the rules print it on the building costs card (shown, not
 * checked: what may be built is what `legal` says). */
const COSTS: Record<string, Partial<Record<Res, number>>> = {
  road: { brick: 1, lumber: 1 },
  settlement: { brick: 1, lumber: 1, wool: 1, grain: 1 },
  city: { grain: 2, ore: 3 },
};

/** The pieces to build in the main phase: pick one, then its places light up on the board.
 * What cannot be built now says why in a word. */
function BuildRow({ v, me, seat, legal, ui }: { v: CatanView; me: CatanPlayer; seat: number; legal: Command[]; ui: BoardUi }): ComponentChild {
  if (v.phase !== "main" || v.current !== seat || !ui.interactive) return null;
  const kinds = legalKinds(legal);
  const picked = currentKind(legal, ui.picker);
  const hand = me.resources ?? {};
  const why = (k: string): string => {
    if (!v.rolled) return ui.tr("roll first", "nejdřív hoď");
    const cost = COSTS[k]!;
    if (Object.entries(cost).some(([r, n]) => (hand[r] ?? 0) < (n ?? 0))) return ui.tr("too dear", "málo surovin");
    return ui.tr("no place", "není kde");
  };
  return (
    <div class="cat-build" role="group" aria-label={ui.tr("Build", "Stavět")}>
      {(["road", "settlement", "city"] as const).map((k) => {
        const can = kinds.includes(k);
        const name = pieceName(ui, k);
        return (
          <PickButton
            class="cat-build-btn"
            chosen={can && picked === k}
            disabled={!can}
            disabledReason={can ? undefined : why(k)}
            attrs={{ "data-kind": k }}
            onPick={() => {
              ui.picker.choose("kind", k);
              ui.picker.unset("spot");
              ui.cancel();
              ui.redraw();
            }}
          >
            <span class="cat-build-name">{name}</span>
            <span class="cat-cost" aria-hidden="true" title={ui.tr("Cost", "Cena")}>
              {Object.entries(COSTS[k]!).flatMap(([r, n]) => Array.from({ length: n ?? 0 }, () => <Glyph r={r} size={13} />))}
            </span>
          </PickButton>
        );
      })}
    </div>
  );
}

/** The command that plays each card that is played (the point cards count by themselves). */
const PLAYS: Record<string, string> = {
  knight: "play_knight",
  road_building: "play_road_building",
  monopoly: "play_monopoly",
  year_of_plenty: "play_year_of_plenty",
};

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
  if (owned.length === 0) return null; // nothing to show: the dock stays short
  return (
    <div class="cat-box">
      <h3 class="cat-h">{ui.tr("Development cards", "Akční karty")}</h3>
      <ul class="cat-devs">
        {owned.map((k) => (
          <li>
            <span>
              {cards[k]}× {resWord(ui, k)}
              {(fresh[k] ?? 0) > 0 && <span class="muted"> ({fresh[k]} {ui.tr("new", "nové")})</span>}
            </span>
            {ui.interactive && !ui.busy && PLAYS[k] && !act.some((c) => c.type === PLAYS[k]) && (
              <PickButton
                class="btn"
                disabled
                attrs={{ "data-card": k }}
                disabledReason={(fresh[k] ?? 0) >= (cards[k] ?? 0) ? ui.tr("bought this turn", "koupená v tomto tahu") : ui.tr("not now", "teď ne")}
                onPick={() => undefined}
              >
                {ui.tr("Play", "Zahrát")}
              </PickButton>
            )}
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
                <PickCount n={firstPick ? 1 : 0} of={2} ui={ui} />
                {RESOURCES.filter((r) => r === firstPick || plenty.some((c) => (c.resources as string[])[0] === r)).map((r) => {
                  const next = plenty.find((c) => {
                    const rs = c.resources as string[];
                    return firstPick ? rs[0] === firstPick && rs[1] === r : rs[0] === r;
                  });
                  return (
                    <PickButton
                      class="btn cat-res-btn"
                      chosen={firstPick === r}
                      disabled={!next}
                      disabledReason={ui.tr("bank empty", "banka nemá")}
                      label={firstPick ? `${resWord(ui, k)}: ${resWord(ui, firstPick)} + ${resWord(ui, r)}` : `${resWord(ui, k)}: ${resWord(ui, r)}`}
                      onPick={() => {
                        if (!firstPick) {
                          ui.picker.set("yop", r, steps);
                          ui.redraw();
                          return;
                        }
                        ui.picker.unset("yop");
                        if (next) propose(next);
                      }}
                    >
                      <Glyph r={r} size={18} /> {resWord(ui, r)}
                    </PickButton>
                  );
                })}
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
      <h3 class="cat-h">{counter ? ui.tr("Your counter-offer", "Vaše protinabídka") : ui.tr("Your offer", "Vaše nabídka")}</h3>
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
