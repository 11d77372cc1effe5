import { describe, expect, it } from "vitest";
import type { BoardModule } from "../boards/types";
import type { MatchSocket, SocketHandlers } from "../socket";
import type { Command, CommandResult, MatchDetail } from "../types";
import { ApiError } from "../api";
import { MatchCtrl, type MatchDeps } from "./ctrl";
import { commandResult, gameInfo, matchDetail } from "../testing";

function detail(over: Partial<MatchDetail> = {}): MatchDetail {
  return matchDetail({ id: 7, version: 3, created_by: "me", seat: 0, view: { n: 3 }, active_seats: [0], ...over });
}

function harness(api: Partial<MatchDeps["api"]>) {
  let handlers: SocketHandlers | null = null;
  const fakeSocket = { known: 0, connect() {}, close() {}, wake() {} } as unknown as MatchSocket;
  const deps: MatchDeps = {
    api: {
      match: async () => detail(),
      events: async () => ({ version: 3, events: [{ seq: 1 }, { seq: 2 }, { seq: 3 }] }),
      legal: async () => ({ version: 3, seat: 0, commands: [{ type: "add", amount: 1 }, { type: "add", amount: 2 }] }),
      chat: async () => ({ next: null, results: [] }),
      ...api,
    } as MatchDeps["api"],
    loadBoard: async () => ({ render: () => null }) as BoardModule,
    loadGame: async () => gameInfo({ slug: "race", name: "Race", max_players: 3 }),
    socket: (_id, h) => {
      handlers = h;
      return fakeSocket;
    },
    redraw: () => undefined,
  };
  return { ctrl: new MatchCtrl(7, deps), handlers: () => handlers!, socket: fakeSocket };
}

describe("match controller", () => {
  it("shows a chat message once, from the socket or the post's answer, and rereads chat on reconnect", async () => {
    const message = { id: 5, user: "bob", name: "Bob", text: "hi", at: "" };
    let chatReads = 0;
    const { ctrl, handlers } = harness({
      chat: async () => {
        chatReads++;
        return { next: null, results: chatReads > 1 ? [message] : [] };
      },
      say: async () => ({ ...message, id: 6, user: "me", text: "hello" }),
      legal: async () => ({ version: legalVersion, seat: 0, commands: [{ type: "add", amount: 1 }] }),
    });
    let legalVersion = 3;
    await ctrl.load();
    const reads = chatReads;
    handlers().chat!(message);
    handlers().chat!(message);
    expect(ctrl.chat.map((m) => m.id)).toEqual([5]);
    handlers().chat!({ ...message, id: 6, user: "me", text: "hello" }); // our own, live first
    await ctrl.say("hello");
    expect(ctrl.chat.map((m) => m.id)).toEqual([5, 6]);
    // A move does not reread the chat; a socket that opens again does.
    legalVersion = 4;
    handlers().events({ after: 3, events: [{ seq: 4 }], view: { n: 4 }, status: "active", active_seats: [0], outcome: null }, 4);
    expect(chatReads).toBe(reads);
    handlers().hello(detail({ version: 4 }), 4);
    await Promise.resolve();
    expect(chatReads).toBe(reads + 1);
  });

  it("loads the match, its log and this seat's legal commands, then listens", async () => {
    const { ctrl, socket } = harness({});
    await ctrl.load();
    expect(ctrl.myTurn).toBe(true);
    expect(ctrl.legal).toHaveLength(2);
    expect(ctrl.logVersion).toBe(3);
    expect(socket.known).toBe(3);
  });

  it("takes the view and legal commands from a command's answer: one request per move", async () => {
    let legalCalls = 0;
    const answer: CommandResult = commandResult({
      version: 4, view: { n: 4 }, active_seats: [0],
      events: [{ seq: 4, type: "Added", actor: 0, data: { seat: 0, amount: 1 } }],
      legal_commands: [{ type: "end_turn" }],
    });
    const sent: unknown[] = [];
    const { ctrl } = harness({
      legal: async () => {
        legalCalls++;
        return { version: 3, seat: 0, commands: [{ type: "add", amount: 1 }] };
      },
      command: async (_id: number, c: Command, cid: string, v?: number) => {
        sent.push([c, cid, v]);
        return answer;
      },
    });
    await ctrl.load();
    ctrl.propose({ type: "add", amount: 1 }, "add 1");
    await ctrl.confirm();
    expect(sent).toHaveLength(1);
    expect((sent[0] as unknown[])[2]).toBe(3); // expected_version
    expect(ctrl.detail?.view).toEqual({ n: 4 });
    expect(ctrl.legal).toEqual([{ type: "end_turn" }]);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(ctrl.preview).toBeNull();
    expect(legalCalls).toBe(1); // only the first load asked
  });

  it("explains a refusal in words, the game's rule included, and keeps the preview for another try", async () => {
    const { ctrl } = harness({
      command: async () => {
        throw new ApiError(422, "ship_on_land", "Ships may only be placed on sea spaces.");
      },
    });
    await ctrl.load();
    ctrl.propose({ type: "add", amount: 2 });
    await ctrl.confirm();
    expect(ctrl.refusal).toEqual({
      code: "ship_on_land",
      message: "The rules do not allow this move now. (Ships may only be placed on sea spaces.)",
    });
    expect(ctrl.busy).toBe(false);
  });

  it("retries a command lost on the way with the same id, so it is applied once", async () => {
    const ids: string[] = [];
    const { ctrl } = harness({
      command: async (_id: number, _c: Command, cid: string) => {
        ids.push(cid);
        if (ids.length === 1) throw new ApiError(0, "offline", "No connection to the server.");
        return commandResult({ version: 4, status: "active", view: {}, events: [], active_seats: [1], legal_commands: [] });
      },
    });
    await ctrl.load();
    await ctrl.submit({ type: "add", amount: 1 });
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(ctrl.myTurn).toBe(false);
  });

  it("appends live events once, drops a preview no longer legal, and follows the turn", async () => {
    const { ctrl, handlers } = harness({});
    await ctrl.load();
    ctrl.propose({ type: "add", amount: 2 });
    handlers().events({ after: 3, events: [{ seq: 3 }, { seq: 4, type: "TurnEnded", actor: 0 }], view: { n: 5 }, status: "active", active_seats: [1], outcome: null }, 4);
    await Promise.resolve();
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(ctrl.myTurn).toBe(false);
    expect(ctrl.legal).toEqual([]);
    expect(ctrl.preview).toBeNull();
  });
});

describe("match controller races", () => {
  it("keeps the newer state when the socket overtook a command's answer", async () => {
    let release: (r: CommandResult) => void = () => undefined;
    const { ctrl, handlers } = harness({
      command: () => new Promise<CommandResult>((r) => (release = r)),
      legal: async () => ({ version: 5, seat: 0, commands: [{ type: "add", amount: 3 }] }),
    });
    await ctrl.load();
    const sent = ctrl.submit({ type: "add", amount: 1 });
    // Our move (4) and the bot's answer (5) arrive over the socket before the HTTP answer.
    handlers().events({ after: 3, events: [{ seq: 4, actor: 0 }], view: { n: 4 }, status: "active", active_seats: [1], outcome: null }, 4);
    handlers().events({ after: 4, events: [{ seq: 5, actor: 1 }], view: { n: 5 }, status: "active", active_seats: [0], outcome: null }, 5);
    await new Promise((r) => setTimeout(r, 0));
    release(commandResult({ version: 4, view: { n: 4 }, events: [{ seq: 4, actor: 0 }], active_seats: [1] }));
    await sent;
    expect(ctrl.detail?.version).toBe(5);
    expect(ctrl.detail?.view).toEqual({ n: 5 });
    expect(ctrl.myTurn).toBe(true);
    expect(ctrl.legal).toEqual([{ type: "add", amount: 3 }]);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("several commands in a row (submitAll)", () => {
  /** A server that takes `add` commands one at a time and answers each at the next version. */
  function server(refuse?: (c: Command, n: number) => ApiError | null) {
    let version = 3;
    const sent: { command: Command; expected: number | undefined; busy: boolean }[] = [];
    const state = { ctrl: null as MatchCtrl | null };
    const api = {
      command: async (_id: number, command: Command, _cid: string, expected?: number) => {
        sent.push({ command, expected, busy: state.ctrl!.busy });
        const no = refuse?.(command, sent.length);
        if (no) throw no;
        version += 1;
        return commandResult({
          version,
          view: { n: version },
          active_seats: [0],
          events: [{ seq: version, type: "Added", actor: 0, data: { amount: command.amount as number } }],
          legal_commands: [{ type: "add", amount: 1 }],
        });
      },
    };
    return { api, sent, state };
  }

  it("sends them in order, each after the previous answer, busy all along, the first with the version seen", async () => {
    const s = server();
    const { ctrl } = harness(s.api);
    s.state.ctrl = ctrl;
    await ctrl.load();
    ctrl.picker.set("discard", { ore: 3 });
    const cmds = [1, 2, 3].map((amount) => ({ type: "add", amount }));
    const going = ctrl.submitAll(cmds);
    expect(ctrl.busy).toBe(true);
    await going;
    expect(s.sent.map((x) => x.command)).toEqual(cmds);
    expect(s.sent.map((x) => x.busy)).toEqual([true, true, true]);
    expect(s.sent.map((x) => x.expected)).toEqual([3, undefined, undefined]);
    expect(ctrl.busy).toBe(false);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ctrl.detail?.version).toBe(6);
    expect(ctrl.refusal).toBeNull();
    expect(ctrl.picker.has("discard")).toBe(false);
  });

  it("takes no new command while the row is on its way", async () => {
    const s = server();
    const { ctrl } = harness(s.api);
    s.state.ctrl = ctrl;
    await ctrl.load();
    const going = ctrl.submitAll([{ type: "add", amount: 1 }, { type: "add", amount: 2 }]);
    await ctrl.submit({ type: "add", amount: 9 });
    await ctrl.submitAll([{ type: "add", amount: 8 }]);
    await going;
    expect(s.sent.map((x) => x.command.amount)).toEqual([1, 2]);
  });

  it("stops at the first refusal and shows it; what went before stays done", async () => {
    const s = server((_c, n) => (n === 2 ? new ApiError(422, "no_card", "You have no such card.") : null));
    const { ctrl } = harness(s.api);
    s.state.ctrl = ctrl;
    await ctrl.load();
    await ctrl.submitAll([1, 2, 3, 4].map((amount) => ({ type: "add", amount })));
    expect(s.sent.map((x) => x.command.amount)).toEqual([1, 2]); // the third and fourth never went
    expect(ctrl.refusal?.code).toBe("no_card");
    expect(ctrl.refusal?.message).toContain("You have no such card.");
    expect(ctrl.busy).toBe(false);
    expect(ctrl.detail?.version).toBe(4);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
  });

  it("keeps the log whole when the socket brings the events meanwhile, another seat's move included", async () => {
    let release: (r: CommandResult) => void = () => undefined;
    const answers: CommandResult[] = [];
    let calls = 0;
    const { ctrl, handlers, socket } = harness({
      command: () =>
        new Promise<CommandResult>((r) => {
          calls++;
          release = r;
        }),
    });
    await ctrl.load();
    const going = ctrl.submitAll([
      { type: "add", amount: 1 },
      { type: "add", amount: 2 },
    ]);
    const tick = () => new Promise((r) => setTimeout(r, 0));
    await tick();
    expect(calls).toBe(1); // the second waits for the first's answer
    // Our first move (4) comes over the socket before its answer.
    handlers().events({ after: 3, events: [{ seq: 4, actor: 0 }], view: { n: 4 }, status: "active", active_seats: [0], outcome: null }, 4);
    answers.push(commandResult({ version: 4, view: { n: 4 }, events: [{ seq: 4, actor: 0 }], active_seats: [0], legal_commands: [{ type: "add", amount: 2 }] }));
    release(answers[0]!);
    await tick();
    expect(calls).toBe(2);
    // Another seat moves (5) before our second command (6); its answer arrives first.
    release(commandResult({ version: 6, view: { n: 6 }, events: [{ seq: 6, actor: 0 }], active_seats: [0], legal_commands: [] }));
    await going;
    expect(ctrl.detail?.version).toBe(6);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4]); // no gap: 5 and 6 come by the socket
    expect(socket.known).toBe(4);
    handlers().events({ after: 4, events: [{ seq: 5, actor: 1 }, { seq: 6, actor: 0 }], view: { n: 6 }, status: "active", active_seats: [0], outcome: null }, 6);
    expect(ctrl.log.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(ctrl.busy).toBe(false);
  });
});

describe("since the player last looked", () => {
  const log = [
    { seq: 1, actor: null, type: "Setup" },
    { seq: 2, actor: 0, type: "Added" },
    { seq: 3, actor: 1, type: "Added" },
    { seq: 4, actor: null, type: "Scored" },
    { seq: 5, actor: 1, type: "Added" },
  ];

  it("lists what happened after this seat's last own move, and marks it on the board", async () => {
    const { ctrl } = harness({ events: async () => ({ version: 5, events: log }), match: async () => detail({ version: 5 }), legal: async () => ({ version: 5, seat: 0, commands: [] }) });
    await ctrl.load();
    expect(ctrl.since.map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(ctrl.marks).toEqual(ctrl.since);
    ctrl.dismissSince();
    expect(ctrl.since).toEqual([]);
    expect(ctrl.marks).toEqual([]);
  });

  it("shows nothing to a player who moved last, and forgets it all once the player moves", async () => {
    const mineLast = [...log, { seq: 6, actor: 0, type: "Added" }];
    const quiet = harness({ events: async () => ({ version: 6, events: mineLast }), match: async () => detail({ version: 6 }), legal: async () => ({ version: 6, seat: 0, commands: [] }) });
    await quiet.ctrl.load();
    expect(quiet.ctrl.since).toEqual([]);
    const { ctrl, handlers } = harness({ events: async () => ({ version: 5, events: log }), match: async () => detail({ version: 5 }), legal: async () => ({ version: 5, seat: 0, commands: [] }) });
    await ctrl.load();
    handlers().events({ after: 5, events: [{ seq: 6, actor: 1 }], view: {}, status: "active", active_seats: [0], outcome: null }, 6);
    expect(ctrl.since).toHaveLength(3); // another's move: the card stays as it was
    // Asking for a hint is no move: what the others did stays on the card.
    handlers().events({ after: 6, events: [{ seq: 7, actor: 0, type: "HintUsed" }], view: {}, status: "active", active_seats: [0], outcome: null }, 7);
    expect(ctrl.since).toHaveLength(3);
    handlers().events({ after: 7, events: [{ seq: 8, actor: 0 }], view: {}, status: "active", active_seats: [1], outcome: null }, 8);
    expect(ctrl.since).toEqual([]);
    expect(ctrl.marks).toEqual([]);
  });

  it("marks the log line tapped, and unmarks it on a second tap", async () => {
    const { ctrl } = harness({});
    await ctrl.load();
    ctrl.mark({ seq: 2 });
    expect(ctrl.marks.map((e) => e.seq)).toEqual([2]);
    ctrl.mark({ seq: 3 });
    expect(ctrl.marks.map((e) => e.seq)).toEqual([3]);
    ctrl.mark({ seq: 3 });
    expect(ctrl.marks).toEqual([]);
  });
});

describe("the confirm policy", () => {
  it("sends at once what the board says needs no confirmation, and previews the rest", async () => {
    const sent: Command[] = [];
    const { ctrl } = harness({
      command: async (_id: number, c: Command) => {
        sent.push(c);
        return commandResult({ version: 4, status: "active", view: {}, events: [{ seq: 4, actor: 0 }], active_seats: [0], legal_commands: [{ type: "end_turn" }] });
      },
    });
    await ctrl.load();
    ctrl.board = { render: () => null, needsConfirm: (c: Command) => c.type === "end_turn" };
    ctrl.propose({ type: "add", amount: 1 }, "Add 1");
    expect(ctrl.preview).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ type: "add", amount: 1 }]);
    ctrl.propose({ type: "end_turn" });
    expect(ctrl.preview).toEqual({ type: "end_turn" });
    expect(sent).toHaveLength(1);
  });

  it("previews everything for a board that does not say", async () => {
    const { ctrl } = harness({});
    await ctrl.load();
    expect(ctrl.needsConfirm({ type: "add", amount: 1 })).toBe(true);
    ctrl.propose({ type: "add", amount: 1 });
    expect(ctrl.preview).toEqual({ type: "add", amount: 1 });
  });
});
