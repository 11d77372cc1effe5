// @vitest-environment happy-dom
import { render } from "preact";
import { describe, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import { deadTaps } from "../testing";
import * as board from "./catan";
import fixture from "./catan.fixture.json";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";

// Views and legal commands dumped from the engine (games/catan): a fresh set-up (2 players) and
// a robber to move after a 7 with two players to rob on one hex (3 players).
const F = fixture as unknown as {
  setup: { view: Json; legal: Command[] };
  robber: { view: Json; view1: Json; legal: Command[]; victim_hex: number };
};

// The glossary's terrains and number tokens as GET /api/games/catan gives them (games/catan/words.py).
const TERRAINS: Record<string, [string, string, string, string, string]> = {
  brick: ["hills", "kopce", "kopců", "kopce", "kopci"],
  lumber: ["forest", "les", "lesa", "les", "lesem"],
  wool: ["pasture", "pastvina", "pastviny", "pastvinu", "pastvinou"],
  grain: ["fields", "pole", "pole", "pole", "polem"],
  ore: ["mountains", "hory", "hor", "hory", "horami"],
  desert: ["desert", "poušť", "pouště", "poušť", "pouští"],
};
const NUMBERS = { 2: "se dvojkou", 3: "s trojkou", 4: "se čtyřkou", 5: "s pětkou", 6: "se šestkou", 8: "s osmičkou", 9: "s devítkou", 10: "s desítkou", 11: "s jedenáctkou", 12: "s dvanáctkou" };
const byCase = (i: number) => Object.fromEntries(Object.entries(TERRAINS).map(([k, t]) => [k, { en: t[0], cs: t[i]! }]));
const glossary = {
  terrains: byCase(1),
  terrains_of: byCase(2),
  terrains_to: byCase(3),
  terrains_with: byCase(4),
  numbers: Object.fromEntries(Object.entries(NUMBERS).map(([n, cs]) => [n, { en: n, cs }])),
};
const game = { slug: "catan", name: "Catan", min_players: 2, max_players: 4, bot_levels: [], options: [], commands: [], glossary } as unknown as GameInfo;

function setup(view: Json, legal: Command[], seat = 0, lang: "en" | "cs" = "en") {
  const root = document.createElement("div");
  const proposed: Command[] = [];
  const submitted: Command[] = [];
  const batches: Command[][] = [];
  const ui: BoardUi = {
    lang,
    t: (k) => k,
    tr: (en, cs) => (lang === "cs" ? cs : en),
    game,
    picker: new Picker(),
    preview: null,
    players: [0, 1, 2].map((s) => ({ seat: s, name: ["Anna", "Bob", "Cyril"][s]!, colour: "#000", ink: "#000", symbol: "circle" as const, me: s === seat, active: s === 0 })),
    propose: (c) => {
      proposed.push(c);
      ui.preview = c;
    },
    submit: (c) => submitted.push(c),
    submitAll: (cs) => batches.push([...cs]),
    cancel: () => {
      ui.preview = null;
    },
    busy: false,
    interactive: true,
    redraw: () => draw(),
    marks: [],
    layout: { width: "desktop", phone: false },
  };
  const draw = () => render(<div>{board.render(view, seat, legal, ui)}{board.privateArea(view, seat, legal, ui)}</div>, root);
  draw();
  const spot = (s: string) => root.querySelector<SVGGElement>(`.target[data-spot="${s}"]`);
  return { root, ui, proposed, submitted, batches, spot, draw };
}

describe("catan board geometry", () => {
  it("places 19 hexes, 54 corners, 72 edges and 9 harbours, corners shared by their hexes", () => {
    const v = F.setup.view as unknown as board.CatanView;
    const g = board.geometry(v);
    expect(g.hexCentre).toHaveLength(19);
    expect(g.node.filter(Boolean)).toHaveLength(54);
    expect(g.edge).toHaveLength(72);
    expect(g.harbour).toHaveLength(9);
    // every edge is one hex side long; a corner touches 1 to 3 land hexes
    for (const e of g.edge) expect(Math.hypot(e.a.x - e.b.x, e.a.y - e.b.y)).toBeCloseTo(board.SIZE, 5);
    for (const hs of g.nodeHexes) expect(hs.length).toBeGreaterThanOrEqual(1);
    expect(Math.max(...g.nodeHexes.map((h) => h.length))).toBe(3);
  });

  it("derives a spot key from each board command", () => {
    expect(board.spotOf({ type: "build_settlement", node: 3 })).toBe("n3");
    expect(board.spotOf({ type: "build_city", node: 3 })).toBe("n3");
    expect(board.spotOf({ type: "build_road", edge: 7 })).toBe("e7");
    expect(board.spotOf({ type: "move_robber", hex: 2, victim: 1 })).toBe("h2");
    expect(board.spotOf({ type: "roll_dice" })).toBeUndefined();
  });
});

describe("catan board", () => {
  it("highlights exactly the legal set-up corners and proposes the tapped one with a preview", () => {
    const { root, proposed, spot, ui } = setup(F.setup.view, F.setup.legal);
    const spots = [...root.querySelectorAll(".target")].map((t) => t.getAttribute("data-spot"));
    expect(new Set(spots)).toEqual(new Set(F.setup.legal.map((c) => `n${c.node as number}`)));
    expect(root.querySelectorAll(".cat-hex")).toHaveLength(19);
    expect(root.querySelectorAll(".cat-harbour")).toHaveLength(9);
    const first = F.setup.legal[0]!;
    const t = spot(`n${first.node as number}`)!;
    // Named as the log names the place: by the hexes around it, never by an internal number.
    expect(t.getAttribute("aria-label")).toMatch(/^Settlement (between|on the coast between|at the [a-z-]+ corner of) the (hills|forest|pasture|fields|mountains|desert)/);
    t.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(proposed).toEqual([first]);
    expect(root.querySelector(".ghost")).not.toBeNull();
    // Tapped again: the choice taken back (a tap must act).
    spot(`n${first.node as number}`)!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(ui.preview).toBeNull();
    expect(root.querySelector(".ghost")).toBeNull();
    expect(root.querySelector(".target.chosen")).toBeNull();
  });

  it("asks whom to rob when a hex has two victims, then proposes that theft", () => {
    const { root, proposed, spot } = setup(F.robber.view, F.robber.legal);
    expect(root.textContent).toContain("= 7");
    spot(`h${F.robber.victim_hex}`)!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(proposed).toEqual([]);
    const buttons = [...root.querySelectorAll<HTMLButtonElement>(".cat-victims button")];
    expect(buttons.map((b) => b.textContent)).toEqual(["Bob", "Cyril"]);
    // The hex tapped again: no one to choose from any more, the hex lit again.
    spot(`h${F.robber.victim_hex}`)!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(root.querySelectorAll(".cat-victims button")).toHaveLength(0);
    spot(`h${F.robber.victim_hex}`)!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const again = [...root.querySelectorAll<HTMLButtonElement>(".cat-victims button")];
    expect(again.map((b) => b.textContent)).toEqual(["Bob", "Cyril"]);
    again[1]!.click();
    expect(proposed).toEqual([{ type: "move_robber", hex: F.robber.victim_hex, victim: 2 }]);
  });

  it("shows my hand but only counts of the others, and no targets when it is not my move", () => {
    const { root } = setup(F.robber.view1, [], 1);
    expect(root.querySelectorAll(".target")).toHaveLength(0);
    expect(root.querySelector(".cat-hand")?.textContent).toContain("1Brick");
    const v = F.robber.view1 as unknown as board.CatanView;
    expect(v.players[0]!.resources).toBeUndefined();
    // the table: Anna's five cards as a count
    const anna = [...root.querySelectorAll(".cat-players tbody tr")][0]!;
    expect([...anna.querySelectorAll("td")].map((td) => td.textContent)[1]).toBe(String(v.players[0]!.resource_count));
  });

  it("offers roll and end turn as buttons, bank trades by give then get", () => {
    const legal: Command[] = [
      { type: "end_turn" },
      { type: "trade_bank", give: "brick", get: "ore" },
      { type: "trade_bank", give: "brick", get: "wool" },
      { type: "roll_dice" },
    ];
    const ui = setup(F.robber.view, legal);
    expect(board.extraCommands(F.robber.view, 0, legal, ui.ui).map((c) => c.type)).toEqual(["roll_dice", "end_turn"]);
    const give = [...ui.root.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.getAttribute("aria-label") === "Give 4× Brick")!;
    give.click();
    const get = [...ui.root.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.getAttribute("aria-label") === "Get Wool")!;
    get.click();
    expect(ui.proposed).toEqual([{ type: "trade_bank", give: "brick", get: "wool" }]);
    expect(board.describe(ui.proposed[0]!, F.robber.view, ui.ui)).toBe("Trade 4× Brick → 1× Wool");
  });

  it("plays development cards: a knight, monopoly by resource, year of plenty in two picks", () => {
    const view = structuredClone(F.robber.view) as unknown as board.CatanView;
    view.players[0]!.development_cards = { knight: 1, victory_point: 1, road_building: 0, year_of_plenty: 1, monopoly: 1 };
    view.players[0]!.new_development_cards = { knight: 0, victory_point: 1, road_building: 0, year_of_plenty: 0, monopoly: 0 };
    const legal: Command[] = [
      { type: "play_knight" },
      ...board.RESOURCES.map((r) => ({ type: "play_monopoly", resource: r })),
      { type: "play_year_of_plenty", resources: ["ore", "ore"] },
      { type: "play_year_of_plenty", resources: ["ore", "wool"] },
      { type: "play_year_of_plenty", resources: ["wool", "ore"] },
    ];
    const { root, proposed } = setup(view as unknown as Json, legal);
    const button = (label: string) => [...root.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.getAttribute("aria-label") === label || b.textContent === label);
    expect(root.textContent).toContain("1× Victory point (1 new)");
    button("Play")!.click();
    expect(proposed.pop()).toEqual({ type: "play_knight" });
    button("Monopoly on Grain")!.click();
    expect(proposed.pop()).toEqual({ type: "play_monopoly", resource: "grain" });
    // year of plenty: only first picks that lead somewhere, then the second among the legal ones
    expect(button("Year of plenty: Brick")).toBeUndefined();
    button("Year of plenty: Ore")!.click();
    expect(proposed).toEqual([]);
    // the first pick is marked (a multi-pick: a tick, pressed, "1 of 2")
    expect(button("Year of plenty: Ore + Ore")!.getAttribute("aria-pressed")).toBe("true");
    expect(root.textContent).toContain("picked_n_of");
    expect(button("Year of plenty: Ore + Grain")).toBeUndefined();
    button("Year of plenty: Ore + Wool")!.click();
    expect(proposed.pop()).toEqual({ type: "play_year_of_plenty", resources: ["ore", "wool"] });
  });

  it("composes an offer card by card", () => {
    const view = structuredClone(F.robber.view) as unknown as board.CatanView;
    view.players[0]!.draft = { give: [1, 0, 0, 0, 0], get: [0, 0, 0, 0, 0] };
    const legal: Command[] = [
      { type: "draft_add", side: "give", resource: "ore" },
      { type: "draft_add", side: "get", resource: "wool" },
      { type: "cancel_draft" },
    ];
    const { root, submitted } = setup(view as unknown as Json, legal);
    root.querySelector<HTMLButtonElement>('button[aria-label="Get +1 Wool"]')!.click();
    expect(submitted.pop()).toEqual({ type: "draft_add", side: "get", resource: "wool" });
    expect(root.textContent).not.toContain("Send the offer"); // not legal yet: nothing asked for
  });

  it("shows the open offer with answers, and offers accept/decline to the others", () => {
    const view = structuredClone(F.robber.view1) as unknown as board.CatanView;
    view.offer = { id: 1, give: [0, 1, 0, 0, 0], get: [1, 0, 0, 0, 0], answers: [null, null, "declined"] };
    const legal: Command[] = [
      { type: "answer_offer", accept: false },
      { type: "answer_offer", accept: true },
    ];
    const { root, proposed } = setup(view as unknown as Json, legal, 1);
    const offer = root.querySelector(".cat-offer")!;
    expect(offer.textContent).toContain("Anna offers");
    expect(offer.textContent).toContain("1× Lumber");
    expect(offer.textContent).toContain("Cyril: declines");
    [...offer.querySelectorAll<HTMLButtonElement>("button")].find((b) => b.textContent === "Accept the offer")!.click();
    expect(proposed.pop()).toEqual({ type: "answer_offer", accept: true });
  });
});

function mainView(): board.CatanView {
  const view = structuredClone(F.robber.view) as unknown as board.CatanView;
  view.phase = "main";
  view.rolled = true;
  view.current = 0;
  view.players[0]!.resources = { brick: 1, lumber: 1, wool: 1, grain: 1, ore: 0 };
  return view;
}
const ID = /\b[a-z]+_[a-z0-9_]+\b|\bhex \d+|\bcorner \d+|\bedge \d+|\bspace \d+|[Pp]layer \d|\bn\d+\b|\be\d+\b|\bh\d+\b/;

describe("catan board on a phone", () => {
  const legal: Command[] = [
    { type: "build_road", edge: 10 },
    { type: "build_road", edge: 11 },
    { type: "build_settlement", node: 20 },
    { type: "buy_development_card" },
    { type: "end_turn" },
  ];

  it("has no dead tap: every target and build button, in every order up to three taps, changes something", () => {
    const fresh = (view: Json, cmds: Command[]) => () => setup(view, cmds);
    expect(deadTaps(fresh(mainView() as unknown as Json, legal), ".target, .cat-build button", 3)).toEqual([]);
    // The robber on the hex of two victims, then whom to rob (every other hex proposes at once).
    const robber = `.target[data-spot="h${F.robber.victim_hex}"], .cat-victims button`;
    expect(deadTaps(fresh(F.robber.view, F.robber.legal), robber, 3)).toEqual([]);
  }, 60_000);

  it("asks what to build first when several kinds are possible, so corners and edges are never lit together", () => {
    const view = mainView();
    const { root, proposed, ui } = setup(view as unknown as Json, legal);
    expect(root.querySelectorAll(".board-svg .target, svg .target")).toHaveLength(0);
    expect(root.textContent).toContain("Pick below what to build");
    const kinds = [...root.querySelectorAll<HTMLButtonElement>(".cat-build button")];
    expect(kinds.map((b) => b.dataset.kind)).toEqual(["road", "settlement", "city"]);
    const city = kinds[2]!;
    expect(city.disabled).toBe(true);
    expect(city.textContent).toContain("too dear"); // says why in a word
    expect(city.getAttribute("title")).toBe("too dear");
    kinds[0]!.click();
    const lit = [...root.querySelectorAll(".target")].map((t) => t.getAttribute("data-spot"));
    expect(lit.sort()).toEqual(["e10", "e11"]);
    expect(root.querySelector('.cat-build button[data-kind="road"]')!.getAttribute("aria-pressed")).toBe("true");
    expect(root.textContent).toContain("Tap a lit edge for your road");
    root.querySelector<SVGGElement>('.target[data-spot="e11"]')!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(proposed).toEqual([{ type: "build_road", edge: 11 }]);
    expect(ui.picker.get("kind")).toBe("road");
    // the other kind: only its corner is lit
    root.querySelector<HTMLButtonElement>('.cat-build button[data-kind="settlement"]')!.click();
    expect([...root.querySelectorAll(".target")].map((t) => t.getAttribute("data-spot"))).toEqual(["n20"]);
  });

  it("shows everyone's points beside the dice, the target too", () => {
    const view = mainView();
    view.players.forEach((p, i) => {
      p.points = i + 2;
      delete p.points_with_hidden;
    });
    view.players[0]!.points_with_hidden = 5; // mine, with my hidden point cards (my view only)
    const { root } = setup(view as unknown as Json, []);
    const score = root.querySelector(".cat-score")!;
    expect(score.textContent).toBe(`5${view.players.slice(1).map((p) => p.points).join("")}/${view.target}`);
    expect(score.getAttribute("aria-label")).toContain("Anna 5, Bob 3");
  });

  it("says why nothing can be built before the roll", () => {
    const view = mainView();
    view.rolled = false;
    const { root } = setup(view as unknown as Json, [{ type: "roll_dice" }]);
    const road = root.querySelector<HTMLButtonElement>('.cat-build button[data-kind="road"]')!;
    expect(road.disabled).toBe(true);
    expect(road.textContent).toContain("roll first");
  });

  it("says why a development card in hand cannot be played now", () => {
    const view = mainView();
    view.players[0]!.development_cards = { knight: 1, victory_point: 1, road_building: 0, year_of_plenty: 0, monopoly: 0 };
    view.players[0]!.new_development_cards = { knight: 1, victory_point: 1, road_building: 0, year_of_plenty: 0, monopoly: 0 };
    const { root } = setup(view as unknown as Json, [{ type: "end_turn" }]);
    const play = root.querySelector<HTMLButtonElement>('button[data-card="knight"]')!;
    expect(play.disabled).toBe(true);
    expect(play.textContent).toBe("Playbought this turn");
    // the point card is never played: no button for it
    expect(root.querySelectorAll('button[aria-label^="Victory"]')).toHaveLength(0);
  });

  it("takes one tap for what undo reverses and the obvious buttons, a confirm for the rest", () => {
    const view = mainView() as unknown as Json;
    const nc = (c: Command, l: Command[] = legal) => board.needsConfirm(c, view, l);
    expect(nc({ type: "roll_dice" })).toBe(false);
    expect(nc({ type: "build_road", edge: 10 })).toBe(false);
    expect(nc({ type: "build_settlement", node: 20 })).toBe(false);
    expect(nc({ type: "build_city", node: 20 })).toBe(false);
    expect(nc({ type: "trade_bank", give: "brick", get: "ore" })).toBe(false);
    expect(nc({ type: "end_turn" })).toBe(true); // other moves remain
    expect(nc({ type: "end_turn" }, [{ type: "end_turn" }])).toBe(false); // nothing else to do
    expect(nc({ type: "buy_development_card" })).toBe(true); // draws
    expect(nc({ type: "move_robber", hex: 3, victim: 1 })).toBe(true); // steals
    expect(nc({ type: "discard", card: "ore" })).toBe(true); // spends for good
    expect(nc({ type: "play_knight" })).toBe(true);
    expect(nc({ type: "answer_offer", accept: true })).toBe(true);
    expect(nc({ type: "answer_offer", accept: false })).toBe(false);
    const setupRoad = { ...(mainView() as object), phase: "setup_road" } as unknown as Json;
    expect(board.needsConfirm({ type: "build_road", edge: 10 }, setupRoad, [])).toBe(true); // the turn passes
  });

  it("rings the place of each marked event", () => {
    const view = mainView();
    const { root, ui, draw } = setup(view as unknown as Json, []);
    ui.marks = [
      { seq: 5, actor: 1, data: { node: 20 }, text: { en: "Bob builds a settlement", cs: "Bob staví vesnici" } },
      { seq: 6, actor: 1, data: { edge: 11 }, text: { en: "Bob builds a road", cs: "Bob staví cestu" } },
      { seq: 7, actor: 1, data: { hex: 4 }, text: { en: "Bob moves the robber", cs: "Bob přesouvá zloděje" } },
      { seq: 8, actor: 1, data: { seat: 1 }, text: { en: "Bob ends the turn", cs: "Bob končí tah" } },
    ];
    draw();
    const marks = [...root.querySelectorAll(".mark")];
    expect(marks.map((m) => m.getAttribute("aria-label"))).toEqual(["Bob builds a settlement", "Bob builds a road", "Bob moves the robber"]);
    const g = board.geometry(view);
    const ring = marks[0]!.querySelector(".mark-ring")!;
    expect(Number(ring.getAttribute("cx"))).toBeCloseTo(g.node[20]!.x, 3);
    expect(Number(marks[2]!.querySelector(".mark-ring")!.getAttribute("cy"))).toBeCloseTo(g.hexCentre[4]!.y, 3);
  });

  it("names every corner, edge and hex without internal ids, in English and Czech", () => {
    const view = mainView();
    for (const lang of ["en", "cs"] as const) {
      const ui = { lang, tr: (en: string, cs: string) => (lang === "cs" ? cs : en), players: [], game } as unknown as BoardUi;
      for (let n = 0; n < 54; n++) expect(board.describe({ type: "build_settlement", node: n }, view as unknown as Json, ui)).not.toMatch(ID);
      for (let e = 0; e < 72; e++) expect(board.describe({ type: "build_road", edge: e }, view as unknown as Json, ui)).not.toMatch(ID);
      for (let h = 0; h < 19; h++) expect(board.describe({ type: "move_robber", hex: h, victim: 1 }, view as unknown as Json, ui)).not.toMatch(ID);
    }
    const cs = { lang: "cs", tr: (_: string, c: string) => c, players: [], game } as unknown as BoardUi;
    const hex = view.board.hexes.find((h) => h.resource === "wool" && h.number === 9);
    if (hex) expect(board.describe({ type: "move_robber", hex: hex.id }, view as unknown as Json, cs)).toMatch(/^Zloděj na pastvinu s devítkou/);
    expect(board.describe({ type: "build_settlement", node: 20 }, view as unknown as Json, cs)).toMatch(/^Vesnice (mezi|na pobřeží mezi|na [a-zá-ž]+ rohu) /);
    expect(board.describe({ type: "build_road", edge: 11 }, view as unknown as Json, cs)).toMatch(/^Cesta (mezi|na [a-zá-ž]+ pobřeží) /);
  });

  it("gives lit targets hit areas a finger can take, none covering another's centre", () => {
    // Every set-up corner lit at once (the densest step): each hit disc 38 units across, and no
    // other lit corner's centre inside it.
    const { root } = setup(F.setup.view, F.setup.legal);
    const discs = [...root.querySelectorAll(".target")].map((t) => t.querySelector("circle")!);
    const pts = discs.map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) }));
    for (const p of pts) expect(2 * p.r).toBeGreaterThanOrEqual(38);
    for (const a of pts) for (const b of pts) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r);
    // Every edge lit (a road step can light many): the same for their hit discs.
    const view = mainView();
    const roads = view.board.edges.map((_, e) => ({ type: "build_road", edge: e }));
    const r2 = setup(view as unknown as Json, roads);
    const edges = [...r2.root.querySelectorAll(".target")].map((t) => t.querySelector("circle")!);
    expect(edges).toHaveLength(72);
    const ep = edges.map((c) => ({ x: Number(c.getAttribute("cx")), y: Number(c.getAttribute("cy")), r: Number(c.getAttribute("r")) }));
    for (const p of ep) expect(2 * p.r).toBeGreaterThanOrEqual(37);
    for (const a of ep) for (const b of ep) if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r);
  });
});

describe("catan discard after a 7: one choice, one Confirm", () => {
  // Seat 0 holds 3 brick, 1 wool, 4 ore (8 cards): half, 4, to discard.
  function discardView(left = 4): board.CatanView {
    const view = structuredClone(F.robber.view) as unknown as board.CatanView;
    const me = view.players[0]!;
    me.resources = { brick: 3, lumber: 0, wool: 1, grain: 0, ore: 4 };
    me.discard_left = left;
    return view;
  }
  const legal: Command[] = [
    { type: "discard", card: "brick" },
    { type: "discard", card: "wool" },
    { type: "discard", card: "ore" },
  ];
  const row = (root: HTMLElement, card: string) => root.querySelector<HTMLLIElement>(`.cat-drow[data-card="${card}"]`)!;
  const plus = (root: HTMLElement, card: string) => row(root, card).querySelectorAll<HTMLButtonElement>("button")[1]!;
  const minus = (root: HTMLElement, card: string) => row(root, card).querySelectorAll<HTMLButtonElement>("button")[0]!;
  const count = (root: HTMLElement, card: string) => Number(row(root, card).querySelector("output")!.textContent);
  const confirm = (root: HTMLElement) => root.querySelector<HTMLButtonElement>(".cat-dgo")!;
  const total = (root: HTMLElement) => root.querySelector(".cat-discard .pick-count")!.textContent;

  it("offers a count per kind held, never more than held of a kind nor more than owed in all", () => {
    const { root, batches } = setup(discardView() as unknown as Json, legal);
    expect([...root.querySelectorAll(".cat-drow")].map((r) => r.getAttribute("data-card"))).toEqual(["brick", "wool", "ore"]);
    expect(root.querySelector(".cat-hand")).toBeNull(); // the rows say what is held
    expect(root.textContent).toContain("Discard 4 cards: choose, then confirm");
    expect(total(root)).toBe("0 of 4 chosen");
    expect(minus(root, "wool").disabled).toBe(true);
    plus(root, "wool").click();
    expect(count(root, "wool")).toBe(1);
    expect(plus(root, "wool").disabled).toBe(true); // only one held
    expect(plus(root, "wool").getAttribute("aria-label")).toBe("One Wool more: no more held");
    plus(root, "wool").click();
    expect(count(root, "wool")).toBe(1);
    for (let i = 0; i < 3; i++) plus(root, "brick").click();
    expect(count(root, "brick")).toBe(3);
    expect(total(root)).toBe("4 of 4 chosen");
    expect(root.querySelector(".cat-discard .pick-count.full")).not.toBeNull();
    expect(plus(root, "ore").disabled).toBe(true); // the four owed are chosen
    expect(plus(root, "ore").title).toBe("enough chosen");
    plus(root, "ore").click();
    expect(count(root, "ore")).toBe(0);
    expect(batches).toEqual([]);
  });

  it("enables Confirm only at the exact total and sends one discard per card in one batch", () => {
    const { root, batches } = setup(discardView() as unknown as Json, legal);
    expect(confirm(root).disabled).toBe(true);
    plus(root, "ore").click();
    plus(root, "ore").click();
    plus(root, "brick").click();
    expect(confirm(root).disabled).toBe(true); // 3 of 4
    plus(root, "ore").click();
    expect(confirm(root).disabled).toBe(false);
    minus(root, "ore").click();
    expect(confirm(root).disabled).toBe(true); // back to 3
    expect(count(root, "ore")).toBe(2);
    plus(root, "wool").click();
    confirm(root).click();
    expect(batches).toEqual([
      [
        { type: "discard", card: "brick" },
        { type: "discard", card: "wool" },
        { type: "discard", card: "ore" },
        { type: "discard", card: "ore" },
      ],
    ]);
  });

  it("keeps the counts over redraws and another seat's discard, and starts over when the legal commands change", () => {
    const { root, ui, draw } = setup(discardView() as unknown as Json, legal);
    ui.picker.sync(legal); // as the match screen does with each new list
    plus(root, "brick").click();
    plus(root, "ore").click();
    draw();
    expect(count(root, "brick")).toBe(1);
    expect(total(root)).toBe("2 of 4 chosen");
    ui.picker.sync(legal.map((c) => ({ ...c }))); // another seat discarded: the same commands
    draw();
    expect(total(root)).toBe("2 of 4 chosen");
    ui.picker.sync(legal.slice(1)); // the brick is gone: the choice starts over
    draw();
    expect(total(root)).toBe("0 of 4 chosen");
  });

  it("asks only for what remains after a reload partway", () => {
    const view = discardView(2);
    view.players[0]!.resources = { brick: 2, lumber: 0, wool: 1, grain: 0, ore: 3 };
    const { root, batches } = setup(view as unknown as Json, legal);
    expect(total(root)).toBe("0 of 2 chosen");
    plus(root, "ore").click();
    plus(root, "ore").click();
    expect(plus(root, "brick").disabled).toBe(true);
    confirm(root).click();
    expect(batches).toEqual([[{ type: "discard", card: "ore" }, { type: "discard", card: "ore" }]]);
  });

  it("reads in Czech, with the right plural", () => {
    const { root } = setup(discardView() as unknown as Json, legal, 0, "cs");
    expect(root.textContent).toContain("Odhoďte 4 karty: vyberte a potvrďte");
    expect(total(root)).toBe("Vybráno 0 z 4");
    plus(root, "ore").click();
    expect(total(root)).toBe("Vybráno 1 z 4");
    expect(row(root, "ore").textContent).toContain("v ruce 4");
    expect(plus(root, "wool").getAttribute("aria-label")).toBe("Vlna: o jednu více");
    expect(confirm(root).textContent).toBe("Potvrdit odhození");
    const five = setup(discardView(5) as unknown as Json, legal, 0, "cs").root;
    expect(five.textContent).toContain("Odhoďte 5 karet");
  });

  it("shows no buttons while the cards go, nor to a player who may not act", () => {
    const busy = setup(discardView(3) as unknown as Json, legal);
    busy.ui.busy = true;
    busy.draw();
    expect(busy.root.querySelector(".cat-drow")).toBeNull();
    expect(busy.root.textContent).toContain("Discarding… 3 cards to go");
    const idle = setup(discardView(1) as unknown as Json, []);
    expect(idle.root.querySelector(".cat-drow")).toBeNull();
    expect(idle.root.textContent).toContain("Still to discard: 1 card");
    const cs = setup(discardView(1) as unknown as Json, [], 0, "cs");
    expect(cs.root.textContent).toContain("Ještě odhodíte 1 kartu");
    cs.ui.busy = true;
    cs.draw();
    expect(cs.root.textContent).toContain("Odhazování… ještě 1 kartu");
  });

  it("counts development cards where a 7 counts them", () => {
    const me = { resources: { brick: 1, lumber: 0, wool: 0, grain: 0, ore: 0 }, development_cards: { knight: 2, victory_point: 0, road_building: 0, year_of_plenty: 0, monopoly: 0 } };
    const legal: Command[] = [
      { type: "discard", card: "brick" },
      { type: "discard", card: "knight" },
    ];
    const rows = board.discardRows(me, legal, { left: 2, cards: { knight: 5, brick: -1 } }, 2);
    expect(rows.map((r) => [r.card, r.held, r.n])).toEqual([
      ["brick", 1, 0],
      ["knight", 2, 2],
    ]);
    expect(board.discardCommands(rows, 2)).toEqual([
      { type: "discard", card: "knight" },
      { type: "discard", card: "knight" },
    ]);
    expect(board.discardCommands(rows, 3)).toEqual([]);
    // Chosen for another number owed (a discard made elsewhere meanwhile): nothing chosen.
    expect(board.discardRows(me, legal, { left: 3, cards: { knight: 2 } }, 2).map((r) => r.n)).toEqual([0, 0]);
  });
});
