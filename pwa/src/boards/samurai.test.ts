// @vitest-environment happy-dom
import { h, render } from "preact";
import { describe, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import * as board from "./samurai";
import { canonicalSwap, freshSpaces, leader, plan, tileName, touches, withMirroredSwaps, type Kind, type SamuraiView, type TileType } from "./samurai";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";
import { deadTaps, gameInfo } from "../testing";

const ALL: Kind[] = ["helmet", "buddha", "rice_field"];
const TYPES: Record<string, TileType> = {
  samurai1: { strength: 1, affects: ALL, kanji: false, sea: false },
  samurai2: { strength: 2, affects: ALL, kanji: false, sea: false },
  buddha3: { strength: 3, affects: ["buddha"], kanji: false, sea: false },
  helmet4: { strength: 4, affects: ["helmet"], kanji: false, sea: false },
  ship1: { strength: 1, affects: ALL, kanji: true, sea: true },
  ronin1: { strength: 1, affects: ALL, kanji: true, sea: false },
  tile_exchange: { strength: 0, affects: [], kanji: false, sea: false },
  figure_exchange: { strength: 0, affects: [], kanji: true, sea: false },
};

/** A tiny Japan: three land spaces, a village with a Buddha, a city with a helmet and a rice
 * field, Edo, and two sea spaces. */
function makeView(over: Partial<SamuraiView> = {}): SamuraiView {
  const space = (id: number, q: number, r: number, terrain: "land" | "sea", settlement: "edo" | "city" | "village" | null, near: number[] = []) => ({
    id, q, r, terrain, settlement, part: "honshu", near, surround: [] as number[],
  });
  return {
    phase: "play",
    turn: 3,
    current: 0,
    active_seats: [0],
    options: { random_starting_tiles: false, capture_timing: "per_tile", captured_figures: "auto" },
    map: [
      space(1, 0, 0, "land", null, [4]),
      space(2, 1, 0, "land", null, [3, 4]),
      space(3, 2, 0, "land", "village"),
      space(4, 0, 1, "land", "city"),
      space(5, 1, 1, "sea", null, [3, 4]),
      space(6, 2, 1, "sea", null, [3]),
      space(7, 3, 0, "land", "edo"),
      space(8, 3, 1, "land", null, [7]),
    ],
    tiles: [
      { hex: 1, seat: 0, tile: "samurai2" },
      { hex: 6, seat: 1, tile: "ship1" },
    ],
    figures: [
      { hex: 3, kinds: ["buddha"], influence: { buddha: [0, 1] } },
      { hex: 4, kinds: ["helmet", "rice_field"], influence: { helmet: [2, 0], rice_field: [2, 0] } },
      { hex: 7, kinds: ["helmet", "buddha", "rice_field"], influence: { helmet: [0, 0], buddha: [0, 0], rice_field: [0, 0] } },
    ],
    taken: [],
    tile_types: TYPES,
    figures_to_place: { helmet: 0, buddha: 0, rice_field: 0 },
    beside_board: { helmet: 0, buddha: 1, rice_field: 0 },
    players: [
      { seat: 0, hand_count: 5, supply_count: 9, captured: { count: 1, kinds: { helmet: 1, buddha: 0, rice_field: 0 } }, forfeited: false, last_turn: [], hand: ["buddha3", "figure_exchange", "samurai1", "ship1", "tile_exchange"], supply: ["helmet4"] },
      { seat: 1, hand_count: 5, supply_count: 11, captured: { count: 2, kinds: null }, forfeited: false, last_turn: [] },
    ],
    this_turn: { tiles_placed: 0, plain_tile_used: false, tile_to_place_again: null },
    end_triggered: false,
    outcome: null,
    you: 0,
    ...over,
  };
}

const LEGAL: Command[] = [
  { type: "place_tile", tile: "buddha3", hex: 2 },
  { type: "place_tile", tile: "buddha3", hex: 8 },
  { type: "place_tile", tile: "samurai1", hex: 2 },
  { type: "place_tile", tile: "samurai1", hex: 8 },
  { type: "place_tile", tile: "ship1", hex: 5 },
  { type: "place_tile", tile: "tile_exchange", hex: 1 },
  { type: "swap_figures", first_hex: 3, first_kind: "buddha", second_hex: 4, second_kind: "helmet" },
  { type: "swap_figures", first_hex: 4, first_kind: "rice_field", second_hex: 7, second_kind: "helmet" },
];

const game: GameInfo = gameInfo({ slug: "samurai", name: "Samurai", min_players: 2, max_players: 4 });

function setup(view: SamuraiView, legal: Command[]) {
  const root = document.createElement("div");
  const proposed: Command[] = [];
  const submitted: Command[] = [];
  const ui: BoardUi = {
    lang: "en", t: (k) => k, tr: (en) => en, game, picker: new Picker(), preview: null,
    players: [
      { seat: 0, name: "Anna", colour: "#0072B2", ink: "#004f7c", symbol: "circle", me: true, active: true },
      { seat: 1, name: "Bot", colour: "#D55E00", ink: "#8f3f00", symbol: "square", me: false, active: false },
    ],
    propose: (c) => {
      proposed.push(c);
      ui.preview = c;
      draw();
    },
    submit: (c) => void submitted.push(c),
    submitAll: () => undefined,
    cancel: () => {
      ui.preview = null;
      draw();
    },
    busy: false, interactive: true, redraw: () => draw(),
    marks: [],
    layout: { width: "desktop", phone: false },
  };
  const v = view as unknown as Json;
  const draw = () => render(h("div", null, board.render(v, 0, legal, ui), board.privateArea(v, 0, legal, ui)), root);
  draw();
  const card = (name: string) => {
    const b = root.querySelector<HTMLButtonElement>(`button.sam-card[data-tile="${name}"]`);
    if (!b) throw new Error(`no tile ${name}`);
    return b;
  };
  const lit = (attr: "data-hex" | "data-figure" | "data-settlement") => [...root.querySelectorAll(`[${attr}]`)].map((e) => e.getAttribute(attr));
  return { root, ui, proposed, submitted, card, lit };
}

describe("samurai board: what lights up", () => {
  it("offers the hand's tiles with a legal move, and nothing on the map before a tile is picked", () => {
    const p = plan(makeView(), LEGAL, new Map());
    expect(p.mode).toBe("play");
    expect(p.tiles.sort()).toEqual(["buddha3", "figure_exchange", "samurai1", "ship1", "tile_exchange"]);
    expect(p.hexes).toEqual([]);
  });

  it("lights exactly the legal spaces of the picked tile", () => {
    expect(plan(makeView(), LEGAL, new Map([["tile", "samurai1"]])).hexes).toEqual([2, 8]);
    expect(plan(makeView(), LEGAL, new Map([["tile", "ship1"]])).hexes).toEqual([5]);
    // The tile exchange goes on one of one's own tiles: the space of that tile lights.
    expect(plan(makeView(), LEGAL, new Map([["tile", "tile_exchange"]])).hexes).toEqual([1]);
  });

  it("lets the figure exchange start from either figure of a legal pair", () => {
    const first = plan(makeView(), LEGAL, new Map([["tile", "figure_exchange"]]));
    expect(first.figures.sort()).toEqual(["3:buddha", "4:helmet", "4:rice_field", "7:helmet"]);
    const second = plan(makeView(), LEGAL, new Map<string, Json>([["tile", "figure_exchange"], ["first", "7:helmet"]]));
    expect(second.figures).toEqual(["4:rice_field"]);
    // Whatever order the player tapped, the command sent is the one the engine listed.
    const mirrored = withMirroredSwaps(LEGAL).at(-1)!;
    expect(mirrored.first_hex).toBe(7);
    expect(canonicalSwap(mirrored, LEGAL)).toEqual(LEGAL[7]);
  });

  it("takes the tile to place again by itself after a tile exchange", () => {
    const view = makeView({ this_turn: { tiles_placed: 1, plain_tile_used: true, tile_to_place_again: "samurai2" } });
    const legal = [2, 8].map((hex) => ({ type: "place_tile", tile: "samurai2", hex }));
    const p = plan(view, legal, new Map());
    expect(p.tile).toBe("samurai2");
    expect(p.hexes).toEqual([2, 8]);
  });

  it("at set-up asks for a kind of figure, then lights the settlements it may go on", () => {
    const view = makeView({ phase: "place_figures" });
    const legal: Command[] = [
      { type: "place_figure", kind: "helmet", hex: 3 },
      { type: "place_figure", kind: "buddha", hex: 3 },
      { type: "place_figure", kind: "buddha", hex: 4 },
    ];
    expect(plan(view, legal, new Map()).kinds).toEqual(["helmet", "buddha"]);
    expect(plan(view, legal, new Map()).hexes).toEqual([]);
    expect(plan(view, legal, new Map([["kind", "buddha"]])).hexes).toEqual([3, 4]);
  });

  it("offers the secret pick from the supply, and nothing when it is not this seat's turn", () => {
    const view = makeView({ phase: "choose_tiles" });
    expect(plan(view, [{ type: "choose_tile", tile: "helmet4" }], new Map()).tiles).toEqual(["helmet4"]);
    expect(plan(makeView(), [], new Map()).mode).toBe("idle");
  });
});

describe("samurai board: influence preview", () => {
  it("adds the tile's strength to the figures of the kinds it affects around the space", () => {
    const list = touches(makeView(), 0, "buddha3", 2);
    expect(list).toEqual([{ hex: 3, kind: "buddha", before: [0, 1], after: [3, 1] }]);
    expect(touches(makeView(), 0, "samurai1", 2).map((t) => `${t.hex}:${t.kind}:${t.after[0]}`)).toEqual([
      "3:buddha:1",
      "4:helmet:3",
      "4:rice_field:3",
    ]);
    expect(touches(makeView(), 0, "tile_exchange", 2)).toEqual([]);
  });

  it("names a leader only with strictly the most influence", () => {
    expect(leader([2, 0])).toBe(0);
    expect(leader([2, 2])).toBeNull();
    expect(leader([0, 0])).toBeNull();
    expect(leader([1, 3, 2])).toBe(1);
  });
});

describe("samurai board: what happened", () => {
  it("marks each other seat's latest turn, and one's own only while it is under way", () => {
    const players = makeView().players.map((p, i) => ({ ...p, last_turn: i === 0 ? [1] : [6, 3] }));
    expect([...freshSpaces(makeView({ players }), 0)].sort()).toEqual([3, 6]);
    const underway = makeView({ players, this_turn: { tiles_placed: 1, plain_tile_used: false, tile_to_place_again: null } });
    expect([...freshSpaces(underway, 0)].sort()).toEqual([1, 3, 6]);
    expect([...freshSpaces(makeView({ players }), null)].sort()).toEqual([1, 3, 6]);
  });

  it("shows who won the figures of an emptied settlement, the kind only when it is known", () => {
    const view = makeView({
      figures: makeView().figures.filter((f) => f.hex !== 4),
      taken: [
        { hex: 4, kind: "helmet", seat: 0 },
        { hex: 4, kind: null, seat: 1 },
      ],
    });
    const { root } = setup(view, LEGAL);
    const labels = [...root.querySelectorAll("[role=img]")].map((e) => e.getAttribute("aria-label"));
    expect(labels).toContain("Helmet won by Anna");
    expect(labels).toContain("Figure won by Bot");
  });
});

describe("samurai board: spectators and replays", () => {
  it("draws the map and the scores with no hand and no targets", () => {
    const root = document.createElement("div");
    const { ui } = setup(makeView(), []);
    const v = makeView({ players: makeView().players.map(({ hand: _h, supply: _s, ...p }) => p) }) as unknown as Json;
    render(h("div", null, board.render(v, null, [], { ...ui, interactive: false })), root);
    expect(root.querySelector(".board-svg")).not.toBeNull();
    expect(root.querySelectorAll(".target").length).toBe(0);
    expect(root.querySelector(".sam-scores")!.textContent).toContain("Bot");
    expect(board.privateArea!(v, null, [], ui)).toBeNull();
  });
});

describe("samurai board: tapping", () => {
  it("has no dead tap: every tile, space and settlement, in every order up to three taps, changes something", () => {
    expect(deadTaps(() => setup(makeView(), LEGAL), "button.sam-card, [data-hex], [data-figure], [data-settlement]", 3)).toEqual([]);
  }, 60_000);

  it("tile, then a lit space: proposes that legal command, with the ghost drawn", () => {
    const { root, ui, proposed, card, lit } = setup(makeView(), LEGAL);
    expect(lit("data-hex")).toEqual([]);
    card("samurai1").click();
    expect(card("samurai1").getAttribute("aria-pressed")).toBe("true");
    expect(lit("data-hex").sort()).toEqual(["2", "8"]);
    root.querySelector<SVGGElement>('[data-hex="8"]')!.dispatchEvent(new Event("click", { bubbles: true }));
    expect(proposed).toEqual([{ type: "place_tile", tile: "samurai1", hex: 8 }]);
    expect(ui.preview).toEqual(proposed[0]);
    expect(root.querySelector(".sam-ghost")).not.toBeNull();
    expect(root.querySelector(".sam-touch")!.textContent).toContain("Helmet (Edo): you 0 → 1");
    // Tapped again: the choice taken back, the tile still picked (a tap must act).
    root.querySelector<SVGGElement>('[data-hex="8"]')!.dispatchEvent(new Event("click", { bubbles: true }));
    expect(ui.preview).toBeNull();
    expect(root.querySelector(".sam-ghost")).toBeNull();
    expect(card("samurai1").getAttribute("aria-pressed")).toBe("true");
    expect(lit("data-hex").sort()).toEqual(["2", "8"]);
  });

  it("figure exchange: a settlement, then its figure when it has several; the second among legal partners", () => {
    const { root, proposed, card, lit } = setup(makeView(), LEGAL);
    card("figure_exchange").click();
    expect(lit("data-settlement").sort()).toEqual(["3", "4", "7"]);
    const tap = (sel: string) => root.querySelector(sel)!.dispatchEvent(new Event("click", { bubbles: true }));
    tap('[data-settlement="4"]');
    // Two lit figures there: asked which, as buttons; no other target meanwhile.
    expect(lit("data-settlement")).toEqual([]);
    expect([...root.querySelectorAll("button[data-figure]")].map((b) => b.getAttribute("data-figure")).sort()).toEqual(["4:helmet", "4:rice_field"]);
    root.querySelector<HTMLButtonElement>('button[data-figure="4:helmet"]')!.click();
    // The partner's settlement, and the first figure's own (tap again to let go of it).
    expect(lit("data-settlement").sort()).toEqual(["3", "4"]);
    tap('[data-settlement="3"]');
    expect(proposed).toEqual([LEGAL[6]]);
  });

  it("greys out the tiles with no legal move and shows the others' hidden captures as a count", () => {
    const legal = LEGAL.filter((c) => c.tile !== "buddha3");
    const { root, card } = setup(makeView(), legal);
    expect(card("buddha3").disabled).toBe(true);
    expect(card("ship1").disabled).toBe(false);
    expect(root.querySelector(".sam-scores")!.textContent).toContain("hidden: 2");
  });

  it("offers end turn as a button and puts commands in words", () => {
    const ui = setup(makeView(), LEGAL).ui;
    const end = { type: "end_turn" };
    expect(board.extraCommands!(null, 0, [...LEGAL, end], ui)).toEqual([end]);
    const v = makeView() as unknown as Json;
    expect(board.describe({ type: "place_tile", tile: "ship1", hex: 5 }, v, ui)).toBe("Place the ship of strength 1 on a sea space");
    expect(board.describe({ type: "place_tile", tile: "tile_exchange", hex: 1 }, v, ui)).toContain("take it back");
    expect(board.describe(LEGAL[6]!, v, ui)).toBe("Swap the Buddha of a village with the helmet of a city");
    expect(tileName("rice_field4", ui)).toBe("rice field of strength 4");
  });
});

describe("samurai board: the phone contract", () => {
  it("one tap for what undo takes back, a preview for what is final", () => {
    const v = makeView() as unknown as Json;
    expect(board.needsConfirm!({ type: "place_tile", tile: "samurai1", hex: 8 }, v, LEGAL)).toBe(false);
    expect(board.needsConfirm!(LEGAL[6]!, v, LEGAL)).toBe(false);
    expect(board.needsConfirm!({ type: "choose_tile", tile: "samurai1" }, v, LEGAL)).toBe(true);
    expect(board.needsConfirm!({ type: "place_figure", kind: "helmet", hex: 4 }, v, LEGAL)).toBe(true);
    // Ending the turn: previewed while tiles could still go down, one tap when nothing else is left.
    expect(board.needsConfirm!({ type: "end_turn" }, v, [...LEGAL, { type: "end_turn" }])).toBe(true);
    expect(board.needsConfirm!({ type: "end_turn" }, v, [{ type: "end_turn" }])).toBe(false);
  });

  it("previews a tile that completes a surrounding (its figures are taken at once)", () => {
    const view = makeView();
    view.map = view.map.map((s) => (s.id === 3 ? { ...s, surround: [2, 6, 8] } : s));
    view.tiles = [...view.tiles, { hex: 2, seat: 1, tile: "samurai2" }];
    expect(board.completesSurrounding(view, 8)).toBe(true);
    expect(board.needsConfirm!({ type: "place_tile", tile: "samurai1", hex: 8 }, view as unknown as Json, LEGAL)).toBe(true);
    view.tiles = view.tiles.filter((t) => t.hex !== 2);
    expect(board.completesSurrounding(view, 8)).toBe(false);
  });

  it("the secret pick: marked one by one, at most the number needed, then sent one after another", () => {
    let picked: string[] = [];
    picked = board.togglePicked(picked, "samurai1", 2, 3);
    picked = board.togglePicked(picked, "samurai1", 2, 3);
    expect(picked).toEqual(["samurai1", "samurai1"]);
    picked = board.togglePicked(picked, "samurai1", 2, 3); // all of it picked: let go
    expect(picked).toEqual([]);
    picked = ["ship1", "samurai1", "buddha3"];
    expect(board.togglePicked(picked, "helmet4", 1, 3)).toEqual(picked); // full: nothing more
    const st = { picked, base: ["ronin1", "samurai2"] };
    expect(board.nextToSend(st, st.base)).toBeNull(); // not confirmed yet
    expect(board.nextToSend(st, [...st.base, "ship1"])).toBe("samurai1");
    expect(board.nextToSend(st, [...st.base, "ship1", "samurai1", "buddha3"])).toBeNull();
  });

  it("the pick in the dock: ticks, a counter, one preview naming all five", () => {
    const view = makeView({ phase: "choose_tiles" });
    view.players[0]!.hand = [];
    view.players[0]!.hand_count = 0;
    view.players[0]!.supply = ["samurai1", "samurai2", "buddha3", "helmet4", "ship1", "ronin1"];
    const legal = view.players[0]!.supply.map((t) => ({ type: "choose_tile", tile: t }));
    const { root, proposed, card } = setup(view, legal);
    for (const t of ["samurai1", "samurai2", "buddha3", "helmet4"]) card(t).click();
    expect(proposed).toEqual([]);
    expect(root.querySelectorAll(".sam-supply .pick-tick").length).toBe(4);
    expect(root.querySelector(".pick-count")!.textContent).toBeTruthy();
    card("ship1").click();
    expect(proposed).toEqual([{ type: "choose_tile", tile: "samurai1" }]);
    expect(card("ronin1").disabled).toBe(true);
    expect(card("ronin1").textContent).toContain("5 picked");
  });

  it("rings the places of the marked events, both settlements of a swap", () => {
    const view = makeView();
    const spots = board.markSpots(
      [
        { seq: 1, actor: 1, data: { seat: 1, hex: 5, tile: "ship1" }, text: { en: "Bot places a ship.", cs: "Bot pokládá loď." } },
        { seq: 2, actor: 1, data: { seat: 1, first_hex: 3, second_hex: 4 } },
        { seq: 3, actor: 1, data: { seat: 1, count: 2 } },
      ],
      view.map,
      "cs",
    );
    expect(spots.map((s) => [s.hex, s.n, s.seat])).toEqual([[5, 1, 1], [3, 2, 1], [4, 2, 1]]);
    expect(spots[0]!.label).toBe("Bot pokládá loď.");
    const { root } = setup(view, []);
    expect(root.querySelectorAll(".mark").length).toBe(0);
  });

  it("splits spaces too far apart for 32-px targets into parts of the map, each tappable", () => {
    // A long row of 30 land spaces: on a phone's frame they cannot all be 32 px at once.
    const map = Array.from({ length: 30 }, (_, i) => ({ id: i, q: i, r: 0, terrain: "land" as const, settlement: null, part: "honshu", near: [], surround: [] }));
    const lay = board.layout(map, false);
    const frame = board.frameFor({ width: "phone", phone: true });
    const all = map.map((s) => s.id);
    const f = board.focus(all, lay, frame, undefined);
    expect(f.hexes).toEqual([]);
    expect(f.regions!.length).toBeGreaterThan(1);
    expect(f.regions!.flatMap((r) => r.hexes).sort((a, b) => a - b)).toEqual(all);
    for (const r of f.regions!) expect(board.fitsTappable(r.hexes.map((h) => lay.centre.get(h)!), frame)).toBe(true);
    expect(f.regions!.map((r) => r.where[0])).toContain("west");
    const one = board.focus(all, lay, frame, f.regions![0]!.key);
    expect(one.hexes).toEqual(f.regions![0]!.hexes);
    // A few spaces close together need no part: lit at once.
    expect(board.focus([3, 4, 5], lay, frame, undefined).regions).toBeNull();
  });

  it("names things from the game's glossary, never by an identifier", () => {
    const glossary = {
      places: { "5": { en: "the sea next to the village east of Edo", cs: "mořské pole vedle vesnice východně od Eda" } },
      tiles: { ship1: { en: "ship of strength 1", cs: "loď se silou 1" } },
      figures: { buddha: { en: "Buddha", cs: "Buddha" } },
    };
    const { ui } = setup(makeView(), LEGAL);
    const words = { ...ui, game: { ...game, glossary } };
    const v = makeView() as unknown as Json;
    expect(board.describe({ type: "place_tile", tile: "ship1", hex: 5 }, v, words)).toBe("Place the ship of strength 1 on the sea next to the village east of Edo");
    const cs = { ...words, lang: "cs" as const, tr: (_en: string, c: string) => c };
    expect(board.describe({ type: "place_tile", tile: "ship1", hex: 5 }, v, cs)).toBe("Položit kartu (loď se silou 1) na místo: mořské pole vedle vesnice východně od Eda");
    // Without a glossary: words still, no numbers of spaces.
    const { root } = setup(makeView(), LEGAL);
    const text = [root.textContent, ...[...root.querySelectorAll("[aria-label],[title]")].map((e) => `${e.getAttribute("aria-label")} ${e.getAttribute("title")}`)].join(" ");
    expect(text.replace(/zoom_\w+|picked_n_of/g, "").match(/\b[a-z]+_[a-z0-9_]+\b|\b(space|hex) \d+|[Pp]layer \d/g)).toBeNull();
  });
});
