// @vitest-environment happy-dom
import { render } from "preact";
import { describe, expect, it } from "vitest";
import type { Command, GameInfo, Json } from "../types";
import { privateArea, render as renderBoard, genericSteps } from "./generic";
import { Picker } from "./toolkit/picker";
import type { BoardUi } from "./types";
import { gameInfo } from "../testing";

const game: GameInfo = gameInfo({
  slug: "x", name: "X", min_players: 2, max_players: 2,
  commands: [
    { type: "place_tile", description: "Place a tile from behind your screen.", fields: [
      { name: "tile", kind: "str", description: "which tile", required: true },
      { name: "hex", kind: "int", description: "where", required: true },
    ] },
    { type: "end_turn", description: "End your turn.", fields: [] },
  ],
});
const legal: Command[] = [
  { type: "place_tile", tile: "samurai2", hex: 12 },
  { type: "place_tile", tile: "samurai2", hex: 13 },
  { type: "place_tile", tile: "ship1", hex: 40 },
  { type: "end_turn" },
];

function setup(view: Json) {
  const root = document.createElement("div");
  const proposed: Command[] = [];
  const ui: BoardUi = {
    lang: "en", t: (k) => k, tr: (en) => en, game, picker: new Picker(), preview: null,
    players: [
      { seat: 0, name: "Anna", colour: "#0072B2", ink: "#004f7c", symbol: "circle", me: true, active: true },
      { seat: 1, name: "Bot", colour: "#D55E00", ink: "#8f3f00", symbol: "square", me: false, active: false },
    ],
    propose: (c) => proposed.push(c), submit: () => undefined, submitAll: () => undefined, cancel: () => draw(), busy: false, interactive: true,
    redraw: () => draw(),
    marks: [],
    layout: { width: "desktop", phone: false },
  };
  const draw = () => render(<div>{renderBoard(view, 0, legal, ui)}{privateArea(view, 0, legal, ui)}</div>, root);
  draw();
  const click = (text: string) => {
    const b = [...root.querySelectorAll("button")].find((x) => x.textContent?.includes(text));
    if (!b) throw new Error(`no button ${text} in ${root.textContent}`);
    b.click();
  };
  return { root, click, proposed };
}

describe("generic board", () => {
  it("asks for the kind of move, then each field, offering only what is still legal", () => {
    const { root, click, proposed } = setup({ phase: "play" });
    expect(root.textContent).toContain("Place tile");
    expect(root.textContent).toContain("Place a tile from behind your screen.");
    click("Place tile");
    expect([...root.querySelectorAll(".step .choice")].map((b) => b.textContent)).toEqual(["samurai2", "ship1"]);
    click("samurai2");
    expect([...root.querySelectorAll(".step .choice")].map((b) => b.textContent)).toEqual(["12", "13"]);
    click("13");
    expect(proposed).toEqual([{ type: "place_tile", tile: "samurai2", hex: 13 }]);
  });

  it("proposes a move without fields at once, and a single remaining choice by itself", () => {
    const { click, proposed } = setup({});
    click("End turn");
    expect(proposed).toEqual([{ type: "end_turn" }]);
    const second = setup({});
    second.click("Place tile");
    second.click("ship1");
    expect(second.proposed).toEqual([{ type: "place_tile", tile: "ship1", hex: 40 }]);
  });

  it("shows the view as panels with players by name and the private part apart", () => {
    const { root } = setup({ current: 1, phase: "setup_settlement", hand: { tiles: ["ship1"] }, players: [{ seat: 0, score: 3 }, { seat: 1, score: 5 }] });
    const text = root.textContent ?? "";
    expect(text).toContain("Setup settlement");
    expect(text).toContain("Bot");
    const panels = root.querySelectorAll(".panels");
    expect(panels).toHaveLength(2);
    expect(panels[0]!.textContent).not.toContain("Tiles");
    expect(panels[1]!.textContent).toContain("ship1");
  });

  it("builds its steps from the schema's field order", () => {
    expect(genericSteps(legal, "place_tile", game.commands[0]).map((s) => s.key)).toEqual(["type", "tile", "hex"]);
    expect(genericSteps(legal, undefined).map((s) => s.key)).toEqual(["type"]);
  });
});
