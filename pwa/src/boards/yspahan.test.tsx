// @vitest-environment happy-dom
import { render } from "preact";
import { describe as suite, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";
import {
  describe,
  extraCommands,
  hitHalves,
  hitRect,
  HIT_HALF,
  markPlace,
  needsConfirm,
  kindsFor,
  moveFacts,
  moveTargets,
  pickableRows,
  place,
  privateArea,
  promptCommands,
  render as renderBoard,
  shopTargets,
  stopGroups,
  stopPrices,
  stopsToLight,
  type YView,
} from "./yspahan";
import { deadTaps, gameInfo } from "../testing";

const game: GameInfo = gameInfo({ slug: "yspahan", name: "Yspahan", min_players: 2, max_players: 4 });

function shops(): Json[] {
  const souks: [string, number][] = [
    ["bag_0", 6], ["bag_1", 5], ["bag_2", 3], ["bag_3", 4], ["barrel_0", 2], ["barrel_1", 4], ["barrel_2", 3],
    ["barrel_3", 5], ["chest_0", 3], ["chest_1", 2], ["chest_2", 4], ["vase_0", 1], ["vase_1", 2], ["vase_2", 3],
  ];
  const out: Json[] = [];
  for (const [souk, n] of souks) for (let i = 0; i < n; i++) out.push({ shop: out.length, name: `${souk}#${i}`, souk, owner: -1 });
  return out;
}

function view(over: Partial<YView> = {}): Json {
  const all = shops() as unknown as YView["shops"];
  all[12]!.owner = 1;
  const v: YView = {
    n_players: 2, options: {}, epoch: 1, day: 3, round: 3, first: 0, order: [0, 1], turn: 0, phase: "action", active: [0],
    players: [
      { seat: 0, vp: 4, gold: 3, camels: 2, cards: 2, buildings: ["extra_camel"], out: false },
      { seat: 1, vp: 7, gold: 1, camels: 5, cards: 1, buildings: [], out: false },
    ],
    hand: { "3_gold": 1, gold_to_vp: 1 }, deck_size: 10, discard: [],
    shops: all,
    souks: [
      { souk: "bag_0", quarter: "bag", points: 8, shops: [0, 1, 2, 3, 4, 5] },
      { souk: "bag_2", quarter: "bag", points: 3, shops: [11, 12, 13] },
    ],
    supervisor: 10,
    path: [
      { cell: 10, shops: [], steps: 0 },
      { cell: 9, shops: [12], steps: 1 },
      { cell: 8, shops: [36], steps: 2 },
      { cell: 23, shops: [12, 18], steps: 1 },
    ],
    yours: { dice: [2, 1, 0, 3, 0, 2], free_steps: 0, move_costs: { "1": { "9": 1, "8": 0, "23": 1 } } },
    caravan: { cubes: [1, 0], per_section: 3, capacity: 9, would_score: [1, 1] },
    tower: [
      { row: 0, name: "camels", value: 1, white: 2, yellow: 0, used: false },
      { row: 1, name: "bag", value: 2, white: 1, yellow: 1, used: false },
      { row: 2, name: "barrel", value: 0, white: 0, yellow: 0, used: false },
      { row: 3, name: "chest", value: 4, white: 3, yellow: 0, used: true },
      { row: 4, name: "vase", value: 0, white: 0, yellow: 0, used: false },
      { row: 5, name: "gold", value: 6, white: 2, yellow: 0, used: false },
    ],
    bonus: 0, to_place: 0, inspect: [], inspecting: -1, built_this_turn: false,
    ...over,
  };
  return v as unknown as Json;
}

const legal: Command[] = [
  { type: "play_card", card: "3_gold" },
  { type: "play_card", card: "gold_to_vp", amount: 1 },
  { type: "play_card", card: "gold_to_vp", amount: 2 },
  { type: "discard_for_bonus", card: "3_gold" },
  { type: "take_row", row: 0 },
  { type: "take_row", row: 1 },
  { type: "move_supervisor", row: 1, to: 9 },
  { type: "move_supervisor", row: 1, to: 8 },
  { type: "move_supervisor", row: 1, to: 23 },
  { type: "draw_card", row: 0 },
  { type: "draw_card", row: 1 },
  { type: "build", building: "extra_gold" },
];

function setup(v: Json, cmds: Command[] = legal) {
  const root = document.createElement("div");
  document.body.appendChild(root);
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
    busy: false, interactive: true,
    redraw: () => draw(),
    marks: [],
    layout: { width: "desktop", phone: false },
  };
  const draw = () => render(<div>{renderBoard(v, 0, cmds, ui)}{privateArea(v, 0, cmds, ui)}</div>, root);
  draw();
  const button = (name: RegExp) =>
    [...root.querySelectorAll<Element>("[role=button], button")]
      .filter((b) => name.test(b.getAttribute("aria-label") ?? b.textContent ?? ""))
      .map((b) => ({ click: () => b.dispatchEvent(new MouseEvent("click", { bubbles: true })) }));
  return { root, ui, proposed, submitted, button };
}

suite("narrowing", () => {
  it("offers the rows that legal commands use, and what each row allows", () => {
    expect(pickableRows(legal)).toEqual([0, 1]);
    expect(kindsFor(legal, 1)).toEqual(["take_row", "move_supervisor", "draw_card"]);
    expect(kindsFor(legal, 0)).toEqual(["take_row", "draw_card"]);
    expect(moveTargets(legal, 1)).toEqual([9, 8, 23]);
  });
  it("highlights shops only for cubes, inspections or the souk card once chosen", () => {
    const cmds: Command[] = [{ type: "place_cube", shop: 3 }, { type: "play_card", card: "cube_to_souk", shop: 7 }];
    expect(shopTargets(cmds, undefined).map((t) => t.shop)).toEqual([3]);
    expect(shopTargets(cmds, "cube_to_souk").map((t) => t.shop)).toEqual([3, 7]);
  });
  it("offers rolling, the caravan and ending as plain buttons, and leaves nothing to the shell", () => {
    const cmds: Command[] = [
      { type: "roll", yellow: 0 }, { type: "send_to_caravan", source: "shop" }, { type: "end_turn" },
      { type: "draw_card" }, { type: "draw_card", row: 2 }, { type: "take_row", row: 2 },
    ];
    expect(promptCommands(cmds).map((c) => c.type)).toEqual(["roll", "send_to_caravan", "end_turn", "draw_card"]);
    expect(extraCommands(view(), 0, [...cmds, { type: "new_thing" }], setup(view(), []).ui)).toEqual([{ type: "new_thing" }]);
  });
  it("prices a supervisor stop from the view and names what it inspects", () => {
    const v = view() as unknown as YView;
    expect(moveFacts(v, 1, 9)).toEqual({ steps: 1, value: 2, cost: 1, free: 0, inspects: [12] });
    expect(moveFacts(v, 1, 8)).toEqual({ steps: 2, value: 2, cost: 0, free: 0, inspects: [] });
  });
  it("gives each target a hit area as large as allowed, short of every other target's centre", () => {
    const pts = [{ x: 40, y: 40 }, { x: 66, y: 45 }, { x: 600, y: 380 }];
    const h = hitHalves(pts);
    expect(h[2]).toBeGreaterThan(HIT_HALF * 0.95); // spread over the market: nearly the whole
    expect(h[0]).toBe(25);
    expect(h[1]).toBe(25);
    // no target's hit square reaches another's centre
    pts.forEach((p, i) => pts.forEach((q, j) => {
      if (i !== j) expect(Math.max(Math.abs(p.x - q.x), Math.abs(p.y - q.y))).toBeGreaterThan(h[j]!);
    }));
  });
  it("a hit area at the market's edge is pushed in, never cut, and still covers its shop", () => {
    const r = hitRect(367, 23, HIT_HALF);
    expect(r).toEqual({ x: 367 - HIT_HALF, y: 0, width: 2 * HIT_HALF, height: 2 * HIT_HALF });
    expect(r.y + r.height).toBeGreaterThan(23 + 13); // the drawn shop (26 across) inside
    expect(hitRect(300, 200, 20)).toEqual({ x: 280, y: 180, width: 40, height: 40 });
  });
  it("targets close together get smaller hit areas, so that the view closes in on them", () => {
    const quarter = [{ x: 100, y: 100 }, { x: 160, y: 100 }, { x: 100, y: 160 }, { x: 200, y: 190 }];
    for (const h of hitHalves(quarter)) expect(h).toBeLessThan(HIT_HALF);
    for (const h of hitHalves(quarter)) expect(h).toBeGreaterThanOrEqual(16);
    expect(hitHalves([])).toEqual([]);
  });
  it("groups the supervisor's stops by price, or by steps, only when they stand too close together", () => {
    const base = view() as unknown as YView;
    const v: YView = {
      ...base,
      path: [
        ...base.path!,
        { cell: 24, shops: [], steps: 2 },
        { cell: 25, shops: [], steps: 3 },
      ],
      yours: { dice: [2, 1, 0, 3, 0, 2], free_steps: 0, move_costs: { "1": { "23": 1, "24": 0, "25": 1 } } },
    };
    // 23 and 24 are neighbours (27 units apart): by price, each price's stops apart
    const near: Command[] = [23, 24, 25].map((to) => ({ type: "move_supervisor", row: 1, to }));
    expect(stopGroups(v, near, 1)).toEqual({ by: "cost", values: [0, 1] });
    expect(stopPrices(v, near, 1)).toEqual([0, 1]);
    expect(stopsToLight(v, near, 1, undefined)).toEqual([]);
    expect(stopsToLight(v, near, 1, 0)).toEqual([24]);
    expect(stopsToLight(v, near, 1, 1)).toEqual([23, 25]);
    // free moves (building 3): one price for neighbours; by steps then
    const free: YView = { ...v, yours: { ...v.yours!, free_steps: 3, move_costs: { "1": { "23": 0, "24": 0, "25": 0 } } } };
    expect(stopGroups(free, near, 1)).toEqual({ by: "steps", values: [1, 2, 3] });
    expect(stopsToLight(free, near, 1, 2)).toEqual([24]);
    // apart: lit at once
    expect(stopGroups(v, legal, 1)).toBeNull();
    expect(stopsToLight(v, legal, 1, undefined)).toEqual([9, 8, 23]);
  });
  it("on the market: the price buttons first, then the stops of the price picked", () => {
    const base = view() as unknown as YView;
    const v = {
      ...base,
      path: [...base.path!, { cell: 24, shops: [], steps: 2 }, { cell: 25, shops: [], steps: 3 }],
      yours: { dice: [2, 1, 0, 3, 0, 2], free_steps: 0, move_costs: { "1": { "23": 1, "24": 0, "25": 1 } } },
    } as unknown as Json;
    const near: Command[] = [23, 24, 25].map((to) => ({ type: "move_supervisor", row: 1, to }));
    const { root } = setup(v, near);
    expect(root.querySelectorAll(".ysp-market .target").length).toBe(0);
    expect([...root.querySelectorAll(".ysp-prices button")].map((b) => b.textContent)).toEqual(["Free · 1 stop", "1 gold · 2 stops"]);
    root.querySelector<HTMLButtonElement>(".ysp-prices button[data-cost='1']")!.click();
    expect(root.querySelectorAll(".ysp-market .target").length).toBe(2);
    root.querySelector<HTMLButtonElement>(".ysp-prices button[data-cost='1']")!.click(); // again: un-picked
    expect(root.querySelectorAll(".ysp-market .target").length).toBe(0);
  });
  it("finds where a marked event happened: a shop, the supervisor's stop, nothing for others", () => {
    expect(markPlace({ type: "CubePlaced", data: { seat: 1, shop: 13 } })).toMatchObject({ r: 21 });
    expect(markPlace({ type: "SupervisorMoved", data: { seat: 1, to: 9 } })).toMatchObject({ r: 17 });
    expect(markPlace({ type: "DiceRolled", data: { seat: 1 } })).toBeNull();
    expect(markPlace({ type: "CubePlaced", data: { shop: 99 } })).toBeNull();
  });
  it("draws the market north up, as printed", () => {
    expect(place([418, 187])).toEqual({ x: 406, y: 175 });
  });
});

suite("words", () => {
  const ui = setup(view(), []).ui;
  it("says what each command does", () => {
    expect(describe({ type: "roll", yellow: 2 }, view(), ui)).toBe("Buy 2 yellow dice (2 gold) and roll");
    expect(describe({ type: "take_row", row: 1 }, view(), ui)).toBe("Cubes (1) to Bags");
    expect(describe({ type: "take_row", row: 0 }, view(), ui)).toBe("Take camels (2)");
    expect(describe({ type: "move_supervisor", row: 1, to: 9 }, view(), ui)).toBe("Supervisor to the street space (1 step, dice 2): pays 1 gold; inspects 1 cube");
    expect(describe({ type: "place_cube", shop: 13 }, view(), ui)).toBe("Cube on shop 3 of souk Bags 3 (3 pts)");
    expect(describe({ type: "build", building: "extra_gold", cards: ["build_no_gold"] }, view(), ui)).toBe(
      "Build “+2 gold” for 2 camels with card Build without gold",
    );
    expect(describe({ type: "play_card", card: "camels_to_vp", amount: 3 }, view(), ui)).toBe("Play “Camels → points”: 3 camels → 6 points");
  });
});

suite("taps", () => {
  it("a row, then moving the supervisor: only its stops are targets, a tap previews", () => {
    const { root, proposed, button } = setup(view());
    expect(root.querySelectorAll(".ysp-market .target").length).toBe(0);
    root.querySelector<HTMLButtonElement>("button.ysp-row[data-row='1']")!.click();
    const kinds = [...root.querySelectorAll<HTMLButtonElement>(".ysp-kinds button")].map((b) => b.dataset.kind);
    expect(kinds).toEqual(["take_row", "move_supervisor", "draw_card"]);
    root.querySelector<HTMLButtonElement>(".ysp-kinds button[data-kind=move_supervisor]")!.click();
    const stops = root.querySelectorAll(".ysp-market .target");
    expect(stops.length).toBe(3);
    expect(root.querySelector(".ysp-prices")).toBeNull(); // apart enough: no price to pick first
    button(/^Supervisor to the street space \(1 step/)[0]!.click();
    expect(proposed.at(-1)).toEqual({ type: "move_supervisor", row: 1, to: 9 });
    expect(root.querySelectorAll(".ysp-market .ghost").length).toBeGreaterThan(0);
  });
  it("has no dead tap: every row, kind, price, target and card button, in every order up to three taps, changes something", () => {
    const fresh = (v: Json, cmds: Command[]) => () => setup(v, cmds);
    // The tower's rows and the market, then the cards (apart: together the orders multiply).
    const tappable = ".ysp-market .target, button.ysp-row, .ysp-kinds button";
    expect(deadTaps(fresh(view(), legal), tappable, 3)).toEqual([]);
    expect(deadTaps(fresh(view(), legal), ".ysp-card button", 3)).toEqual([]);
    const cubes: Command[] = [{ type: "place_cube", shop: 0 }, { type: "place_cube", shop: 1 }];
    expect(deadTaps(fresh(view({ phase: "place", to_place: 2 }), cubes), tappable, 3)).toEqual([]);
    // Rows that allow one thing each: the kind is chosen by itself, and its button proposes it.
    const only: Command[] = [{ type: "take_row", row: 0 }, { type: "take_row", row: 1 }];
    expect(deadTaps(fresh(view(), only), tappable, 3)).toEqual([]);
  }, 60_000);
  it("a row for cubes proposes the row action", () => {
    const { root, proposed, button } = setup(view());
    root.querySelector<HTMLButtonElement>("button.ysp-row[data-row='0']")!.click();
    root.querySelector<HTMLButtonElement>(".ysp-kinds button[data-kind=take_row]")!.click();
    expect(proposed.at(-1)).toEqual({ type: "take_row", row: 0 });
  });
  it("placing: the legal shops are targets, with a ghost cube once tapped", () => {
    const cmds: Command[] = [{ type: "place_cube", shop: 0 }, { type: "place_cube", shop: 1 }];
    const { root, proposed, button, ui } = setup(view({ phase: "place", to_place: 2 }), cmds);
    expect(root.querySelectorAll(".ysp-market .target").length).toBe(2);
    button(/^Cube on shop 2 of souk Bags 1/)[0]!.click();
    expect(proposed.at(-1)).toEqual({ type: "place_cube", shop: 1 });
    expect(root.querySelector(".ysp-market .ghost")).not.toBeNull();
    // Tapped again: the choice taken back (a tap must act).
    button(/^Cube on shop 2 of souk Bags 1/)[0]!.click();
    expect(ui.preview).toBeNull();
    expect(root.querySelector(".ysp-market .ghost")).toBeNull();
  });
  it("cards: a card with amounts asks how many, a plain one proposes at once; builds are buttons", () => {
    const { root, proposed } = setup(view());
    const play = [...root.querySelectorAll<HTMLButtonElement>(".ysp-card button")].filter((b) => b.textContent === "Play");
    expect(play.length).toBe(2);
    play[0]!.click();
    expect(proposed.at(-1)).toEqual({ type: "play_card", card: "3_gold" });
    play[1]!.click();
    const amounts = root.querySelectorAll(".ysp-amounts button");
    expect(amounts.length).toBe(2);
    (amounts[1] as HTMLButtonElement).click();
    expect(proposed.at(-1)).toEqual({ type: "play_card", card: "gold_to_vp", amount: 2 });
    const build = [...root.querySelectorAll<HTMLButtonElement>(".ysp-build button")];
    expect(build.map((b) => b.textContent)).toEqual(["Build “+2 gold” for 2 camels + 2 gold"]);
  });
  it("an inspection: the mover taps which shop goes next, the owner answers with buttons", () => {
    const order: Command[] = [{ type: "choose_inspection", shop: 12 }, { type: "choose_inspection", shop: 18 }];
    const a = setup(view({ phase: "inspect", inspect: [12, 18] }), order);
    expect(a.root.querySelectorAll(".ysp-market .target").length).toBe(2);
    a.button(/^Caravan next: the cube on shop 2 of souk Bags 3/)[0]!.click();
    expect(a.proposed.at(-1)).toEqual({ type: "choose_inspection", shop: 12 });
    const send: Command[] = [{ type: "send_to_caravan", source: "shop" }, { type: "send_to_caravan", source: "supply" }];
    const b = setup(view({ phase: "caravan", inspecting: 12 }), send);
    const buttons = [...b.root.querySelectorAll<HTMLButtonElement>(".ysp-plain button")];
    expect(buttons.map((x) => x.dataset.type)).toEqual(["send_to_caravan", "send_to_caravan"]);
    buttons[1]!.click();
    expect(b.proposed.at(-1)).toEqual({ type: "send_to_caravan", source: "supply" });
    const watching = setup(view({ phase: "caravan", inspecting: 12, active: [1] }), []);
    expect(watching.root.textContent).toContain("Bot decides about the inspected cube on shop 2 of souk Bags 3");
  });
  it("shows the caravan's cubes in colour and the deck", () => {
    const { root } = setup(view());
    expect(root.querySelectorAll(".ysp-caravan .ysp-slot svg").length).toBe(2);
    expect(root.querySelectorAll(".ysp-caravan .ysp-slot").length).toBe(9);
    expect(root.textContent).toContain("Cards: 10 in the deck, 0 played");
  });
  it("never shows another player's cards, only their count", () => {
    const { root } = setup(view());
    expect(root.textContent).toContain("3 gold");
    expect(root.querySelectorAll(".ysp-player").length).toBe(2);
  });
  it("a replay's position before the game began draws no board and no error", () => {
    const { root } = setup(null);
    expect(root.textContent).toContain("not begun");
  });
  it("a spectator or a waiting player gets no targets", () => {
    const { root } = setup(view(), []);
    expect(root.querySelectorAll(".target, button.ysp-row").length).toBe(0);
    expect(root.textContent).toContain("waiting for Anna");
  });
});

suite("confirm policy", () => {
  const v = view({ active: [0] });
  it("one tap for what undo takes back and for a plain roll", () => {
    for (const c of [
      { type: "take_row", row: 1 }, { type: "place_cube", shop: 3 }, { type: "play_card", card: "3_gold" },
      { type: "discard_for_bonus", card: "3_gold" }, { type: "build", building: "extra_gold" }, { type: "roll", yellow: 0 },
    ] as Command[])
      expect(needsConfirm(c, v, legal), c.type).toBe(false);
  });
  it("a preview for buying dice, drawing, the caravan, and ending while moves remain", () => {
    expect(needsConfirm({ type: "roll", yellow: 1 }, v, legal)).toBe(true);
    expect(needsConfirm({ type: "draw_card", row: 0 }, v, legal)).toBe(true);
    expect(needsConfirm({ type: "send_to_caravan", source: "shop" }, v, legal)).toBe(true);
    expect(needsConfirm({ type: "choose_inspection", shop: 12 }, v, legal)).toBe(true);
    expect(needsConfirm({ type: "end_turn" }, v, [{ type: "end_turn" }, { type: "build", building: "extra_gold" }])).toBe(true);
    expect(needsConfirm({ type: "end_turn" }, v, [{ type: "end_turn" }])).toBe(false);
  });
  it("the supervisor: one tap unless it inspects a cube (its way to the caravan is for good)", () => {
    // cell 9 faces shop 12, the bot's cube; cell 8 faces shop 36, empty
    expect(needsConfirm({ type: "move_supervisor", row: 1, to: 9 }, v, legal)).toBe(true);
    expect(needsConfirm({ type: "move_supervisor", row: 1, to: 8 }, v, legal)).toBe(false);
    // beside the mover's own cube: previewed too (with no camel it goes to the caravan at once)
    expect(needsConfirm({ type: "move_supervisor", row: 1, to: 9 }, view({ active: [1] }), legal)).toBe(true);
  });
});

suite("the game's names and the phone", () => {
  const glossary = {
    shops: { "13": { en: "3-point Bags souk, the shop beside the 1st space from the centre between Bags and Chests", cs: "bazar za 3 body v sektoru pytlů, stánek vedle 1. pole od středu mezi pytli a truhlami" } },
    spaces: { "9": { en: "1st space from the centre between Bags and Chests", cs: "1. pole od středu mezi pytli a truhlami" }, "10": { en: "central crossing", cs: "křižovatka uprostřed" } },
    cards: { camels_to_vp: { en: "Camels for points", cs: "Velbloudi za body" } },
    buildings: { extra_gold: { en: "building 2 (+2 gold)", cs: "budova 2 (+2 peníze)" } },
  };
  const named = (lang: "en" | "cs") => {
    const s = setup(view());
    s.ui.game = { ...game, glossary };
    s.ui.lang = lang;
    s.ui.tr = (en, cs) => (lang === "cs" ? cs : en);
    return s.ui;
  };
  it("names shops, spaces, cards and buildings as the log does, in both languages", () => {
    const en = named("en");
    expect(describe({ type: "place_cube", shop: 13 }, view(), en)).toBe(
      "Cube on 3-point Bags souk, the shop beside the 1st space from the centre between Bags and Chests",
    );
    expect(describe({ type: "move_supervisor", row: 1, to: 9 }, view(), en)).toBe(
      "Supervisor to the 1st space from the centre between Bags and Chests (1 step, dice 2): pays 1 gold; inspects 1 cube",
    );
    expect(describe({ type: "build", building: "extra_gold" }, view(), en)).toBe("Build “building 2 (+2 gold)” for 2 camels + 2 gold");
    expect(describe({ type: "play_card", card: "camels_to_vp", amount: 1 }, view(), en)).toBe("Play “Camels for points”: 1 camels → 2 points");
    const cs = named("cs");
    expect(describe({ type: "place_cube", shop: 13 }, view(), cs)).toBe(
      "Kostička na bazar za 3 body v sektoru pytlů, stánek vedle 1. pole od středu mezi pytli a truhlami",
    );
    expect(describe({ type: "move_supervisor", row: 1, to: 9 }, view(), cs)).toBe(
      "Dozorce → 1. pole od středu mezi pytli a truhlami (o 1 pole, kostky 2): zaplatí 1 peníz; kontroluje 1 kostičku",
    );
  });
  it("no internal id on the board or in its names, in either language", () => {
    for (const lang of ["en", "cs"] as const) {
      const { root, ui } = setup(view());
      ui.game = { ...game, glossary };
      ui.lang = lang;
      ui.tr = (en, cs) => (lang === "cs" ? cs : en);
      ui.t = () => "zoom"; // the shell's strings are the shell's
      ui.redraw();
      root.querySelector<HTMLButtonElement>("button.ysp-row[data-row='1']")!.click();
      root.querySelector<HTMLButtonElement>(".ysp-kinds button[data-kind=move_supervisor]")!.click();
      const names = [...root.querySelectorAll("[aria-label], [title]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`);
      const text = `${root.textContent} ${names.join(" ")}`;
      expect(text).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b|\bhex \d+|\bspace \d+|\bstreet \d+|[Pp]layer \d/);
    }
  });
  it("on a phone: the market under one line of words, the tower and the step's buttons in the dock", () => {
    const { root, ui } = setup(view());
    ui.layout = { width: "phone", phone: true };
    ui.redraw();
    const order = [...root.querySelector(".ysp-phone")!.children].map((e) => e.className.split(" ")[0]);
    expect(order).toEqual(["ysp-prompt", "panzoom", "ysp-caravan", "ysp-players"]);
    const dock = root.querySelector(".ysp-phone-hand")!;
    expect(dock.querySelectorAll(".ysp-tower .ysp-sum").length).toBe(6);
    dock.querySelector<HTMLButtonElement>("button.ysp-row[data-row='1']")!.click();
    expect([...root.querySelectorAll<HTMLButtonElement>(".ysp-phone-hand .ysp-kinds button")].map((b) => b.dataset.kind)).toEqual([
      "take_row", "move_supervisor", "draw_card",
    ]);
    expect(root.querySelector(".ysp-phone .ysp-kinds")).toBeNull();
  });
  it("every target has a hit area at least 60 units across where the targets are apart", () => {
    const cmds: Command[] = [{ type: "place_cube", shop: 4 }, { type: "place_cube", shop: 21 }];
    const { root } = setup(view({ phase: "place", to_place: 2 }), cmds);
    const hits = [...root.querySelectorAll(".ysp-market .target rect.hit")];
    expect(hits.length).toBe(2);
    for (const h of hits) expect(Math.min(Number(h.getAttribute("width")), Number(h.getAttribute("height")))).toBeGreaterThanOrEqual(2 * HIT_HALF - 6);
  });
  it("rings where the marked events happened, in the actor's colour, numbered", () => {
    const { root, ui } = setup(view(), []);
    ui.marks = [
      { seq: 5, type: "SupervisorMoved", actor: 1, data: { seat: 1, row: 1, to: 9 }, text: { en: "Bot moved the supervisor", cs: "Bot posunul dozorce" } },
      { seq: 6, type: "CubePlaced", actor: 1, data: { seat: 1, shop: 13 }, text: { en: "Bot placed a cube", cs: "Bot položil kostičku" } },
      { seq: 7, type: "TurnEnded", actor: 1, data: { seat: 1 } },
    ];
    ui.redraw();
    const rings = root.querySelectorAll(".ysp-market .mark");
    expect(rings.length).toBe(2);
    expect(rings[1]!.getAttribute("aria-label")).toBe("Bot placed a cube");
    expect(root.querySelector(".ysp-market .mark-n text")!.textContent).toBe("1");
    expect(root.querySelectorAll(".ysp-row.marked").length).toBe(1);
  });
  it("says in a word why a card or a building cannot be picked now", () => {
    const { root } = setup(view(), [{ type: "play_card", card: "3_gold" }, { type: "end_turn" }]);
    expect(root.querySelector(".ysp-card .ysp-why")!.textContent).toBe("not now");
    const list = root.querySelector(".ysp-bldg-list")!.textContent!;
    expect(list).toContain("built");
    expect(list).toContain("too dear");
  });
});
