// @vitest-environment happy-dom
import { render } from "preact";
import { describe as suite, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import {
  type DView,
  describe,
  extraCommands,
  HIT,
  hitBox,
  MARGIN,
  markPlace,
  needsConfirm,
  placeTargets,
  prompt,
  privateArea,
  render as renderBoard,
  selectedVote,
  tileCells,
  tileChoices,
  toggleVoteCard,
} from "./drunter";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";
import { deadTaps, gameInfo } from "../testing";

const game: GameInfo = gameInfo({ slug: "drunter", name: "Drunter und Drüber", min_players: 2, max_players: 4 });

const VOTE_CARDS = [
  { card: "JAAA", votes: 3, side: "yes" },
  { card: "JAA", votes: 2, side: "yes" },
  { card: "JA", votes: 1, side: "yes" },
  { card: "NEEE", votes: 3, side: "no" },
  { card: "NEE", votes: 2, side: "no" },
  { card: "NE", votes: 1, side: "no" },
  { card: "JEIN", votes: 2, side: "either" },
  { card: "shrug", votes: 0, side: "none" },
];

function baseView(): DView {
  return {
    layout: {
      width: 15,
      height: 15,
      approximate: true,
      routes: [
        { id: "street", kind: "street", corner: [0, 0] },
        { id: "wall_1", kind: "wall", corner: [14, 0] },
        { id: "wall_2", kind: "wall", corner: [0, 14] },
        { id: "river", kind: "river", corner: [14, 14] },
      ],
      buildings: [
        { type: "school", value: 4, cell: [2, 0] },
        { type: "church", value: 1, cell: [5, 5] },
      ],
      outhouses: [[3, 0]],
      vote_cards: VOTE_CARDS as DView["layout"]["vote_cards"],
      goal_cards: [],
    },
    players: 2,
    extended: false,
    goal_deal: "random",
    phase: "place",
    turn: 0,
    active_seats: [0],
    tiles_on_board: [{ seat: 1, route: "river", kind: "river", length: 3, direction: "N", cells: [[14, 13], [14, 12], [14, 11]] }],
    builders: { street: [0, 0], wall_1: [14, 0], wall_2: [0, 14], river: [14, 11] },
    tiles_in_hand: [
      { wall: [1, 0, 0], river: [0, 0, 0], street: [2, 1, 1] },
      { wall: [0, 0, 4], river: [1, 1, 1], street: [0, 0, 0] },
    ],
    vote_cards_count: [8, 8],
    forfeited: [false, false],
    goals_committed: null,
    openings: {
      street: [
        { direction: "E", start: [1, 0], free: 3 },
        { direction: "S", start: [0, 1], free: 3 },
      ],
      wall_1: [{ direction: "W", start: [13, 0], free: 3 }],
      wall_2: [{ direction: "N", start: [0, 13], free: 3 }],
      river: [],
    },
    vote: null,
    result: null,
    you: 0,
    secrets: { vote_cards: VOTE_CARDS.map((c) => c.card), building: "school", score: 4 },
  };
}

const place = (route: string, length: number, direction: string): Command => ({ type: "place_tile", route, length, direction });
const LEGAL: Command[] = [
  place("street", 1, "E"),
  place("street", 2, "E"),
  place("street", 3, "E"),
  place("street", 1, "S"),
  place("street", 2, "S"),
  place("street", 3, "S"),
  place("wall_1", 1, "W"),
  place("wall_2", 1, "N"),
];

function setup(view: DView, legal: Command[], seat: number | null = 0) {
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
  const v = view as unknown as Json;
  const draw = () => render(<div>{renderBoard(v, seat, legal, ui)}{privateArea(v, seat, legal, ui)}</div>, root);
  draw();
  return { root, ui, proposed, submitted, draw };
}

const targets = (root: HTMLElement) => [...root.querySelectorAll(".board-svg .target")].map((t) => t.getAttribute("aria-label"));
const tileButtons = (root: HTMLElement) => [...root.querySelectorAll<HTMLButtonElement>(".dd-tile")];

suite("drunter board: placing a tile", () => {
  it("reads where a tile would lie from the view's openings", () => {
    expect(tileCells(baseView(), "street", "S", 3)).toEqual([[0, 1], [0, 2], [0, 3]]);
    expect(tileCells(baseView(), "river", "N", 1)).toBeNull();
  });

  it("highlights one cell per open side before a tile is chosen, the tile's length after", () => {
    const v = baseView();
    const before = placeTargets(v, LEGAL, new Map());
    expect(before.map((t) => t.where)).toEqual(["street:E", "street:S", "wall_1:W", "wall_2:N"]);
    expect(before.every((t) => t.cells.length === 1)).toBe(true);
    const after = placeTargets(v, LEGAL, new Map([["tile", "street:3"]]));
    expect(after.map((t) => t.where)).toEqual(["street:E", "street:S"]);
    expect(after[0]!.cells).toEqual([[1, 0], [2, 0], [3, 0]]);
    // A wall tile fits either wall.
    expect(placeTargets(v, LEGAL, new Map([["tile", "wall:1"]])).map((t) => t.where)).toEqual(["wall_1:W", "wall_2:N"]);
  });

  it("offers only the hand's tiles that fit the chosen place", () => {
    const v = baseView();
    expect([...tileChoices(v, LEGAL, new Map())].sort()).toEqual(["street:1", "street:2", "street:3", "wall:1"]);
    expect([...tileChoices(v, LEGAL, new Map([["where", "wall_2:N"]]))]).toEqual(["wall:1"]);
  });

  it("goes tile, place, ghost: and proposes exactly that legal command", () => {
    const { root, proposed, draw } = setup(baseView(), LEGAL);
    expect(tileButtons(root).filter((b) => !b.disabled)).toHaveLength(4);
    expect(root.textContent).toContain("Secret building:");
    expect(root.textContent).toContain("School");
    tileButtons(root).find((b) => b.getAttribute("aria-label")?.startsWith("Street 2-square tile"))!.click();
    expect(targets(root)).toHaveLength(2);
    expect(targets(root)[0]).toContain("covers School 4");
    const east = root.querySelector<SVGElement>(".board-svg .target")!;
    east.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(proposed).toEqual([place("street", 2, "E")]);
    draw();
    expect(root.querySelectorAll(".board-svg .ghost")).toHaveLength(1);
  });

  it("takes the only tile that fits a tapped place", () => {
    const { root, proposed } = setup(baseView(), LEGAL);
    const wall = [...root.querySelectorAll<SVGElement>(".board-svg .target")].find((t) => t.getAttribute("aria-label")?.includes("town wall 2"))!;
    wall.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(proposed).toEqual([place("wall_2", 1, "N")]);
  });

  it("takes back a chosen place when it is tapped again (a tap must act)", () => {
    const { root, proposed } = setup(baseView(), LEGAL);
    const tap = () => root.querySelector<SVGElement>(".board-svg .target")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const enabled = () => tileButtons(root).filter((b) => !b.disabled).length;
    tap(); // the street's east end: three street tiles fit it
    expect(proposed).toEqual([]);
    expect(root.querySelectorAll(".board-svg .target.chosen")).toHaveLength(1);
    expect(enabled()).toBe(3);
    tap();
    expect(root.querySelectorAll(".board-svg .target.chosen")).toHaveLength(0);
    expect(enabled()).toBe(4);
  });

  it("has no dead tap: every place and tile, in every order up to three taps, changes something", () => {
    expect(deadTaps(() => setup(baseView(), LEGAL), ".board-svg .target, .dd-tile", 3)).toEqual([]);
  }, 60_000);

  it("says when a tile would cover an outhouse and call a vote", () => {
    const { ui } = setup(baseView(), LEGAL);
    expect(describe(place("street", 3, "E"), baseView() as unknown as Json, ui)).toContain("covers an outhouse: the town votes");
  });

  it("draws no targets and no hand choices when it is not my turn", () => {
    const { root } = setup(baseView(), []);
    expect(targets(root)).toHaveLength(0);
    expect(tileButtons(root).filter((b) => b.tagName === "BUTTON")).toHaveLength(0);
    expect(root.querySelectorAll(".dd-tile-static")).toHaveLength(4); // the hand, shown all the same
    // The town is still there: buildings, outhouse, the tile laid and its placer.
    expect(root.querySelector("[aria-label='School 4']")).not.toBeNull();
    expect(root.querySelector("[aria-label='Outhouse']")).not.toBeNull();
    expect(root.querySelector("[aria-label='River 3-square tile, laid by Bot']")).not.toBeNull();
    // A covered building stays known, marked small on the tile.
    const v = baseView();
    v.tiles_on_board.push({ seat: 0, route: "street", kind: "street", length: 2, direction: "E", cells: [[1, 0], [2, 0]] });
    const covered = setup(v, []).root;
    expect(covered.querySelector("[aria-label='School 4, covered']")).not.toBeNull();
    expect(covered.querySelector("[aria-label='School 4']")).toBeNull();
  });

  it("shows a spectator no private area", () => {
    const v = baseView();
    delete v.you;
    delete v.secrets;
    const { root } = setup(v, [], null);
    expect(root.querySelector(".dd-private")).toBeNull();
  });
});

suite("drunter board: voting", () => {
  const voteView = (): DView => ({
    ...baseView(),
    phase: "vote",
    vote: {
      placer: 1, route: "street", tile: [[3, 0]], order: [1, 0], cast: { "1": 2 }, revealed: false,
      declared: {}, to_declare: [], tally: null,
    },
  });
  const hand = ["JAAA", "JA", "NE", "JEIN", "shrug"];
  const subsets: Command[] = [{ type: "vote", cards: ["shrug"] }];
  const others = hand.filter((c) => c !== "shrug");
  for (let m = 1; m < 1 << others.length; m++) subsets.push({ type: "vote", cards: others.filter((_, i) => m >> i & 1) });

  it("toggles cards into a legal vote; the shrug is played alone", () => {
    const { root, ui, proposed } = setup(voteView(), subsets);
    expect(root.textContent).toContain("2 cards face down");
    // The ballot is in the private area (the phone's dock), the town's line says where to look.
    expect(root.querySelector(".dd-private .dd-ballot")).not.toBeNull();
    expect(root.querySelector(".dd-board .dd-ballot")).toBeNull();
    expect(root.querySelector(".dd-hint")?.textContent).toBe("Outhouse vote: your cards are below.");
    expect(root.querySelector(".dd-ballot")?.textContent).toContain("Bot's tile on an outhouse stays if yes ≥ no.");
    toggleVoteCard(subsets, ui, "JAAA");
    toggleVoteCard(subsets, ui, "JEIN");
    expect(selectedVote(subsets, ui)).toEqual({ type: "vote", cards: ["JAAA", "JEIN"] });
    toggleVoteCard(subsets, ui, "shrug");
    expect(selectedVote(subsets, ui)).toEqual({ type: "vote", cards: ["shrug"] });
    toggleVoteCard(subsets, ui, "NE");
    expect(selectedVote(subsets, ui)).toEqual({ type: "vote", cards: ["NE"] });
    const button = root.querySelector<HTMLButtonElement>(".dd-vote-actions .btn-primary")!;
    expect(button.disabled).toBe(false);
    expect(root.querySelector(".dd-card-btn[aria-pressed=true] .pick-tick")).not.toBeNull(); // marked picked
    button.click();
    expect(proposed).toEqual([{ type: "vote", cards: ["NE"] }]);
  });

  it("offers the JEIN declaration and the goal commitment as buttons", () => {
    const legal: Command[] = [
      { type: "declare_jein", side: "yes" },
      { type: "declare_jein", side: "no" },
    ];
    const { ui } = setup(voteView(), legal);
    expect(extraCommands(voteView() as unknown as Json, 0, legal, ui)).toEqual(legal);
    expect(describe(legal[0]!, voteView() as unknown as Json, ui)).toBe("Declare my JEIN a yes");
  });
});

suite("drunter board: the extended rules", () => {
  it("shows my two goal cards with their scores and offers the commitment", () => {
    const v: DView = {
      ...baseView(),
      extended: true,
      phase: "goals",
      goals_committed: [false, false],
      secrets: { vote_cards: [], goals: ["inn", "all_4s"], goal_scores: [9, 12], chosen_goal: null },
    };
    const legal: Command[] = [
      { type: "choose_goal", card: "inn" },
      { type: "choose_goal", card: "all_4s" },
    ];
    const { root, ui } = setup(v, legal);
    expect(root.textContent).toContain("Inn");
    expect(root.textContent).toContain("Every visible 4");
    expect(extraCommands(v as unknown as Json, 0, legal, ui)).toEqual(legal);
    expect(describe(legal[1]!, v as unknown as Json, ui)).toBe("Commit to goal: Every visible 4 (12 points now)");
  });
});

suite("drunter board: the end", () => {
  it("ranks the final scores with each player's building", () => {
    const v: DView = {
      ...baseView(),
      phase: "over",
      active_seats: [],
      result: { scores: [8, 11], ranks: [2, 1], tiebreak: null, forfeited: [false, false], buildings: ["school", "inn"], votes_left: [3, 0] },
    };
    const { root } = setup(v, []);
    const lines = [...root.querySelectorAll(".dd-result li")].map((li) => li.textContent);
    expect(lines).toEqual(["Bot 11 · Inn", "Anna 8 · School"]);
  });
});

suite("drunter board: on a phone", () => {
  it("gives every place a hit area of HIT units at least, about its centre, inside the town", () => {
    const corner = hitBox([[0, 0]]);
    expect(corner).toEqual({ x: 20 - HIT / 2, y: 20 - HIT / 2, w: HIT, h: HIT });
    expect(corner.x).toBeGreaterThanOrEqual(-MARGIN);
    expect(hitBox([[14, 14]]).x + HIT).toBeLessThanOrEqual(15 * 40 + MARGIN);
    const long = hitBox([[3, 5], [4, 5], [5, 5]]);
    expect(long).toEqual({ x: 120, y: 220 - HIT / 2, w: 120, h: HIT });
    // Neighbouring places, side by side or diagonal: neither's centre lies in the other's area.
    const inside = (b: { x: number; y: number; w: number; h: number }, x: number, y: number) => x > b.x && x < b.x + b.w && y > b.y && y < b.y + b.h;
    expect(inside(hitBox([[6, 5]]), 220, 220)).toBe(false);
    expect(inside(hitBox([[6, 6]]), 220, 220)).toBe(false);
    expect(inside(hitBox([[5, 5]]), 220, 220)).toBe(true);
  });

  it("greys out a tile that does not fit the chosen place and says why", () => {
    const { root } = setup(baseView(), LEGAL);
    const wall = [...root.querySelectorAll<SVGElement>(".board-svg .target")].find((t) => t.getAttribute("aria-label")?.includes("street south"))!;
    wall.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    const off = tileButtons(root).filter((b) => b.disabled);
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((b) => b.querySelector(".pick-why")?.textContent === "not there")).toBe(true);
    expect(off[0]!.getAttribute("aria-label")).toMatch(/^Town wall 1-square tile ×1: not there$/);
  });

  it("asks for Confirm for every move but a vote that is the only one", () => {
    const v = baseView() as unknown as Json;
    expect(needsConfirm(place("street", 1, "E"), v, LEGAL)).toBe(true);
    const shrug: Command = { type: "vote", cards: ["shrug"] };
    expect(needsConfirm(shrug, v, [shrug])).toBe(false);
    expect(needsConfirm(shrug, v, [shrug, { type: "vote", cards: ["JA"] }])).toBe(true);
    expect(needsConfirm({ type: "declare_jein", side: "yes" }, v, [])).toBe(true);
  });

  it("says what to do in one line", () => {
    const { ui } = setup(baseView(), LEGAL);
    expect(prompt(baseView(), LEGAL, ui)).toBe("Pick a tile below, or a lit place.");
    ui.picker.set("tile", "street:1");
    expect(prompt(baseView(), LEGAL, ui)).toBe("Tap where the tile goes.");
    ui.interactive = false;
    expect(prompt(baseView(), LEGAL, ui)).toBeNull();
  });

  it("rings where the marked events happened", () => {
    const v = baseView();
    const placed = { seq: 7, type: "TilePlaced", actor: 1, data: { seat: 1, cells: [[14, 13], [14, 12], [14, 11]] as unknown as Json } };
    expect(markPlace(v, placed)).toEqual({ x: 580, y: 500, r: 66 });
    expect(markPlace(v, { seq: 8, type: "TurnStarted", data: { seat: 0 } })).toBeNull();
    expect(markPlace(v, { seq: 9, type: "BuilderRemoved", data: { route: "river" } })).toEqual({ x: 580, y: 460, r: 26 });
    const { root, ui, draw } = setup(v, []);
    ui.marks = [placed, { seq: 8, type: "TurnStarted", data: { seat: 0 } }];
    draw();
    expect(root.querySelectorAll(".board-svg .mark")).toHaveLength(1);
  });

  it("names things as the glossary does, in Czech too, with no internal id", () => {
    const glossary = {
      routes: { street: { en: "street", cs: "ulice" }, wall_1: { en: "town wall 1", cs: "hradby 1" }, wall_2: { en: "town wall 2", cs: "hradby 2" }, river: { en: "river", cs: "řeka" } },
      tiles: { "street:2": { en: "street 2-square tile", cs: "dvojková placka (ulice)" } },
      buildings: { school: { en: "school", cs: "škola" }, church: { en: "church", cs: "kostel" } },
    };
    const { root, ui, draw } = setup(baseView(), LEGAL);
    ui.game = { ...game, glossary };
    ui.lang = "cs";
    ui.tr = (_en, cs) => cs;
    ui.t = (k) => ({ zoom_in: "Přiblížit", zoom_out: "Oddálit", zoom_reset: "Celé" })[k as string] ?? "?";
    draw();
    const names = [...root.querySelectorAll("[aria-label], [title]")].map((e) => `${e.getAttribute("aria-label") ?? ""} ${e.getAttribute("title") ?? ""}`);
    const text = `${root.textContent ?? ""} ${names.join(" ")}`;
    expect(text).toContain("Dvojková placka (ulice)");
    expect(text).toContain("Škola 4");
    expect(text).toContain("Prodloužit ulici na východ");
    expect(text).not.toMatch(/\b[a-z]+_[a-z0-9_]+\b|[Pp]layer \d/);
    expect(describe(place("street", 2, "E"), baseView() as unknown as Json, ui)).toBe("Prodloužit ulici na východ dvojkovou plackou (zakryje: Škola 4)");
    expect(describe({ type: "some_thing" }, baseView() as unknown as Json, ui)).toBe("Some thing");
  });
});
