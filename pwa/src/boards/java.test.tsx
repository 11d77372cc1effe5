// @vitest-environment happy-dom
import { render } from "preact";
import { describe as group, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import {
  anchorOf,
  describe,
  eventPlaces,
  extraCommands,
  modeOf,
  moveCost,
  needsConfirm,
  privateArea,
  render as renderBoard,
  rotations,
  shapeOf,
  targetReach,
  tilePreview,
  type JavaCell,
  type JavaView,
} from "./java";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";
import { deadTaps, gameInfo } from "../testing";

/** The glossary's names of the spaces, as games/java/words.py builds them: row r + 1, place
 * q + (r - (r & 1)) / 2 + 1 in the row. */
function placeWords(q: number, r: number): { en: string; cs: string } {
  const n = q + (r - (r & 1)) / 2 + 1;
  const k = r + 1;
  const th = n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th";
  return { en: `the ${n}${th} space of row ${k}`, cs: `${n}. pole v ${k}. řadě` };
}
const places: Record<string, { en: string; cs: string }> = {};
for (const [q, r] of [[2, 2], [3, 2], [3, 1], [2, 1], [1, 2], [1, 3], [2, 3], [2, 4], [3, 3]] as const) places[`${q},${r}`] = placeWords(q, r);
const game: GameInfo = gameInfo({
  slug: "java",
  name: "Java",
  glossary: { places, tiles: { three: { en: "three-space land tile", cs: "trojdílné území" } } },
});

function cell(q: number, r: number, more: Partial<JavaCell> = {}): JavaCell {
  return { q, r, inside: true, edge: null, height: 0, top: "empty", tile: 0, figure: null, ...more };
}

/** A small island: a flower of seven spaces around 2,2 (one rice tile at level 1 on 3,2 with our
 * developer, a village with a palace), and one space beyond the grid. */
function makeView(): JavaView {
  const cells = [
    cell(2, 2),
    cell(3, 2, { height: 1, top: "rice", tile: 1, figure: 0 }),
    cell(3, 1, { height: 1, top: "rice", tile: 1 }),
    cell(2, 1, { height: 2, top: "village", tile: 2 }),
    cell(1, 2, { height: 2, top: "palace", tile: 2, palace: { value: 4, festive: false } }),
    cell(1, 3),
    cell(2, 3, { edge: "lowland" }),
    cell(2, 4, { inside: false, edge: "lowland" }),
  ];
  return {
    players: [
      { seat: 0, score: 3, figures_in_supply: 11, figures_on_board: 1, tokens: 3, two_tiles: 5, rice_tiles: 3, village_tiles: 2, cards: 2, known_cards: {}, hand: { "symbol_A+symbol_B": 1, symbol_C: 1 }, final_scored: false, forfeited: false },
      { seat: 1, score: 5, figures_in_supply: 12, figures_on_board: 0, tokens: 2, two_tiles: 4, rice_tiles: 3, village_tiles: 2, cards: 4, known_cards: { symbol_B: 1 }, final_scored: false, forfeited: false },
    ],
    cells,
    turn: 0,
    phase: "turn",
    action_points: 5,
    token_used: false,
    land_laid: false,
    cards_taken: 0,
    palaces_changed: [],
    open_card: "symbol_A",
    deck: 20,
    discard: [],
    three_tiles_left: 50,
    water_tiles_left: 16,
    palaces_left: { "2": 6, "4": 6, "6": 8, "8": 9, "10": 10 },
    festival: null,
    final_round: false,
    triggered_by: null,
    options: {},
    card_symbols: { symbol_A: ["symbol_A"], symbol_B: ["symbol_B"], symbol_C: ["symbol_C"], "symbol_A+symbol_B": ["symbol_A", "symbol_B"] },
    walks: {
      // Areas: 0 = rice of tile 1, 1 = the village 2,1; -1 elsewhere.
      area: [-1, 0, 0, 1, -1, -1, -1, -1],
      enter: [2, 3],
      figures: [{ cell: [3, 2], costs: [0, 1], exit: 1 }],
    },
    over: false,
  };
}

const three = (village: [number, number], rice: [number, number][]): Command => ({ type: "lay_land", tile: "three", rice, village: [village] });

const legal: Command[] = [
  { type: "use_token" },
  three([2, 2], [[1, 3], [2, 3]]),
  three([2, 2], [[2, 3], [1, 3]].slice(0, 1).concat([[3, 2]]) as [number, number][]),
  three([1, 3], [[2, 3], [2, 4]]),
  { type: "lay_land", tile: "rice", rice: [[2, 2]], village: [] },
  { type: "lay_water", cell: [2, 2] },
  { type: "enter_figure", to: [3, 1] },
  { type: "move_figure", from: [3, 2], to: [3, 1] },
  { type: "move_figure", from: [3, 2], to: [2, 1] },
  { type: "remove_figure", from: [3, 2] },
  { type: "enlarge_palace", cell: [1, 2], value: 6 },
  { type: "enlarge_palace", cell: [1, 2], value: 8 },
  { type: "take_card", source: "open" },
  { type: "take_card", source: "deck" },
];

function setup(view: JavaView = makeView(), moves: Command[] = legal) {
  const root = document.createElement("div");
  document.body.appendChild(root);
  const proposed: Command[] = [];
  const submitted: Command[] = [];
  const ui: BoardUi = {
    lang: "en",
    t: (k) => k.replace(/_/g, " "), // the shell's words, not its keys
    tr: (en) => en,
    game,
    picker: new Picker(),
    preview: null,
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
    busy: false,
    interactive: true,
    redraw: () => draw(),
    marks: [],
    layout: { width: "desktop", phone: false },
  };
  const json = view as unknown as Json;
  const draw = () => render(<div>{renderBoard(json, 0, moves, ui)}{privateArea(json, 0, moves, ui)}</div>, root);
  draw();
  const button = (name: string | RegExp) => {
    const all = [...root.querySelectorAll<HTMLElement>("button, [role=button]")];
    const b = all.find((x) => {
      const label = x.getAttribute("aria-label") ?? x.textContent ?? "";
      return typeof name === "string" ? label.startsWith(name) : name.test(label);
    });
    if (!b) throw new Error(`no button ${String(name)} among ${all.map((x) => x.getAttribute("aria-label") ?? x.textContent).join(" | ")}`);
    return b;
  };
  const targets = () => [...root.querySelectorAll(".board-svg .target")].map((t) => t.getAttribute("aria-label"));
  return { root, ui, proposed, submitted, button, targets, click: (name: string | RegExp) => void button(name).dispatchEvent(new MouseEvent("click", { bubbles: true })) };
}

group("java board steps", () => {
  it("names a command's tray mode, anchor and shape", () => {
    expect(modeOf(legal[1]!)).toBe("tile:three");
    expect(modeOf(legal[6]!)).toBe("figure");
    expect(modeOf(legal[10]!)).toBe("palace");
    expect(anchorOf(legal[1]!)).toBe("2,2");
    expect(anchorOf(legal[4]!)).toBe("2,2");
    expect(shapeOf(legal[1]!)).toBe("1,3 2,2 2,3");
    expect(rotations([legal[1]!, legal[2]!], "2,2", false)).toHaveLength(2);
  });

  it("previews a tile's level and cost, and a move's cost from the engine's walks", () => {
    const view = makeView();
    expect(tilePreview(view, legal[1]!)).toEqual({ level: 1, cost: 1 });
    expect(tilePreview(view, legal[3]!)).toEqual({ level: 1, cost: 2 }); // 2,4 overhangs the grid
    expect(moveCost(view, legal[6]!)).toBe(2);
    expect(moveCost(view, legal[8]!)).toBe(1);
    expect(moveCost(view, legal[9]!)).toBe(1);
    expect(describe(legal[3]!, view as unknown as Json, setup().ui)).toBe("Lay a three-space land tile at level 1, village on the 3rd space of row 4 — 2 AP");
  });
});

group("java board", () => {
  it("offers only the anchors of the chosen tile, then proposes its rotations one by one", () => {
    const { click, targets, proposed, root } = setup();
    expect(targets()).toEqual(["Your developer on the 5th space of row 3"]); // nothing chosen: the developer may move
    click(/^3-tile/);
    expect(targets()).toEqual(["Village on the 4th space of row 3", "Village on the 3rd space of row 4"]);
    click("Village on the 4th space of row 3");
    expect(proposed).toHaveLength(1);
    expect(shapeOf(proposed[0]!)).toBe(rotations([legal[1]!, legal[2]!], "2,2", false)[0]);
    expect(root.querySelector(".java-rotate")?.textContent).toContain("1/2");
    click(/^↻/);
    expect(proposed).toHaveLength(2);
    expect(shapeOf(proposed[1]!)).not.toBe(shapeOf(proposed[0]!));
    // The ghost shows the tile with its level.
    expect(root.querySelectorAll(".board-svg .ghost polygon").length).toBe(3);
  });

  it("moves the previewed tile to another space where it may go", () => {
    const far = three([2, 4], [[2, 3], [3, 3]]);
    const { click, proposed, targets } = setup(makeView(), [legal[1]!, far]);
    click(/^3-tile/);
    click("Village on the 4th space of row 3");
    expect(targets()).toContain("Village on the 5th space of row 5");
    click("Village on the 5th space of row 5");
    expect(proposed.at(-1)).toEqual(far);
  });

  it("on a phone lights only the previewed tile's spaces, and its own space picks another", () => {
    const far = three([2, 4], [[2, 3], [3, 3]]);
    const { click, proposed, targets, ui } = setup(makeView(), [legal[1]!, legal[2]!, far]);
    ui.layout = { width: "phone", phone: true };
    click(/^3-tile/);
    click("Village on the 4th space of row 3");
    expect(proposed).toHaveLength(1);
    expect(targets()).not.toContain("Village on the 5th space of row 5");
    expect(targets()[0]).toBe("Choose another space (now the 4th space of row 3)");
    click("Choose another space");
    expect(targets()).toEqual(["Village on the 4th space of row 3", "Village on the 5th space of row 5"]);
  });

  it("moves a developer with the cost on every target, or takes it off", () => {
    const { click, targets, proposed, root } = setup();
    click("Your developer on the 5th space of row 3");
    expect(targets()).toEqual(["Choose another developer (now the 5th space of row 3)", "Move to the 4th space of row 2 (0 AP)", "Move to the 3rd space of row 2 (1 AP)"]);
    expect([...root.querySelectorAll(".board-svg .target text")].map((t) => t.textContent)).toEqual(["0", "1"]);
    click("Move to the 3rd space of row 2");
    expect(proposed.at(-1)).toEqual({ type: "move_figure", from: [3, 2], to: [2, 1] });
    click(/^Take off the island \(1 AP\)/);
    expect(proposed.at(-1)).toEqual({ type: "remove_figure", from: [3, 2] });
  });

  it("brings a new developer on from the supply", () => {
    const { click, targets, proposed } = setup();
    click(/^Developer/);
    click("New developer");
    expect(targets()).toEqual(["Move to the 4th space of row 2 (2 AP)"]);
    click("Move to the 4th space of row 2");
    expect(proposed.at(-1)).toEqual({ type: "enter_figure", to: [3, 1] });
  });

  it("lights a new developer's destinations at once when none stands on the island", () => {
    const enter: Command[] = [{ type: "enter_figure", to: [3, 1] }, { type: "enter_figure", to: [2, 1] }, { type: "end_turn" }];
    const { click, targets, proposed, root } = setup(makeView(), enter);
    click(/^Developer/);
    expect(targets()).toEqual(["Move to the 4th space of row 2 (2 AP)", "Move to the 3rd space of row 2 (3 AP)"]);
    expect(root.textContent).not.toContain("New developer");
    click("Move to the 3rd space of row 2");
    expect(proposed.at(-1)).toEqual({ type: "enter_figure", to: [2, 1] });
  });

  it("offers another developer only when there is another to choose (a tap must act)", () => {
    const moves: Command[] = [
      { type: "move_figure", from: [3, 2], to: [3, 1] },
      { type: "move_figure", from: [3, 2], to: [2, 1] },
      { type: "end_turn" },
    ];
    const { click, targets } = setup(makeView(), moves);
    click(/^Developer/);
    // The only developer is taken by itself: its destinations lit, nothing that would do nothing.
    expect(targets()).toEqual(["Move to the 4th space of row 2 (0 AP)", "Move to the 3rd space of row 2 (1 AP)"]);
  });

  it("enlarges a palace with a chosen value, and lays water where it may go", () => {
    const { click, targets, proposed } = setup();
    click(/^Palace/);
    expect(targets()).toEqual(["Palace on the 3rd space of row 3"]);
    click("Palace on the 3rd space of row 3");
    click("Palace 8");
    expect(proposed.at(-1)).toEqual({ type: "enlarge_palace", cell: [1, 2], value: 8 });
    click(/^Water/);
    expect(targets()).toEqual(["Water on the 4th space of row 3"]);
    click("Water on the 4th space of row 3");
    expect(proposed.at(-1)).toEqual({ type: "lay_water", cell: [2, 2] });
  });

  it("takes back a chosen palace or destination when it is tapped again (a tap must act)", () => {
    const { click, targets, root, ui } = setup();
    click(/^Palace/);
    click("Palace on the 3rd space of row 3");
    expect(targets()).toEqual(["Choose another space (now the 3rd space of row 3)"]);
    expect(root.textContent).toContain("Palace 8");
    click("Choose another space (now the 3rd space of row 3)");
    expect(targets()).toEqual(["Palace on the 3rd space of row 3"]);
    expect(root.textContent).not.toContain("Palace 8");
    click(/^Developer/);
    click("Your developer on the 5th space of row 3");
    click("Move to the 3rd space of row 2");
    expect(ui.preview).toEqual({ type: "move_figure", from: [3, 2], to: [2, 1] });
    click("Move to the 3rd space of row 2");
    expect(ui.preview).toBeNull();
    expect(root.querySelector(".board-svg .target.chosen")?.getAttribute("aria-label")).toMatch(/^Choose another developer/);
  });

  it("has no dead tap: every target and button, in every order up to three taps, changes something", () => {
    expect(deadTaps(() => setup(), ".board-svg .target, .java-tray button, .java-values button, .java-step button", 3)).toEqual([]);
  }, 60_000);

  it("draws levels, the palace's value and developers in colour and symbol", () => {
    const { root } = setup();
    const texts = [...root.querySelectorAll(".board-svg text")].map((t) => t.textContent);
    expect(texts).toContain("4"); // the palace
    expect(texts.filter((t) => t === "2").length).toBeGreaterThanOrEqual(2); // level 2 spaces
    expect(root.querySelector(".board-svg .token")?.getAttribute("aria-label")).toContain("Anna");
  });

  it("shows my hand only in my area, and cards, token and end of turn as buttons", () => {
    const { root } = setup();
    const mine = root.querySelector(".java-hand")!;
    expect(mine.textContent).toContain("A+B".replace("+", ""));
    expect(mine.querySelectorAll(".java-card.match")).toHaveLength(1); // A+B matches the open A
    const extra = extraCommands(makeView() as unknown as Json, 0, [...legal, { type: "end_turn" }], setup().ui).map((c) => c.type);
    expect(extra).toEqual(["end_turn"]);
    // The cards and the token: small buttons beside the tray, named in full.
    // On a desktop above the board with the tray; on a phone in the dock (the private area).
    const side = [...root.querySelectorAll(".java > .java-row .java-side button")].map((b) => b.getAttribute("title"));
    expect(side).toEqual(["Use an action token (+1 AP)", "Take the open card A — 1 AP", "Take the top card of the deck — 1 AP"]);
    expect(root.querySelector(".java > .java-tray")).not.toBeNull();
    const phone = setup();
    phone.ui.layout = { width: "phone", phone: true };
    phone.ui.redraw();
    expect(phone.root.querySelectorAll(".java-mine .java-side button")).toHaveLength(3);
    expect(phone.root.querySelector(".java-mine .java-tray")).not.toBeNull();
    expect(phone.root.querySelector(".java > .java-tray")).toBeNull();
    const other = makeView();
    expect(privateArea(other as unknown as Json, 1, [], setup().ui)).toBeNull();
  });

  it("shows the festival's bids above the board and offers the bids as buttons", () => {
    const view = makeView();
    view.phase = "festival";
    view.festival = { cell: [1, 2], organiser: 0, bidders: [0, 1], passed: [], bids: { "0": ["symbol_A"], "1": [] }, current: 1, laid_now: 0 };
    const bids: Command[] = [{ type: "bid_card", card: "symbol_A+symbol_B" }, { type: "pass_bid" }];
    const { root, ui, targets } = setup(view, bids);
    const panel = root.querySelector(".java-festival")!;
    expect(panel.textContent).toContain("Festival at the palace 4");
    expect(panel.querySelector("li.now")?.textContent).toContain("Bot");
    // The bidder's panel stands in the dock beside the hand; for the others above the board.
    expect(root.querySelector(".java-mine .java-festival")).not.toBeNull();
    expect(root.querySelector(".java-festival + .panzoom")).toBeNull();
    expect(setup(view, []).root.querySelector(".java-festival + .panzoom")).not.toBeNull();
    expect(targets()).toEqual([]);
    expect(extraCommands(view as unknown as Json, 0, bids, ui)).toEqual([]);
    expect(describe(bids[0]!, view as unknown as Json, ui)).toBe("Lay the card A+B");
    const { proposed, click } = setup(view, bids);
    click("Lay the card A+B");
    click("Pass for good");
    expect(proposed).toEqual(bids);
  });

  it("takes no taps in a replay or for a spectator", () => {
    const view = makeView();
    const { root, targets } = setup(view, []);
    expect(targets()).toEqual([]);
    expect(root.querySelector(".java-tray")).toBeNull();
  });
});

group("java confirm policy, marks and words", () => {
  const view = makeView() as unknown as Json;
  it("sends at once what undo takes back, previews draws, bids and an early end of turn", () => {
    expect(needsConfirm({ type: "lay_land", tile: "rice", rice: [[2, 2]], village: [] }, view, legal)).toBe(false);
    expect(needsConfirm(legal[1]!, view, legal)).toBe(true); // two ways to lie at 2,2: the preview turns it
    expect(needsConfirm(legal[3]!, view, legal)).toBe(false); // one way only
    for (const i of [5, 6, 7, 9, 10]) expect(needsConfirm(legal[i]!, view, legal)).toBe(false);
    expect(needsConfirm({ type: "use_token" }, view, legal)).toBe(false);
    expect(needsConfirm({ type: "take_card", source: "deck" }, view, legal)).toBe(true);
    expect(needsConfirm({ type: "bid_card", card: "symbol_A" }, view, legal)).toBe(true);
    expect(needsConfirm({ type: "hold_festival", cell: [1, 2] }, view, legal)).toBe(true);
    expect(needsConfirm({ type: "end_turn" }, view, [...legal, { type: "end_turn" }])).toBe(true);
    expect(needsConfirm({ type: "end_turn" }, view, [{ type: "use_token" }, { type: "end_turn" }])).toBe(false);
  });

  it("reads where an event happened from its data and rings it on the board", () => {
    expect(eventPlaces({ seq: 1, data: { rice: [[1, 3]], village: [[2, 2]] } })).toEqual(["1,3", "2,2"]);
    expect(eventPlaces({ seq: 2, data: { from: [3, 2], to: [2, 1] } })).toEqual(["2,1"]);
    expect(eventPlaces({ seq: 3, data: { from: [3, 2] } })).toEqual(["3,2"]);
    expect(eventPlaces({ seq: 4, data: { cell: [1, 2], value: 6 } })).toEqual(["1,2"]);
    expect(eventPlaces({ seq: 5, data: { cells: [[2, 2], [2, 3]] } })).toEqual(["2,2", "2,3"]);
    expect(eventPlaces({ seq: 6, data: { source: "deck" } })).toEqual([]);
    const { root, ui } = setup(makeView(), []);
    expect(root.querySelectorAll(".board-svg .mark")).toHaveLength(0);
    ui.marks = [
      { seq: 7, actor: 1, data: { seat: 1, tile: "two", rice: [[1, 3]], village: [[2, 2]] }, text: { en: "Bot lays a tile.", cs: "Bot pokládá území." } },
      { seq: 8, actor: 1, data: { seat: 1, to: [2, 1] }, text: { en: "Bot moves.", cs: "Bot táhne." } },
      { seq: 9, actor: 1, data: { seat: 1, source: "deck" } },
    ];
    ui.redraw();
    const rings = [...root.querySelectorAll(".board-svg .mark")];
    expect(rings.map((r) => r.getAttribute("aria-label"))).toEqual(["Bot lays a tile.", "Bot moves."]);
    expect(rings.map((r) => r.querySelector(".mark-n text")?.textContent)).toEqual(["1", "2"]);
  });

  it("says in a word why a tray item cannot be picked", () => {
    const { root } = setup(makeView(), [legal[1]!, { type: "end_turn" }]);
    const village = root.querySelector<HTMLButtonElement>(".java-tray [data-mode='tile:village']")!;
    expect(village.disabled).toBe(true);
    expect(village.querySelector(".pick-why")?.textContent).toBe("no room");
    const three = root.querySelector<HTMLButtonElement>(".java-tray [data-mode='tile:three']")!;
    expect(three.disabled).toBe(false);
    const none = makeView();
    none.action_points = 0;
    const off = setup(none, [{ type: "end_turn" }]).root.querySelector(".java-tray [data-mode=water] .pick-why");
    expect(off?.textContent).toBe("no AP");
  });

  it("names no internal id on screen, in labels or in titles, in English and Czech", () => {
    for (const lang of ["en", "cs"] as const) {
      const { root, ui, click } = setup();
      ui.lang = lang;
      ui.tr = (en, cs) => (lang === "cs" ? cs : en);
      ui.redraw();
      const seen: string[] = [];
      const look = () => {
        seen.push(root.textContent ?? "");
        for (const el of root.querySelectorAll("[aria-label], [title], title")) {
          seen.push(el.getAttribute("aria-label") ?? "", el.getAttribute("title") ?? "", el.tagName === "title" ? (el.textContent ?? "") : "");
        }
      };
      look();
      click(lang === "cs" ? /^3-díl/ : /^3-tile/);
      look();
      click(lang === "cs" ? /^Vesnice: / : /^Village on /);
      look();
      for (const c of legal) seen.push(describe(c, makeView() as unknown as Json, ui));
      const text = seen.join("\n");
      expect(text).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b/);
      expect(text).not.toMatch(/\b\d+,\d+\b/);
      expect(text).not.toMatch(/\bhex \d+|\bspace \d+|[Pp]layer \d/);
    }
  });

  it("lays the island the same way on every device, for the whole match", () => {
    const { root, ui } = setup();
    const desktop = root.querySelector(".board-svg")!.getAttribute("style");
    ui.layout = { width: "phone", phone: true };
    ui.redraw();
    expect(root.querySelector(".board-svg")!.getAttribute("style")).toEqual(desktop);
    expect(root.querySelector(".java-phone")).not.toBeNull();
  });
});

group("java target reach", () => {
  it("reaches beyond the spaces only when the targets are spread too far to close in on", () => {
    const box = { x: 0, y: 0, width: 330, height: 170 };
    expect(targetReach([], box)).toBe(0);
    expect(targetReach([{ x: 100, y: 80 }, { x: 117, y: 80 }, { x: 109, y: 95 }], box)).toBe(0); // a tile's turns
    expect(targetReach([{ x: 10, y: 10 }, { x: 320, y: 160 }], box)).toBeGreaterThan(0); // across the island
  });
});
