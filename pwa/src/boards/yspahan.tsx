/** The Yspahan board: the marketplace (four quarters, their souks and shops, the streets and the
 * supervisor), the tower with its dice rows, the caravan, everyone's gold, camels, cards and
 * buildings. It draws the engine's view and narrows the legal commands step by step: a row, then
 * what to do with it, then where; placements are previewed and confirmed. No rules here: every
 * target comes from `legal`, every price from the view (`yours.move_costs`). */

import type { ComponentChild, JSX } from "preact";
import type { Command, Json } from "../types";
import { Mark } from "./toolkit/mark";
import { PanZoom } from "./toolkit/panzoom";
import { describeCommand } from "./toolkit/words";
import type { Step } from "./toolkit/picker";
import { PlayerBadge, seatStyle, symbolPath } from "./toolkit/pieces";
import { targetProps, type TargetOptions } from "./toolkit/targets";
import type { BoardUi, Player } from "./types";
import { asJson, viewOf, type ViewParts } from "./view";
import type { GameViews } from "../api/views";
import "./yspahan.css";

// ---------------------------------------------------------------- the view (games/yspahan/view.schema.json)

export type YPlayer = ViewParts["YspahanPlayer"];
export type YShop = ViewParts["YspahanShop"];
export type YSouk = ViewParts["YspahanSouk"];
export type YRow = ViewParts["YspahanRow"];
export type YCell = ViewParts["YspahanCell"];
export type YView = GameViews["yspahan"];

/** The view with the market in it (a replay's first position has none yet), or null. */
function asView(view: Json): YView | null {
  const v = viewOf("yspahan", view, "tower");
  return v && Array.isArray(v.tower) && Array.isArray(v.shops) ? v : null;
}

// ---------------------------------------------------------------- drawing data (positions only)

/** Shop and street positions measured on the board (906x456 photo, shared/games/yspahan.json),
 * in the engine's shop order; drawn turned a quarter to the right so the market stands upright
 * on a phone. */
const SHOP_PX: readonly (readonly [number, number])[] = [
  [109, 247], [111, 308], [112, 356], [114, 405], [56, 341], [54, 283], [182, 254], [236, 233], [311, 290],
  [249, 324], [180, 338], [311, 222], [387, 211], [387, 248], [387, 299], [354, 369], [258, 392], [188, 396],
  [462, 210], [505, 196], [563, 177], [626, 155], [632, 208], [629, 293], [468, 260], [516, 255], [575, 230],
  [475, 385], [493, 319], [569, 320], [597, 380], [530, 409], [50, 179], [136, 160], [203, 158], [259, 150],
  [346, 142], [383, 105], [379, 35], [306, 41], [299, 95], [460, 141], [447, 54], [504, 62], [510, 123],
  [562, 104], [625, 81],
];
const CELL_PX: Readonly<Record<number, readonly [number, number]>> = {
  0: [56, 237], 1: [101, 221], 2: [133, 217], 3: [169, 208], 4: [199, 203], 5: [232, 200], 6: [263, 197],
  7: [299, 188], 8: [344, 188], 9: [380, 182], 10: [418, 187], 11: [458, 181], 12: [488, 172], 13: [518, 161],
  14: [545, 153], 15: [576, 139], 16: [604, 131], 17: [638, 117], 18: [408, 40], 19: [410, 73], 20: [414, 108],
  21: [417, 149], 23: [421, 223], 24: [423, 250], 25: [427, 276], 26: [425, 303], 27: [430, 337], 28: [417, 367],
  29: [422, 401],
};
const HUB = 10;
const BOX = { x: 0, y: 0, width: 652, height: 424 };
/** Photo pixels to board units: the market as printed, north up, wider than tall (on a phone the
 * board's frame, between the prompt and the dock, is wider than tall too). */
export function place(p: readonly [number, number]): { x: number; y: number } {
  return { x: p[0] - 12, y: p[1] - 12 };
}
export function shopXY(shop: number): { x: number; y: number } {
  return place(SHOP_PX[shop] ?? [0, 0]);
}
export function cellXY(cell: number): { x: number; y: number } {
  return place(CELL_PX[cell] ?? [0, 0]);
}

/** The largest half-width of a target's square hit area (board units): 60 units are 32 CSS px
 * when the whole market fills a phone's frame (about 0.55 px a unit). */
export const HIT_HALF = 32;

/** Half-widths of the square hit areas round `points` (the step's targets). Targets spread over
 * the market get `HIT_HALF`, 32 px at the whole market's view; targets close together get less
 * (down to the drawn shop's size), so that the view fitted to them (PanZoom) closes in on them
 * and the shops are drawn large. Never as far as another target's centre (Chebyshev distance):
 * a finger on a target's centre always gets that target, whichever is drawn on top. */
export function hitHalves(points: readonly { x: number; y: number }[]): number[] {
  if (points.length === 0) return [];
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const w = Math.max(...xs) - Math.min(...xs) + 2 * HIT_HALF;
  const h = Math.max(...ys) - Math.min(...ys) + 2 * HIT_HALF;
  // How far the fit may close in, with a fifth to spare: the frame's shape (beside the dock)
  // rarely matches the targets' spread.
  const zoom = 0.8 * Math.min(4, BOX.width / w, BOX.height / h);
  const base = Math.max(16, HIT_HALF / Math.max(1, zoom));
  return points.map((p, i) => {
    let near = Infinity;
    points.forEach((q, j) => {
      if (j !== i) near = Math.min(near, Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)));
    });
    return Math.max(8, Math.min(base, near - 1));
  });
}

/** A transparent square hit area (class `hit`) inside the market's box: at its edge pushed in
 * rather than cut (a shop 23 units from the edge keeps its full 64), still round the shop. */
export function hitRect(x: number, y: number, half: number): { x: number; y: number; width: number; height: number } {
  const side = 2 * half;
  const x0 = Math.min(Math.max(BOX.x, x - half), BOX.x + BOX.width - side);
  const y0 = Math.min(Math.max(BOX.y, y - half), BOX.y + BOX.height - side);
  return { x: x0, y: y0, width: side, height: side };
}
function Hit({ x, y, half }: { x: number; y: number; half: number }): ComponentChild {
  const r = hitRect(x, y, half);
  return <rect class="hit" x={r.x} y={r.y} width={r.width} height={r.height} fill="transparent" />;
}

/** Where a marked event happened on the market (`ui.marks`): a shop (a cube placed, inspected
 * or sent to the caravan, the souk card) or the supervisor's stop. */
export function markPlace(e: { type?: string; data?: Record<string, Json> }): { x: number; y: number; r: number } | null {
  const d = e.data ?? {};
  if (e.type === "SupervisorMoved" && typeof d.to === "number") return { ...cellXY(d.to), r: 17 };
  if (typeof d.shop === "number" && d.shop >= 0 && d.shop < SHOP_PX.length) return { ...shopXY(d.shop), r: 21 };
  return null;
}

const QUARTERS = ["bag", "barrel", "chest", "vase"] as const;
const QUARTER_TINT: Record<string, { fill: string; line: string }> = {
  bag: { fill: "#e8d6ad", line: "#9b7c3c" },
  barrel: { fill: "#cfdcbc", line: "#62794a" },
  chest: { fill: "#cbd8e6", line: "#4f6a86" },
  vase: { fill: "#ecccc4", line: "#a0564a" },
};
/** Where each quarter's name is written: in its corner of the market. */
const QUARTER_LABEL: Record<string, { x: number; y: number; anchor: string }> = {
  chest: { x: 6, y: 16, anchor: "start" },
  bag: { x: 6, y: 418, anchor: "start" },
  vase: { x: 646, y: 16, anchor: "end" },
  barrel: { x: 646, y: 418, anchor: "end" },
};

// ---------------------------------------------------------------- words

type Tr = (en: string, cs: string) => string;

const ROW_WORDS: readonly [string, string][] = [
  ["Camels", "Velbloudi"],
  ["Bags", "Pytle"],
  ["Barrels", "Sudy"],
  ["Chests", "Truhly"],
  ["Vases", "Vázy"],
  ["Gold", "Peníze"],
];
const QUARTER_WORDS: Record<string, [string, string]> = {
  bag: ["Bags", "Pytle"],
  barrel: ["Barrels", "Sudy"],
  chest: ["Chests", "Truhly"],
  vase: ["Vases", "Vázy"],
};
export const CARD_WORDS: Record<string, { name: [string, string]; text: [string, string] }> = {
  "3_camels": { name: ["3 camels", "3 velbloudi"], text: ["Take 3 camels", "Vezměte 3 velbloudy"] },
  "3_gold": { name: ["3 gold", "3 peníze"], text: ["Take 3 gold", "Vezměte 3 peníze"] },
  cube_to_caravan: { name: ["Cube → caravan", "Kostička → karavana"], text: ["Put a cube of yours in the caravan", "Položte svou kostičku do karavany"] },
  cube_to_souk: { name: ["Cube → souk", "Kostička → tržiště"], text: ["A cube on an empty shop of a souk nobody else began", "Kostička na prázdné pole bazaru, který nikdo jiný nezačal"] },
  swap_camels_gold: { name: ["Gold ⇄ camels", "Peníze ⇄ velbloudi"], text: ["Swap gold and camels 1:1", "Výměna peněz a velbloudů 1:1"] },
  gold_to_vp: { name: ["Gold → points", "Peníze → body"], text: ["1 point per gold, up to 10", "1 bod za peníz, nejvýš 10×"] },
  camels_to_vp: { name: ["Camels → points", "Velbloudi → body"], text: ["2 points per camel, up to 4", "2 body za velblouda, nejvýš 4×"] },
  build_no_camels: { name: ["Build without camels", "Stavba bez velbloudů"], text: ["Pay only the gold of a building", "Budovu platíte jen penězi"] },
  build_no_gold: { name: ["Build without gold", "Stavba bez peněz"], text: ["Pay only the camels of a building", "Budovu platíte jen velbloudy"] },
};
export const BUILDINGS: readonly { id: string; name: [string, string]; camels: number; gold: number }[] = [
  { id: "extra_camel", name: ["+1 camel", "+1 velbloud"], camels: 2, gold: 0 },
  { id: "extra_gold", name: ["+2 gold", "+2 peníze"], camels: 2, gold: 2 },
  { id: "extra_movement", name: ["Move ±3 free", "Posun ±3 zdarma"], camels: 2, gold: 2 },
  { id: "extra_card", name: ["Card per caravan cube", "Karta za kostku v karavaně"], camels: 3, gold: 3 },
  { id: "extra_points", name: ["+2 per souk", "+2 za bazar"], camels: 4, gold: 4 },
  { id: "extra_cube", name: ["+1 cube", "+1 kostička"], camels: 4, gold: 4 },
];

function rowName(row: number, tr: Tr): string {
  const w = ROW_WORDS[row];
  return w ? tr(w[0], w[1]) : String(row);
}
/** What names things: the language and the game's glossary (games/yspahan/words.py). */
export type Words = Pick<BoardUi, "tr" | "lang" | "game">;

/** The game's name for a thing or a place (`ui.game.glossary`), as the log says it; null when
 * the server sent no glossary (an older server): the board's own words then. */
export function gloss(w: Words, group: string, key: string | number): string | null {
  const t = w.game.glossary?.[group]?.[String(key)];
  return t ? (w.lang === "cs" ? t.cs : t.en) : null;
}
function cardName(card: string, w: Words): string {
  const g = gloss(w, "cards", card);
  if (g) return g;
  const c = CARD_WORDS[card];
  return c ? w.tr(c.name[0], c.name[1]) : w.tr("a card", "karta");
}
function buildingName(id: string, w: Words): string {
  const g = gloss(w, "buildings", id);
  if (g) return g;
  const b = BUILDINGS.find((x) => x.id === id);
  return b ? w.tr(b.name[0], b.name[1]) : w.tr("a building", "budova");
}
/** "Bags 2 (6 pts)" from "bag_1": the short name the board prints. */
export function soukName(souk: string, v: YView | null, tr: Tr): string {
  const [quarter, index] = souk.split("_");
  const q = QUARTER_WORDS[quarter ?? ""];
  const pts = v?.souks.find((s) => s.souk === souk)?.points;
  const base = `${q ? tr(q[0], q[1]) : tr("Souk", "Bazar")} ${Number(index ?? 0) + 1}`;
  return pts === undefined ? base : `${base} (${pts} ${tr("pts", "b.")})`;
}
/** A shop as the log names it: "8-point Bags souk, the shop beside the 2nd space from the
 * centre between Bags and Chests". */
export function shopName(shop: number, v: YView | null, w: Words): string {
  const g = gloss(w, "shops", shop);
  if (g) return g;
  const s = v?.shops[shop];
  if (!s) return w.tr("a shop", "stánek");
  const n = Number(s.name.split("#")[1] ?? 0) + 1;
  return w.tr(`shop ${n} of souk ${soukName(s.souk, v, w.tr)}`, `stánek ${n} bazaru ${soukName(s.souk, v, w.tr)}`);
}
/** A street space as the log names it: "2nd space from the centre between Bags and Chests". */
export function spaceName(cell: number, w: Words): string {
  return gloss(w, "spaces", cell) ?? (cell === HUB ? w.tr("central crossing", "křižovatka uprostřed") : w.tr("street space", "pole ulice"));
}
function playerName(players: readonly Player[], seat: number): string {
  return players.find((p) => p.seat === seat)?.name ?? `#${seat + 1}`;
}

/** What a supervisor stop costs and does, from the view. */
export function moveFacts(v: YView, row: number, to: number): { steps: number; value: number; cost: number; free: number; inspects: number[] } {
  const cell = v.path?.find((c) => c.cell === to);
  const steps = cell?.steps ?? 0;
  const value = v.tower[row]?.value ?? 0;
  const cost = v.yours?.move_costs[String(row)]?.[String(to)] ?? Math.abs(steps - value);
  const free = Math.abs(steps - value) - cost;
  const inspects = (cell?.shops ?? []).filter((sh) => (v.shops[sh]?.owner ?? -1) >= 0);
  return { steps, value, cost, free, inspects };
}

export function describe(command: Command, view: Json, ui: BoardUi): string {
  const tr = ui.tr;
  const v = asView(view);
  const row = typeof command.row === "number" ? command.row : -1;
  switch (command.type) {
    case "roll": {
      const y = Number(command.yellow ?? 0);
      return y === 0
        ? tr("Roll the dice", "Hodit kostkami")
        : tr(`Buy ${y} yellow ${y === 1 ? "die" : "dice"} (${y} gold) and roll`, `Koupit ${y} žlut${y === 1 ? "ou kostku" : "é kostky"} (${y} peníze) a hodit`);
    }
    case "take_row": {
      const n = v?.yours ? (v.yours.dice[row] ?? 0) + v.bonus : null;
      const count = n === null ? "" : ` (${n})`;
      if (row === 0) return tr(`Take camels${count}`, `Vzít velbloudy${count}`);
      if (row === 5) return tr(`Take gold${count}`, `Vzít peníze${count}`);
      return tr(`Cubes${count} to ${rowName(row, tr)}`, `Kostičky${count} do sektoru ${rowName(row, tr)}`);
    }
    case "draw_card":
      return row >= 0 ? tr(`Use the ${rowName(row, tr)} row to draw a card`, `Řádkem ${rowName(row, tr)} líznout kartu`) : tr("Draw a card", "Líznout kartu");
    case "move_supervisor": {
      const to = Number(command.to);
      const where = spaceName(to, ui);
      if (!v) return tr(`Supervisor to the ${where}`, `Dozorce → ${where}`);
      const f = moveFacts(v, row, to);
      const pay = f.cost > 0 ? tr(`pays ${f.cost} gold`, `zaplatí ${f.cost} ${f.cost === 1 ? "peníz" : f.cost < 5 ? "peníze" : "peněz"}`) : tr("no gold", "zdarma");
      const freeText = f.free > 0 ? tr(`, ${f.free} free`, `, ${f.free} zdarma`) : "";
      const insp = f.inspects.length
        ? tr(`; inspects ${f.inspects.length} ${f.inspects.length === 1 ? "cube" : "cubes"}`, `; kontroluje ${f.inspects.length} kostič${f.inspects.length === 1 ? "ku" : f.inspects.length < 5 ? "ky" : "ek"}`)
        : tr("; no cube to inspect", "; žádná kostička ke kontrole");
      return tr(
        `Supervisor to the ${where} (${f.steps} ${f.steps === 1 ? "step" : "steps"}, dice ${f.value}): ${pay}${freeText}${insp}`,
        `Dozorce → ${where} (o ${f.steps} ${f.steps === 1 ? "pole" : f.steps < 5 ? "pole" : "polí"}, kostky ${f.value}): ${pay}${freeText}${insp}`,
      );
    }
    case "place_cube":
      return tr(`Cube on ${shopName(Number(command.shop), v, ui)}`, `Kostička na ${shopName(Number(command.shop), v, ui)}`);
    case "choose_inspection":
      return tr(`Caravan next: the cube on ${shopName(Number(command.shop), v, ui)}`, `Do karavany teď: kostička z ${shopName(Number(command.shop), v, ui)}`);
    case "send_to_caravan":
      return command.source === "supply"
        ? tr("Pay 1 camel: a cube from supply goes, the shop keeps its cube", "Zaplatit 1 velblouda: kostička ze zásoby, pole si kostičku nechá")
        : tr("Send the inspected cube to the caravan", "Poslat kontrolovanou kostičku do karavany");
    case "build": {
      const b = BUILDINGS.find((x) => x.id === command.building);
      const cards = Array.isArray(command.cards) ? (command.cards as string[]) : [];
      let camels = b?.camels ?? 0;
      let gold = b?.gold ?? 0;
      if (cards.includes("build_no_camels")) camels = 0;
      if (cards.includes("build_no_gold")) gold = 0;
      const price = [camels ? tr(`${camels} camels`, `${camels} velbl.`) : "", gold ? tr(`${gold} gold`, `${gold} peněz`) : ""].filter(Boolean).join(" + ") || tr("free", "zdarma");
      const with_ = cards.length ? tr(` with card ${cards.map((c) => cardName(c, ui)).join(" + ")}`, ` s kartou ${cards.map((c) => cardName(c, ui)).join(" + ")}`) : "";
      return tr(`Build “${buildingName(String(command.building), ui)}” for ${price}${with_}`, `Postavit „${buildingName(String(command.building), ui)}“ za ${price}${with_}`);
    }
    case "play_card": {
      const card = String(command.card);
      const amount = typeof command.amount === "number" ? command.amount : null;
      if (card === "cube_to_souk" && typeof command.shop === "number")
        return tr(`Play “${cardName(card, ui)}”: cube on ${shopName(command.shop, v, ui)}`, `Zahrát „${cardName(card, ui)}“: kostička na ${shopName(command.shop, v, ui)}`);
      if (card === "swap_camels_gold" && amount !== null)
        return amount > 0
          ? tr(`Play “${cardName(card, ui)}”: ${amount} gold → ${amount} camels`, `Zahrát „${cardName(card, ui)}“: ${amount} peněz → ${amount} velbl.`)
          : tr(`Play “${cardName(card, ui)}”: ${-amount} camels → ${-amount} gold`, `Zahrát „${cardName(card, ui)}“: ${-amount} velbl. → ${-amount} peněz`);
      if (card === "gold_to_vp" && amount !== null)
        return tr(`Play “${cardName(card, ui)}”: ${amount} gold → ${amount} points`, `Zahrát „${cardName(card, ui)}“: ${amount} peněz → ${amount} bodů`);
      if (card === "camels_to_vp" && amount !== null)
        return tr(`Play “${cardName(card, ui)}”: ${amount} camels → ${amount * 2} points`, `Zahrát „${cardName(card, ui)}“: ${amount} velbl. → ${amount * 2} bodů`);
      return tr(`Play “${cardName(card, ui)}”`, `Zahrát „${cardName(card, ui)}“`);
    }
    case "discard_for_bonus":
      return tr(`Discard “${cardName(String(command.card), ui)}” for +1 on the row`, `Odhodit „${cardName(String(command.card), ui)}“ za +1 k řádku`);
    case "end_turn":
      return tr("End turn", "Ukončit tah");
    default:
      return describeCommand(command);
  }
}

// ---------------------------------------------------------------- narrowing (pure, unit-tested)

/** The action of a turn: a tower row, what to do with it, and (moving) where the supervisor stops. */
export const ACTION_STEPS: Step[] = [{ key: "row" }, { key: "kind", get: (c) => c.type }, { key: "to" }];
const ACTION_TYPES = new Set(["take_row", "draw_card", "move_supervisor"]);
export const CARD_STEPS: Step[] = [{ key: "card" }, { key: "amount" }, { key: "shop" }];

/** Row-based commands only (a row-less draw_card is an extra button). */
export function rowCommands(legal: readonly Command[]): Command[] {
  return legal.filter((c) => ACTION_TYPES.has(c.type) && typeof c.row === "number");
}
/** The tower rows the player may pick now. */
export function pickableRows(legal: readonly Command[]): number[] {
  return [...new Set(rowCommands(legal).map((c) => c.row as number))].sort((a, b) => a - b);
}
/** The kinds of action a chosen row allows, in a fixed order. */
export function kindsFor(legal: readonly Command[], row: number): string[] {
  const have = new Set(rowCommands(legal).filter((c) => c.row === row).map((c) => c.type));
  return ["take_row", "move_supervisor", "draw_card"].filter((k) => have.has(k));
}
/** Street cells where the supervisor may stop using `row`. */
export function moveTargets(legal: readonly Command[], row: number): number[] {
  return legal.filter((c) => c.type === "move_supervisor" && c.row === row).map((c) => c.to as number);
}
/** Whether two of the stops stand too close together for full hit areas (`hitHalves` gives each
 * less than `HIT_HALF`: under 32 px at the whole market's view on a phone). */
function crowded(stops: readonly number[]): boolean {
  const pts = stops.map(cellXY);
  return pts.some((p, i) => pts.some((q, j) => j > i && Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y)) <= HIT_HALF + 1));
}

/** How the supervisor's stops with `row` are narrowed before they are lit, when they stand too
 * close together to be tapped apart: by the gold each costs, or (when one price still covers
 * neighbouring stops: the free moves of building 3) by how many steps the supervisor walks.
 * Each group's stops stand apart. Null: the stops are lit at once. */
export function stopGroups(v: YView, legal: readonly Command[], row: number): { by: "cost" | "steps"; values: number[] } | null {
  const stops = moveTargets(legal, row);
  if (!crowded(stops)) return null;
  for (const by of ["cost", "steps"] as const) {
    const of = (c: number) => (by === "cost" ? moveFacts(v, row, c).cost : moveFacts(v, row, c).steps);
    const values = [...new Set(stops.map(of))].sort((a, b) => a - b);
    if (values.length > 1 && (by === "steps" || values.every((x) => !crowded(stops.filter((c) => of(c) === x)))))
      return { by, values };
  }
  return null;
}
/** The price groups' values, for the tests and the words: the costs, or null. */
export function stopPrices(v: YView, legal: readonly Command[], row: number): number[] | null {
  const g = stopGroups(v, legal, row);
  return g && g.by === "cost" ? g.values : null;
}
/** The stops to light: all of them, or those of the group picked (`ui.picker`'s "stops"). */
export function stopsToLight(v: YView, legal: readonly Command[], row: number, picked: Json | undefined): number[] {
  const stops = moveTargets(legal, row);
  const g = stopGroups(v, legal, row);
  if (g === null) return stops;
  if (typeof picked !== "number" || !g.values.includes(picked)) return [];
  return stops.filter((c) => (g.by === "cost" ? moveFacts(v, row, c).cost : moveFacts(v, row, c).steps) === picked);
}
/** Shops to tap now: a cube to place, an inspected cube to send next, or a card's cube. */
export function shopTargets(legal: readonly Command[], card: Json | undefined): { shop: number; command: Command }[] {
  const out: { shop: number; command: Command }[] = [];
  for (const c of legal) {
    if (c.type === "place_cube" || c.type === "choose_inspection") out.push({ shop: c.shop as number, command: c });
    else if (c.type === "play_card" && c.card === "cube_to_souk" && card === "cube_to_souk" && typeof c.shop === "number")
      out.push({ shop: c.shop, command: c });
  }
  return out;
}
/** Cards in hand that can be played now (one entry per card, whatever its amounts). */
export function playableCards(legal: readonly Command[]): string[] {
  return [...new Set(legal.filter((c) => c.type === "play_card").map((c) => String(c.card)))];
}
/** Commands the prompt offers as plain buttons: rolling, caravan choices, a row-less draw, ending. */
export function promptCommands(legal: readonly Command[]): Command[] {
  return legal.filter(
    (c) => c.type === "roll" || c.type === "send_to_caravan" || c.type === "end_turn" || (c.type === "draw_card" && c.row === undefined),
  );
}
const HANDLED = new Set([
  "roll", "send_to_caravan", "end_turn", "draw_card", "take_row", "move_supervisor", "place_cube",
  "choose_inspection", "play_card", "discard_for_bonus", "build",
]);
/** Whatever the board has no place for (a command type newer than the board) as a plain button. */
export function extraCommands(_view: Json, _seat: number | null, legal: Command[], _ui: BoardUi): Command[] {
  return legal.filter((c) => !HANDLED.has(c.type));
}

/** The confirm policy (BOARDS.md): one tap for what undo takes back (a row's cubes or camels or
 * gold, a cube placed, a card played or discarded, a building, a supervisor move that inspects
 * no cube) and for rolling without buying dice (the one thing to do); a preview and Confirm for
 * what cannot be taken back: buying yellow dice, drawing a card, moving the supervisor beside
 * cubes, sending a cube to the caravan, choosing the
 * inspection's order, ending the turn while something else may still be done. */
export function needsConfirm(command: Command, view: Json, legal: Command[]): boolean {
  switch (command.type) {
    case "roll":
      return Number(command.yellow ?? 0) > 0;
    case "take_row":
    case "place_cube":
    case "play_card":
    case "discard_for_bonus":
    case "build":
      return false;
    case "move_supervisor": {
      // A stop beside cubes starts an inspection, which sends cubes to the caravan (at once
      // when their owner has no camel to pay): for good. A stop beside none is taken back.
      const v = asView(view);
      const cell = v?.path.find((c) => c.cell === Number(command.to));
      if (!v || !cell) return true;
      return moveFacts(v, Number(command.row), cell.cell).inspects.length > 0;
    }
    case "end_turn":
      return legal.some((c) => c.type !== "end_turn");
    default:
      return true;
  }
}

// ---------------------------------------------------------------- pieces

/** `targetProps` typed for an SVG group. */
function gTarget(o: TargetOptions): JSX.SVGAttributes<SVGGElement> {
  return targetProps(o) as JSX.SVGAttributes<SVGGElement>;
}

function Cube({ seat, x, y, s, cls, label }: { seat: number; x: number; y: number; s: number; cls?: string; label?: string }): ComponentChild {
  const st = seatStyle(seat);
  return (
    <g class={cls} transform={`translate(${x} ${y})`} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : "true"}>
      <rect x={-s / 2} y={-s / 2} width={s} height={s} rx={s * 0.16} fill={st.colour} stroke={st.ink} stroke-width={s * 0.08} />
      <path d={symbolPath(st.symbol, s * 0.3)} fill="#fff" />
    </g>
  );
}

/** The supervisor: a white pawn. */
function Pawn({ x, y, cls, label }: { x: number; y: number; cls?: string; label?: string }): ComponentChild {
  return (
    <g class={cls} transform={`translate(${x} ${y})`} {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": "true" })}>
      <path d="M -9 10 Q -9 3 -4 1 Q -7 -2 -7 -6 A 7 7 0 1 1 7 -6 Q 7 -2 4 1 Q 9 3 9 10 Z" fill="#fff" stroke="#1f2a30" stroke-width="2" />
    </g>
  );
}

function CubeIcon({ seat, size = 16 }: { seat: number; size?: number }): ComponentChild {
  const st = seatStyle(seat);
  return (
    <svg class="ysp-cube" viewBox="-10 -10 20 20" width={size} height={size} aria-hidden="true">
      <rect x="-9" y="-9" width="18" height="18" rx="3" fill={st.colour} stroke={st.ink} stroke-width="1.5" />
      <path d={symbolPath(st.symbol, 5.5)} fill="#fff" />
    </svg>
  );
}

type IconKind = "gold" | "camel" | "card" | "star";
/** Small drawn icons (no emoji: fonts differ between phones). */
function Icon({ kind }: { kind: IconKind }): ComponentChild {
  const body =
    kind === "gold" ? (
      <circle cx="8" cy="8" r="6.5" fill="#d9a520" stroke="#8a6d00" stroke-width="1.3" />
    ) : kind === "camel" ? (
      <path d="M1 9 Q2 6 4 7 L5 4 Q6 3 7 5 Q8 3 9.5 5 Q11 3.5 12 6 L14 5 Q15.5 5 15 7 L13 8 L13 14 L12 14 L11.5 10 L6 10 L5.5 14 L4.5 14 L4.5 10 Q2 10 1 9 Z" fill="#a0713a" />
    ) : kind === "card" ? (
      <rect x="3" y="1.5" width="10" height="13" rx="1.5" fill="#fff" stroke="#5b6770" stroke-width="1.4" />
    ) : (
      <path d="M8 1 L10 6 L15 6.3 L11 9.5 L12.5 14.5 L8 11.6 L3.5 14.5 L5 9.5 L1 6.3 L6 6 Z" fill="#b5442c" />
    );
  return (
    <svg class="ysp-icon" viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
      {body}
    </svg>
  );
}

// ---------------------------------------------------------------- the marketplace

interface Mode {
  row: number | null;
  kind: string | null;
  card: Json | undefined;
}

function modeOf(legal: readonly Command[], ui: BoardUi): Mode {
  const rows = pickableRows(legal);
  let row = ui.picker.get("row");
  if (row === undefined && rows.length === 1 && kindsFor(legal, rows[0]!).length > 0 && legal.every((c) => !ACTION_TYPES.has(c.type) || c.row === rows[0])) row = rows[0];
  const r = typeof row === "number" && rows.includes(row) ? row : null;
  let kind = ui.picker.get("kind");
  if (r !== null && kind === undefined) {
    const kinds = kindsFor(legal, r);
    if (kinds.length === 1) kind = kinds[0];
  }
  return { row: r, kind: r !== null && typeof kind === "string" ? kind : null, card: ui.picker.get("card") };
}

function Market({ v, legal, ui, mode }: { v: YView; legal: readonly Command[]; ui: BoardUi; mode: Mode }): ComponentChild {
  const tr = ui.tr;
  const live = ui.interactive && !ui.busy;
  const preview = ui.preview;
  const shopT = live ? shopTargets(legal, mode.card) : [];
  const shopTarget = new Map(shopT.map((t) => [t.shop, t.command]));
  const moving = live && mode.row !== null && mode.kind === "move_supervisor";
  const cells = moving ? new Set(stopsToLight(v, legal, mode.row!, ui.picker.get("stops"))) : new Set<number>();
  const ghostTo = preview?.type === "move_supervisor" ? Number(preview.to) : null;
  const ghostShop = preview && (preview.type === "place_cube" || (preview.type === "play_card" && typeof preview.shop === "number")) ? Number(preview.shop) : null;
  const inspectedSoon = ghostTo !== null && mode.row !== null ? new Set(moveFacts(v, mode.row, ghostTo).inspects) : new Set<number>();
  const pending = new Set(v.inspect);
  const me = ui.players.find((p) => p.me)?.seat ?? 0;

  const souks = v.souks.map((s) => {
    const tint = QUARTER_TINT[s.quarter] ?? QUARTER_TINT.bag!;
    const pts = s.shops.map(shopXY);
    if (pts.length === 1) {
      const p = pts[0]!;
      return (
        <g key={s.souk} aria-hidden="true">
          <circle cx={p.x} cy={p.y} r={22} fill={tint.line} />
          <circle cx={p.x} cy={p.y} r={20} fill={tint.fill} />
        </g>
      );
    }
    const points = pts.map((p) => `${p.x},${p.y}`).join(" ");
    return (
      <g key={s.souk} aria-hidden="true">
        <polygon points={points} fill={tint.line} stroke={tint.line} stroke-width={44} stroke-linejoin="round" />
        <polygon points={points} fill={tint.fill} stroke={tint.fill} stroke-width={40} stroke-linejoin="round" />
      </g>
    );
  });

  const streets: ComponentChild[] = [];
  const arms: number[][] = [
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
    [18, 19, 20, 21, 10, 23, 24, 25, 26, 27, 28, 29],
  ];
  for (const arm of arms) {
    const pts = arm.map(cellXY).map((p) => `${p.x},${p.y}`).join(" ");
    streets.push(<polyline key={arm[0]} points={pts} fill="none" stroke="#b9a77f" stroke-width={10} stroke-linejoin="round" stroke-linecap="round" aria-hidden="true" />);
  }
  const cellIds = Object.keys(CELL_PX).map(Number);
  const cellDots = cellIds.map((c, i) => {
    const p = cellXY(c);
    return <circle key={c} cx={p.x} cy={p.y} r={c === HUB ? 11 : 8} fill={c === HUB ? "#f5f1e8" : i % 2 ? "#e9dcc0" : "#cdb98d"} stroke="#7d6a45" stroke-width={1.5} aria-hidden="true" />;
  });

  const cellList = [...cells];
  const cellHalves = hitHalves(cellList.map(cellXY));
  const cellTargets = cellList.map((c, i) => {
    const p = cellXY(c);
    const f = moveFacts(v, mode.row!, c);
    const command: Command = { type: "move_supervisor", row: mode.row!, to: c };
    const chosen = ghostTo === c;
    const label = describe(command, asJson<"yspahan">(v), ui);
    const tag = f.cost > 0 ? `${f.cost}` : f.free > 0 ? "0" : "";
    // The price tag sits beside the street, away from the shops where the street allows.
    return (
      <g key={`t${c}`} {...gTarget({ label, chosen, onPick: () => ui.propose(command, label) })}>
        <Hit x={p.x} y={p.y} half={cellHalves[i]!} />
        <circle class="hl" cx={p.x} cy={p.y} r={14} />
        {tag && (
          <g aria-hidden="true">
            <circle cx={p.x + 12} cy={p.y - 12} r={8.5} fill={f.cost > 0 ? "#8a5a00" : "#3d6b2e"} stroke="#fff" stroke-width={1.2} />
            <text x={p.x + 12} y={p.y - 8.5} text-anchor="middle" font-size={11} font-weight="700" fill="#fff">
              {tag}
            </text>
          </g>
        )}
      </g>
    );
  });

  const shopHalf = new Map<number, number>();
  const shopList = [...shopTarget.keys()];
  hitHalves(shopList.map(shopXY)).forEach((h, i) => shopHalf.set(shopList[i]!, h));
  const shopsDrawn = v.shops.map((s) => {
    const p = shopXY(s.shop);
    const souk = v.souks.find((k) => k.souk === s.souk);
    const tint = QUARTER_TINT[souk?.quarter ?? "bag"] ?? QUARTER_TINT.bag!;
    const command = shopTarget.get(s.shop);
    const ring = pending.has(s.shop) || v.inspecting === s.shop || inspectedSoon.has(s.shop);
    const body = (
      <>
        <rect x={p.x - 13} y={p.y - 13} width={26} height={26} rx={3} fill="#fbf8f1" stroke={tint.line} stroke-width={1.5} />
        {s.owner < 0 && (
          <text x={p.x} y={p.y + 4} text-anchor="middle" font-size={11} fill={tint.line} opacity={0.75} aria-hidden="true">
            {souk?.points ?? ""}
          </text>
        )}
        {s.owner >= 0 && <Cube seat={s.owner} x={p.x} y={p.y} s={20} />}
        {ring && <rect x={p.x - 17} y={p.y - 17} width={34} height={34} rx={5} fill="none" stroke="#b5442c" stroke-width={2.5} stroke-dasharray={v.inspecting === s.shop ? undefined : "4 2"} aria-hidden="true" />}
      </>
    );
    if (!command) {
      const who = s.owner >= 0 ? tr(`, cube of ${playerName(ui.players, s.owner)}`, `, kostička hráče ${playerName(ui.players, s.owner)}`) : tr(", empty", ", prázdné");
      return (
        <g key={s.shop} role="img" aria-label={`${shopName(s.shop, v, ui)}${who}`}>
          {body}
        </g>
      );
    }
    const label = describe(command, asJson<"yspahan">(v), ui);
    // The chosen shop tapped again takes the choice back (proposing it again changed nothing).
    return (
      <g key={s.shop} {...gTarget({ label, chosen: ghostShop === s.shop, onPick: () => (ghostShop === s.shop ? ui.cancel() : ui.propose(command, label)) })}>
        {body}
        <Hit x={p.x} y={p.y} half={shopHalf.get(s.shop) ?? HIT_HALF} />
        <rect class="hl" x={p.x - 15} y={p.y - 15} width={30} height={30} rx={4} />
      </g>
    );
  });

  const sup = cellXY(v.supervisor);
  const ghostCube = ghostShop !== null ? shopXY(ghostShop) : null;
  const ghostSup = ghostTo !== null ? cellXY(ghostTo) : null;
  const label = tr("Marketplace", "Tržiště");
  return (
    <PanZoom box={BOX} label={label} labels={{ zoomIn: ui.t("zoom_in"), zoomOut: ui.t("zoom_out"), fit: ui.t("zoom_reset") }} class="ysp-market">
      <rect x={0} y={0} width={BOX.width} height={BOX.height} fill="#f5f1e8" aria-hidden="true" />
      {QUARTERS.map((q) => {
        const l = QUARTER_LABEL[q]!;
        const w = QUARTER_WORDS[q]!;
        return (
          <text key={q} x={l.x} y={l.y} text-anchor={l.anchor} font-size={15} font-weight="700" fill={QUARTER_TINT[q]!.line} aria-hidden="true">
            {tr(w[0], w[1])}
          </text>
        );
      })}
      {souks}
      {streets}
      {cellDots}
      {shopsDrawn}
      <Pawn x={sup.x} y={sup.y - 4} label={tr(`Supervisor on the ${spaceName(v.supervisor, ui)}`, `Dozorce: ${spaceName(v.supervisor, ui)}`)} />
      {cellTargets}
      {ghostSup && <Pawn x={ghostSup.x} y={ghostSup.y - 4} cls="ghost" />}
      {ghostCube && <Cube seat={me} x={ghostCube.x} y={ghostCube.y} s={20} cls="ghost" />}
      {ui.marks.map((e, i) => {
        const at = markPlace(e);
        if (!at) return null;
        const text = e.text ? (ui.lang === "cs" ? e.text.cs : e.text.en) : undefined;
        const seat = typeof e.actor === "number" ? e.actor : typeof e.data?.seat === "number" ? e.data.seat : null;
        return <Mark key={e.seq} x={at.x} y={at.y} r={at.r} seat={seat} n={ui.marks.length > 1 ? i + 1 : undefined} label={text || undefined} />;
      })}
    </PanZoom>
  );
}

// ---------------------------------------------------------------- the tower and the caravan

function Die({ value, yellow }: { value: number; yellow: boolean }): ComponentChild {
  return (
    <svg class="ysp-die" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <rect x="1" y="1" width="18" height="18" rx="4" fill={yellow ? "#f3c623" : "#fff"} stroke={yellow ? "#8a6d00" : "#5b6770"} stroke-width={yellow ? 2.5 : 1.5} />
      <text x="10" y="14.5" text-anchor="middle" font-size="12" font-weight="700" fill="#1f2a30">
        {value}
      </text>
    </svg>
  );
}

function Tower({ v, legal, ui, mode }: { v: YView; legal: readonly Command[]; ui: BoardUi; mode: Mode }): ComponentChild {
  const tr = ui.tr;
  const live = ui.interactive && !ui.busy;
  const rows = live ? new Set(pickableRows(legal)) : new Set<number>();
  // Rows a marked event used (ui.marks): ringed like the market's places.
  const marked = new Set(ui.marks.map((e) => e.data?.row).filter((r): r is number => typeof r === "number"));
  return (
    <section class="ysp-tower" aria-label={tr("Tower", "Věž")}>
      {!ui.layout.phone && <h3 class="ysp-h">{tr("Tower", "Věž")}</h3>}
      <ol class="ysp-rows" reversed>
        {[...v.tower].reverse().map((r) => {
          const dice: ComponentChild[] = [];
          for (let i = 0; i < r.white; i++) dice.push(<Die key={`w${i}`} value={r.value} yellow={false} />);
          for (let i = 0; i < r.yellow; i++) dice.push(<Die key={`y${i}`} value={r.value} yellow={true} />);
          const mine = v.yours?.dice[r.row];
          const count = r.white + r.yellow;
          const words = count
            ? tr(`: ${r.white} white${r.yellow ? ` + ${r.yellow} yellow` : ""} ${r.white + r.yellow === 1 ? "die" : "dice"} of ${r.value}`, `: ${r.white} bílé${r.yellow ? ` + ${r.yellow} žluté` : ""} s hodnotou ${r.value}`)
            : tr(": no dice", ": bez kostek");
          const inner = (
            <>
              <span class={`ysp-rowname ysp-tint-${r.row}`}>
                {rowName(r.row, tr)}
              </span>
              <span class="sr-only">
                {words}
                {!r.used && mine !== undefined && count > 0 ? tr(`; ${mine + (live ? v.bonus : 0)} for you`, `; ${mine + (live ? v.bonus : 0)} pro vás`) : ""}
              </span>
              {ui.layout.phone ? (
                // A phone: the dice's value and what the player would take (or "used").
                <span class="ysp-dice ysp-sum" aria-hidden="true">
                  {r.used ? (
                    <span class="ysp-used">{tr("used", "použit")}</span>
                  ) : count ? (
                    <>
                      <Die value={r.value} yellow={r.white === 0} />
                      <span class="ysp-mine">×{mine !== undefined ? mine + (live ? v.bonus : 0) : count}</span>
                    </>
                  ) : (
                    "—"
                  )}
                </span>
              ) : (
                <>
                  <span class="ysp-dice" aria-hidden="true">
                    {dice.length ? dice : "—"}
                  </span>
                  {r.used ? <span class="ysp-used">{tr("used", "použit")}</span> : mine !== undefined && count > 0 && <span class="ysp-mine">×{mine + (live ? v.bonus : 0)}</span>}
                </>
              )}
            </>
          );
          if (rows.has(r.row)) {
            const chosen = mode.row === r.row;
            return (
              <li key={r.row}>
                <button
                  type="button"
                  data-row={r.row}
                  class={`ysp-row target-row${chosen ? " chosen" : ""}${marked.has(r.row) ? " marked" : ""}`}
                  aria-pressed={chosen ? "true" : "false"}
                  // The only row there is, chosen by itself: nothing to tap here.
                  disabled={chosen && ui.picker.get("row") === undefined}
                  onClick={() => {
                    ui.cancel();
                    ui.picker.unset("stops");
                    if (chosen) ui.picker.unset("row");
                    else ui.picker.set("row", r.row, ACTION_STEPS);
                    ui.picker.unset("kind");
                    ui.redraw();
                  }}
                >
                  {inner}
                </button>
              </li>
            );
          }
          return (
            <li key={r.row} class={`ysp-row${r.used ? " used" : ""}${marked.has(r.row) ? " marked" : ""}`}>
              {inner}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Caravan({ v, ui }: { v: YView; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  const per = v.caravan.per_section;
  const sections = [0, 1, 2].map((s) => {
    const slots: ComponentChild[] = [];
    for (let i = 0; i < per; i++) {
      const seat = v.caravan.cubes[s * per + i];
      slots.push(
        <span key={i} class="ysp-slot">
          {seat !== undefined ? <CubeIcon seat={seat} size={18} /> : null}
        </span>,
      );
    }
    return (
      <div key={s} class="ysp-section" role="group" aria-label={tr(`Section ${s + 1}`, `Sekce ${s + 1}`)}>
        <span class="ysp-secno">{s + 1}</span>
        {slots}
      </div>
    );
  });
  const who = v.caravan.cubes.length
    ? v.caravan.cubes.map((s) => playerName(ui.players, s)).join(", ")
    : tr("empty", "prázdná");
  return (
    <section class="ysp-caravan" aria-label={tr(`Caravan: ${who}`, `Karavana: ${who}`)}>
      <h3 class="ysp-h">
        {tr("Caravan", "Karavana")} <span class="muted small">{v.caravan.cubes.length}/{v.caravan.capacity}</span>
      </h3>
      <div class="ysp-sections">{sections}</div>
      <p class="muted small ysp-deck">
        {tr(`Cards: ${v.deck_size} in the deck, ${v.discard.length} played`, `Karty: ${v.deck_size} v balíčku, ${v.discard.length} zahraných`)}
      </p>
    </section>
  );
}

function Players({ v, ui }: { v: YView; ui: BoardUi }): ComponentChild {
  const tr = ui.tr;
  return (
    <section class="ysp-players" aria-label={tr("Players", "Hráči")}>
      {v.players.map((p) => {
        const pl = ui.players.find((x) => x.seat === p.seat);
        const built = new Set(p.buildings);
        return (
          <div key={p.seat} class={`ysp-player${pl?.active ? " active" : ""}`}>
            <div class="ysp-pname">
              <PlayerBadge seat={p.seat} name={pl?.name ?? `#${p.seat + 1}`} active={pl?.active ?? false} />
              {v.first === p.seat && <span class="ysp-first" title={tr("First player", "Počáteční hráč")}>{tr("1st", "1.")}</span>}
              {p.out && <span class="muted small">{tr("out", "vzdal")}</span>}
            </div>
            <div class="ysp-stats">
              <span title={tr("Points", "Body")}>
                <Icon kind="star" /> {p.vp}
                <span class="sr-only"> {tr("points", "bodů")}</span>
              </span>
              <span title={tr("Gold", "Peníze")}>
                <Icon kind="gold" /> {p.gold}
                <span class="sr-only"> {tr("gold", "peněz")}</span>
              </span>
              <span title={tr("Camels", "Velbloudi")}>
                <Icon kind="camel" /> {p.camels}
                <span class="sr-only"> {tr("camels", "velbloudů")}</span>
              </span>
              <span title={tr("Cards", "Karty")}>
                <Icon kind="card" /> {p.cards}
                <span class="sr-only"> {tr("cards", "karet")}</span>
              </span>
              {(v.caravan.would_score[p.seat] ?? 0) > 0 && (
                <span title={tr("The caravan would score", "Karavana by dala")}>
                  {tr("caravan", "karavana")} +{v.caravan.would_score[p.seat]}
                </span>
              )}
            </div>
            <ol class="ysp-bldgs" aria-label={tr(`Buildings: ${p.buildings.length} of 6`, `Budovy: ${p.buildings.length} z 6`)}>
              {BUILDINGS.map((b, i) => (
                <li key={b.id} class={built.has(b.id) ? "built" : ""} title={tr(b.name[0], b.name[1])} aria-label={`${tr(b.name[0], b.name[1])}${built.has(b.id) ? " ✓" : ""}`}>
                  {i + 1}
                </li>
              ))}
            </ol>
          </div>
        );
      })}
    </section>
  );
}

// ---------------------------------------------------------------- what to do now

/** What to do now: the words ("text"), the buttons of the step ("controls"), or both ("all"; on
 * a phone the words stand above the market, the buttons in the dock). */
function Prompt({ v, legal, ui, mode, part = "all" }: { v: YView; legal: readonly Command[]; ui: BoardUi; mode: Mode; part?: "all" | "text" | "controls" }): ComponentChild {
  const tr = ui.tr;
  if (part === "controls" && (!ui.interactive || legal.length === 0)) return null;
  const round = tr(`Week ${v.epoch}, day ${v.day}`, `Týden ${v.epoch}, den ${v.day}`);
  if (!ui.interactive || legal.length === 0) {
    const who = v.active.map((s) => playerName(ui.players, s)).join(", ");
    let what = who ? tr(`waiting for ${who}`, `čeká se na ${who}`) : "";
    if (v.phase === "caravan" && v.inspecting >= 0)
      what = tr(`${who} decides about the inspected cube on ${shopName(v.inspecting, v, ui)}`, `${who} rozhoduje o kontrolované kostičce na ${shopName(v.inspecting, v, ui)}`);
    else if (v.phase === "inspect") what = tr(`${who} chooses the order of the inspection`, `${who} volí pořadí kontroly`);
    else if (v.phase === "place") what = tr(`${who} is placing cubes (${v.to_place} left)`, `${who} nasazuje kostičky (zbývá ${v.to_place})`);
    if (v.phase === "over") {
      const ranking = [...v.players].sort((a, b) => b.vp - a.vp).map((p) => `${playerName(ui.players, p.seat)} ${p.vp}`).join(" · ");
      return (
        <p class="ysp-prompt">
          <strong>{tr("Game over", "Konec hry")}</strong> · {ranking}
        </p>
      );
    }
    return (
      <p class="ysp-prompt">
        <strong>{round}</strong> · {what}
      </p>
    );
  }
  let text = "";
  let buttons: ComponentChild = null;
  if (mode.card === "cube_to_souk") text = tr("Card: tap an empty shop for your cube.", "Karta: klepněte na prázdné pole pro kostičku.");
  else if (v.phase === "roll") text = tr("You start the day: buy yellow dice or just roll.", "Začínáte den: kupte žluté kostky, nebo jen hoďte.");
  else if (v.phase === "place") {
    text = tr(`Place your cubes: ${v.to_place} left. Tap a highlighted shop.`, `Nasaďte kostičky: zbývá ${v.to_place}. Klepněte na zvýrazněné pole.`);
  }
  else if (v.phase === "inspect") text = tr("Choose which inspected cube goes to the caravan next.", "Vyberte, která kontrolovaná kostička jde do karavany.");
  else if (v.phase === "caravan") text = tr("Your cube is inspected: send it to the caravan, or pay 1 camel to send one from supply.", "Vaše kostička je kontrolována: pošlete ji do karavany, nebo za 1 velblouda jinou ze zásoby.");
  else if (v.phase === "after") text = tr("Action done: build, play cards, or end your turn.", "Akce hotova: stavějte, hrajte karty, nebo ukončete tah.");
  else if (v.phase === "action") {
    if (mode.row === null) {
      text = pickableRows(legal).length
        ? tr("Pick a row of the tower.", "Vyberte řádek věže.") + (v.bonus ? tr(` (+${v.bonus} from cards)`, ` (+${v.bonus} z karet)`) : "")
        : tr("No row to use: draw a card.", "Žádný řádek: lízni kartu.");
      if (legal.some((c) => c.type === "build")) text += tr(" Or build instead (your area below).", " Nebo místo toho stavějte (vaše oblast níže).");
    } else if (mode.kind === "move_supervisor" && stopGroups(v, legal, mode.row) !== null && stopsToLight(v, legal, mode.row, ui.picker.get("stops")).length === 0) {
      text =
        stopGroups(v, legal, mode.row)!.by === "cost"
          ? tr(
              `Dice ${v.tower[mode.row]?.value ?? 0}: how much gold do you pay to move the supervisor further or shorter? Then tap its stop.`,
              `Kostky ${v.tower[mode.row]?.value ?? 0}: kolik zaplatíte za delší nebo kratší posun dozorce? Pak klepněte, kde zastaví.`,
            )
          : tr(
              `Dice ${v.tower[mode.row]?.value ?? 0}: how many steps does the supervisor walk? Then tap its stop.`,
              `Kostky ${v.tower[mode.row]?.value ?? 0}: o kolik polí dozorce půjde? Pak klepněte, kde zastaví.`,
            );
    } else if (mode.kind === "move_supervisor") {
      text = tr(
        `Tap where the supervisor stops (dice ${v.tower[mode.row]?.value ?? 0}; a number is the gold it costs${v.yours?.free_steps ? ", 0 = adjusted for free" : ""}).`,
        `Klepněte, kde dozorce zastaví (kostky ${v.tower[mode.row]?.value ?? 0}; číslo je cena v penězích${v.yours?.free_steps ? ", 0 = úprava zdarma" : ""}).`,
      );
    } else {
      text = tr(`${rowName(mode.row, tr)} row: what do you do with it?`, `Řádek ${rowName(mode.row, tr)}: co s ním?`);
    }
    if (mode.row !== null) {
      const kinds = kindsFor(legal, mode.row);
      buttons = (
        <div class="ysp-kinds">
          {kinds.map((k) => {
            const cmd = rowCommands(legal).find((c) => c.type === k && c.row === mode.row)!;
            const label =
              k === "move_supervisor" ? tr("Move the supervisor", "Posunout dozorce") : k === "draw_card" ? tr("Draw a card", "Líznout kartu") : describe(cmd, asJson<"yspahan">(v), ui);
            const chosen = mode.kind === k;
            return (
              <button
                key={k}
                type="button"
                data-kind={k}
                class={`btn${chosen ? " btn-primary" : ""}`}
                aria-pressed={chosen ? "true" : "false"}
                // The only thing the row allows, chosen by itself: nothing to tap (its stops are).
                disabled={ui.busy || (chosen && k === "move_supervisor" && kinds.length === 1)}
                onClick={() => {
                  ui.picker.unset("stops");
                  // Tapped again: un-chosen, its move taken back (the row stays). A kind chosen
                  // by itself (the row's only one) with no move waiting proposes it.
                  const waiting = ui.preview !== null && JSON.stringify(ui.preview) === JSON.stringify(cmd);
                  if (chosen && (k === "move_supervisor" || waiting)) {
                    ui.cancel();
                    ui.picker.set("row", mode.row!, ACTION_STEPS);
                    ui.redraw();
                  } else if (k === "move_supervisor") {
                    ui.cancel();
                    ui.picker.set("row", mode.row!, ACTION_STEPS);
                    ui.picker.set("kind", k, ACTION_STEPS);
                    ui.redraw();
                  } else {
                    ui.picker.set("row", mode.row!, ACTION_STEPS);
                    ui.picker.set("kind", k, ACTION_STEPS);
                    ui.propose(cmd, label);
                  }
                }}
              >
                {label}
              </button>
            );
          })}
        </div>
      );
      const groups = mode.kind === "move_supervisor" ? stopGroups(v, legal, mode.row) : null;
      if (groups) {
        const row = mode.row;
        const picked = ui.picker.get("stops");
        const of = (c: number) => moveFacts(v, row, c);
        const gold = (p: number) => (p === 0 ? tr("free", "zdarma") : tr(`${p} gold`, `${p} ${p === 1 ? "peníz" : p < 5 ? "peníze" : "peněz"}`));
        buttons = (
          <>
            {buttons}
            <div class="ysp-kinds ysp-prices" role="group" aria-label={groups.by === "cost" ? tr("Gold to pay", "Kolik zaplatit") : tr("Steps", "Počet polí")}>
              {groups.values.map((x) => {
                const stops = moveTargets(legal, row).filter((c) => (groups.by === "cost" ? of(c).cost : of(c).steps) === x);
                const n = stops.length;
                const chosen = picked === x;
                const where = tr(` · ${n} ${n === 1 ? "stop" : "stops"}`, ` · ${n} ${n === 1 ? "místo" : n < 5 ? "místa" : "míst"}`);
                const text =
                  groups.by === "cost"
                    ? `${x === 0 ? tr("Free", "Zdarma") : gold(x)}${where}`
                    : `${tr(`${x} ${x === 1 ? "step" : "steps"}`, `${x} ${x === 1 ? "pole" : x < 5 ? "pole" : "polí"}`)} · ${gold(Math.min(...stops.map((c) => of(c).cost)))}`;
                return (
                  <button
                    key={x}
                    type="button"
                    data-cost={groups.by === "cost" ? x : undefined}
                    data-steps={groups.by === "steps" ? x : undefined}
                    class={`btn${chosen ? " btn-primary" : ""}`}
                    aria-pressed={chosen ? "true" : "false"}
                    disabled={ui.busy}
                    onClick={() => {
                      ui.cancel();
                      if (chosen) ui.picker.unset("stops");
                      else ui.picker.set("stops", x);
                      ui.redraw();
                    }}
                  >
                    {text}
                  </button>
                );
              })}
            </div>
          </>
        );
      }
    }
  }
  const plain = promptCommands(legal);
  const controls = (
    <>
      {buttons}
      {plain.length > 0 && (
        <div class="ysp-kinds ysp-plain">
          {plain.map((c) => {
            const label = describe(c, asJson<"yspahan">(v), ui);
            return (
              <button key={JSON.stringify(c)} type="button" class="btn" data-type={c.type} disabled={ui.busy} onClick={() => ui.propose(c, label)}>
                {label}
              </button>
            );
          })}
        </div>
      )}
    </>
  );
  if (part === "controls") return buttons || plain.length ? <div class="ysp-controls">{controls}</div> : null;
  return (
    <div class="ysp-prompt ysp-prompt-mine" role="status">
      <p>
        <strong>{round}</strong> · {text}
      </p>
      {part === "all" && controls}
    </div>
  );
}


export function render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v) return <p class="muted">{ui.tr("The game has not begun yet.", "Hra ještě nezačala.")}</p>;
  const mode = modeOf(legal, ui);
  // One layout per device (ui.layout), never per phase: on a phone the tower is a short strip
  // above the market, so that the market fills the space above the dock.
  if (ui.layout.phone) {
    // A player's tower and buttons stand in the dock (privateArea), beside their cards.
    const docked = seat !== null && v.hand !== null;
    return (
      <div class="ysp ysp-phone">
        <Prompt v={v} legal={legal} ui={ui} mode={mode} part={docked ? "text" : "all"} />
        {!docked && <Tower v={v} legal={legal} ui={ui} mode={mode} />}
        <Market v={v} legal={legal} ui={ui} mode={mode} />
        <Caravan v={v} ui={ui} />
        <Players v={v} ui={ui} />
      </div>
    );
  }
  return (
    <div class="ysp">
      <Prompt v={v} legal={legal} ui={ui} mode={mode} />
      <div class="ysp-side">
        <Tower v={v} legal={legal} ui={ui} mode={mode} />
        <Caravan v={v} ui={ui} />
      </div>
      <Market v={v} legal={legal} ui={ui} mode={mode} />
      <Players v={v} ui={ui} />
    </div>
  );
}

// ---------------------------------------------------------------- my cards and buildings

export function privateArea(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  const v = asView(view);
  if (!v) return null;
  if (seat === null || !v.hand) return null;
  const tr = ui.tr;
  const live = ui.interactive && !ui.busy;
  const playable = new Set(live ? playableCards(legal) : []);
  const discards = new Map(legal.filter((c) => c.type === "discard_for_bonus").map((c) => [String(c.card), c]));
  const builds = live ? legal.filter((c) => c.type === "build") : [];
  const chosenCard = ui.picker.get("card");
  const cards = Object.entries(v.hand).filter(([, k]) => k > 0);
  const me = v.players[seat];
  const built = new Set(me?.buildings ?? []);
  const phone = ui.layout.phone;
  const mode = modeOf(legal, ui);
  return (
    <div class={`ysp-hand${phone ? " ysp-phone-hand" : ""}`}>
      {/* A phone: the tower, then what the row picked allows (its kinds, the supervisor's
          prices): read and tapped top down, the row picked still in view. */}
      {phone && <Tower v={v} legal={legal} ui={ui} mode={mode} />}
      {phone && <Prompt v={v} legal={legal} ui={ui} mode={mode} part="controls" />}
      {cards.length === 0 && <p class="muted">{tr("No cards in hand.", "Žádné karty v ruce.")}</p>}
      {cards.map(([card, k]) => {
        const w = CARD_WORDS[card];
        const options = legal.filter((c) => c.type === "play_card" && c.card === card);
        const amounts = options.filter((c) => typeof c.amount === "number");
        const bonus = live ? discards.get(card) : undefined;
        // A card whose move waits for Confirm: its button pressed, and tapped again it takes the
        // move back (proposing it again changed nothing).
        const waiting = (c: Command | undefined) => c !== undefined && ui.preview !== null && JSON.stringify(ui.preview) === JSON.stringify(c);
        const played = options.length === 1 && waiting(options[0]);
        const open = chosenCard === card || played;
        return (
          <div key={card} class="ysp-card">
            <span class="ysp-cname">
              {cardName(card, ui)}
              {k > 1 ? ` ×${k}` : ""}
              {w && <span class="muted small"> — {tr(w.text[0], w.text[1])}</span>}
            </span>
            {playable.has(card) && (
              <button
                type="button"
                class={`btn${open ? " btn-primary" : ""}`}
                aria-pressed={open ? "true" : "false"}
                onClick={() => {
                  if (played) {
                    ui.cancel();
                    return;
                  }
                  if (options.length === 1) {
                    ui.propose(options[0]!, describe(options[0]!, view, ui));
                    return;
                  }
                  ui.cancel();
                  ui.picker.choose("card", card);
                  ui.redraw();
                }}
              >
                {tr("Play", "Zahrát")}
              </button>
            )}
            {live && !playable.has(card) && !bonus && (
              <span class="ysp-why">{card.startsWith("build_") ? tr("with a building", "při stavbě") : tr("not now", "teď ne")}</span>
            )}
            {bonus && (
              <button
                type="button"
                class={`btn${waiting(bonus) ? " btn-primary" : ""}`}
                aria-pressed={waiting(bonus) ? "true" : "false"}
                onClick={() => (waiting(bonus) ? ui.cancel() : ui.propose(bonus, describe(bonus, view, ui)))}
              >
                {tr("Discard: +1", "Odhodit: +1")}
              </button>
            )}
            {open && amounts.length > 0 && (
              <div class="ysp-amounts" role="group" aria-label={tr("How many?", "Kolik?")}>
                {amounts.map((c) => {
                  const a = c.amount as number;
                  const text = card === "swap_camels_gold" ? (a > 0 ? tr(`${a} gold→camels`, `${a} peníze→velbl.`) : tr(`${-a} camels→gold`, `${-a} velbl.→peníze`)) : String(a);
                  const label = describe(c, view, ui);
                  return (
                    <button
                      key={a}
                      type="button"
                      class={`btn${waiting(c) ? " btn-primary" : ""}`}
                      aria-label={label}
                      aria-pressed={waiting(c) ? "true" : "false"}
                      onClick={() => (waiting(c) ? ui.cancel() : ui.propose(c, label))}
                    >
                      {text}
                    </button>
                  );
                })}
              </div>
            )}
          </div>
        );
      })}
      <div>
        <h3 class="ysp-h">{tr("Your buildings", "Vaše budovy")}</h3>
        <ol class="ysp-bldgs ysp-my-bldgs">
          {BUILDINGS.map((b, i) => (
            <li key={b.id} class={built.has(b.id) ? "built" : ""} title={tr(b.name[0], b.name[1])}>
              {i + 1}
            </li>
          ))}
        </ol>
        <ul class="muted small ysp-bldg-list">
          {BUILDINGS.map((b, i) => {
            const why = built.has(b.id)
              ? tr("built", "postaveno")
              : !live
                ? null
                : builds.some((c) => c.building === b.id)
                  ? null
                  : (me?.camels ?? 0) < b.camels || (me?.gold ?? 0) < b.gold
                    ? tr("too dear", "příliš drahá")
                    : tr("not now", "teď ne");
            return (
              <li key={b.id}>
                {i + 1}. {tr(b.name[0], b.name[1])} — {tr(`${b.camels} camels`, `${b.camels} velbl.`)}
                {b.gold ? tr(` + ${b.gold} gold`, ` + ${b.gold} peněz`) : ""} {why && <span class="ysp-why">· {why}</span>}
              </li>
            );
          })}
        </ul>
        {builds.length > 0 && (
          <div class="ysp-build">
            {builds.map((c) => {
              const label = describe(c, view, ui);
              return (
                <button key={JSON.stringify(c)} type="button" class="btn" onClick={() => ui.propose(c, label)}>
                  {label}
                </button>
              );
            })}
          </div>
        )}
      </div>
    </div>
  );
}
