// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import type { BoardModule } from "../boards/types";
import type { MatchSocket } from "../socket";
import type { Command, MatchDetail, MatchEvent, SeatInfo } from "../types";
import { MatchCtrl, type MatchDeps } from "./ctrl";
import { matchView } from "./view";
import { gameInfo, matchDetail, seatInfo } from "../testing";

const seat = (index: number, name: string): SeatInfo =>
  seatInfo({ index, kind: index === 0 ? "human" : "bot", user: name, name, to_move: index === 0 });

function detail(status: MatchDetail["status"] = "active"): MatchDetail {
  return matchDetail({
    id: 7, status, version: 4, created_by: "anna", seats: [seat(0, "Anna"), seat(1, "Bot")], seat: 0, view: { n: 4 }, active_seats: [0],
  });
}

const said = (seq: number, actor: number, en: string): MatchEvent => ({ seq, actor, type: "Moved", data: {}, text: { en, cs: en } });

/** A match screen over a board with a hand, two buttons (one sent at once, one previewed). */
async function screen(phone: boolean, log: MatchEvent[], status: MatchDetail["status"] = "active") {
  const sent: Command[] = [];
  const board: BoardModule = {
    render: () => <svg class="board-svg" />,
    privateArea: () => <p class="hand">my hand</p>,
    extraCommands: (_v, _s, legal) => legal,
    describe: (c) => (c.type === "roll" ? "Roll the dice" : "End turn"),
    needsConfirm: (c) => c.type !== "roll",
  };
  const deps: MatchDeps = {
    api: {
      match: async () => detail(status),
      events: async () => ({ version: 4, events: log }),
      legal: async () => ({ version: 4, seat: 0, commands: [{ type: "roll" }, { type: "end_turn" }] }),
      chat: async () => ({ next: null, results: [] }),
      command: async (_id: number, c: Command) => {
        sent.push(c);
        return { version: 5, status: "active", view: { n: 5 }, events: [said(5, 0, "Anna rolled.")], active_seats: [0], legal_commands: [{ type: "end_turn" }] };
      },
    } as unknown as MatchDeps["api"],
    loadBoard: async () => board,
    loadGame: async () => gameInfo({ slug: "race", name: "Race", max_players: 2 }),
    socket: () => ({ known: 0, connect() {}, close() {}, wake() {} }) as unknown as MatchSocket,
    redraw: () => draw(),
  };
  const ctrl = new MatchCtrl(7, deps);
  Object.defineProperty(ctrl, "layout", { value: { width: phone ? "phone" : "desktop", phone } });
  const root = document.createElement("div");
  document.body.appendChild(root);
  const draw = () => render(matchView(ctrl, "Race"), root);
  await ctrl.load();
  draw();
  return { ctrl, root, sent, draw };
}

const button = (root: HTMLElement, text: string) => [...root.querySelectorAll("button")].find((b) => b.textContent?.includes(text))!;

describe("the match screen", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });

  it("puts the hand, the board's buttons, undo and the confirm bar in the phone's dock", async () => {
    const { root } = await screen(true, [said(1, 0, "Anna moved."), said(2, 1, "Bot moved.")]);
    const dock = root.querySelector(".dock")!;
    expect(dock.querySelector(".private")!.textContent).toBe("my hand");
    expect(dock.querySelector(".board-commands")!.textContent).toContain("Roll the dice");
    expect(dock.querySelector(".undo")).not.toBeNull();
    button(root, "End turn").click();
    await new Promise((r) => setTimeout(r, 0));
    expect(dock.querySelector(".confirm-bar")!.textContent).toContain("End turn");
    // Folded: the hand hidden, the buttons still there.
    dock.querySelector<HTMLButtonElement>(".dock-toggle")!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(root.querySelector<HTMLElement>(".dock .private")!.hidden).toBe(true);
    expect(root.querySelector(".dock .board-commands")).not.toBeNull();
  });

  it("leaves the dock out once the match is over: the ending stays in view, the hand under the board", async () => {
    const { root } = await screen(true, [], "finished");
    expect(root.querySelector(".dock")).toBeNull();
    expect(root.querySelector(".match-main > .card.private")!.textContent).toContain("my hand");
  });

  it("keeps the desktop's layout: buttons and hand under the board, no dock", async () => {
    const { root } = await screen(false, []);
    expect(root.querySelector(".dock")).toBeNull();
    expect(root.querySelector(".match-main > .card.private")).not.toBeNull();
    expect(root.querySelector(".match-side .undo")).not.toBeNull();
  });

  it("sends at once a button the board says needs no confirmation", async () => {
    const { root, sent } = await screen(true, []);
    button(root, "Roll the dice").click();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ type: "roll" }]);
    expect(root.querySelector(".confirm-bar")).toBeNull();
  });

  it("says what the others did since the player's last move, until dismissed; a log line tapped is marked", async () => {
    const log = [said(1, 0, "Anna moved."), said(2, 1, "Bot placed a tile."), said(3, 1, "Bot ended the turn.")];
    const { root, ctrl, draw } = await screen(true, log);
    const card = root.querySelector(".since")!;
    const lines = () => [...root.querySelectorAll(".since li")].map((li) => li.textContent);
    // On a phone, one line above the board (the latest), every line on request.
    expect(lines()).toEqual(["Bot ended the turn."]);
    expect(ctrl.marks.map((e) => e.seq)).toEqual([2, 3]);
    const toggle = card.querySelector<HTMLButtonElement>(".since-toggle")!;
    expect(toggle.textContent).toBe("All 2");
    toggle.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(lines()).toEqual(["Bot placed a tile.", "Bot ended the turn."]);
    card.querySelector<HTMLButtonElement>(".since-close")!.click();
    await new Promise((r) => setTimeout(r, 0));
    expect(root.querySelector(".since")).toBeNull();
    const line = [...root.querySelectorAll<HTMLButtonElement>(".log-line")].find((b) => b.textContent === "Anna moved.")!;
    line.click();
    draw();
    expect(ctrl.marks.map((e) => e.seq)).toEqual([1]);
    expect(root.querySelector('.log-line[aria-pressed="true"]')!.textContent).toBe("Anna moved.");
  });
});
