/** The match screen's controller: the server's view of the match, its log and chat, the legal
 * commands, the socket, and what the player is about to do (choices, preview, confirm). */

import { api, ApiError, newCommandId } from "../api";
import { loadBoard } from "../boards";
import { type DeviceLayout, layoutOf } from "../boards/toolkit/layout";
import { Picker, sameCommand } from "../boards/toolkit/picker";
import type { BoardModule } from "../boards/types";
import { errorText } from "../errors";
import { enablePush, pushState, type PushState } from "../push";
import { redraw } from "../redraw";
import { loadGame } from "../session";
import { type EventsFrame, MatchSocket } from "../socket";
import { recall, remember } from "../store";
import type { ChatMessage, Command, CommandResult, GameInfo, MatchDetail, MatchEvent } from "../types";
import { HintAsk } from "./hint";
import { ownMove, sinceLastMove } from "./since";

export interface Refusal {
  code: string;
  message: string;
}

interface Saved {
  detail: MatchDetail;
  log: MatchEvent[];
  logVersion: number;
  legal: Command[];
  legalVersion: number;
}

export interface MatchDeps {
  api: typeof api;
  loadBoard: typeof loadBoard;
  loadGame: typeof loadGame;
  socket: (id: number, handlers: ConstructorParameters<typeof MatchSocket>[1]) => MatchSocket;
  redraw: () => void;
}

const defaultDeps: MatchDeps = {
  api,
  loadBoard,
  loadGame,
  socket: (id, handlers) => new MatchSocket(MatchSocket.urlFor(id), handlers),
  redraw,
};

export class MatchCtrl {
  detail: MatchDetail | null = null;
  game: GameInfo | null = null;
  board: BoardModule | null = null;
  log: MatchEvent[] = [];
  logVersion = 0;
  legal: Command[] = [];
  legalVersion = -1;
  chat: ChatMessage[] = [];
  refusal: Refusal | null = null;
  failure: string | null = null;
  offline = false;
  live = false;
  busy = false;
  preview: Command | null = null;
  previewLabel = "";
  readonly picker = new Picker();
  presence: { user: string; seat: number | null }[] = [];
  /** Web Push on this device: offered on the match screen while it is off. */
  push: PushState | null = null;
  /** The player asked for notifications here: the screen says what came of it. */
  pushAsked = false;
  /** What others did since this seat's last move, found when the match opened: the card
   * "Since your last move" lists it until dismissed or the player moves. */
  since: MatchEvent[] = [];
  /** The events the board points out (`ui.marks`): `since`, or the log line tapped. */
  marks: MatchEvent[] = [];
  /** The bot's hint, where the match offers them (match/hint.tsx). */
  readonly hint: HintAsk;
  /** The phone's dock shows the private area (it folds to its bar). */
  dockOpen = true;
  private socket: MatchSocket | null = null;
  private destroyed = false;
  private legalLoading = false;

  constructor(
    readonly id: number,
    private readonly deps: MatchDeps = defaultDeps,
  ) {
    this.hint = new HintAsk(id);
  }

  /** The device's layout, read once for this screen (toolkit/layout.ts). */
  get layout(): DeviceLayout {
    return layoutOf(this);
  }

  private get key(): string {
    return `match.${this.id}`;
  }

  get seat(): number | null {
    return this.detail?.seat ?? null;
  }

  /** This seat may act now. */
  get myTurn(): boolean {
    const d = this.detail;
    return !!d && d.status === "active" && d.seat !== null && d.active_seats.includes(d.seat);
  }

  async load(): Promise<void> {
    try {
      const detail = await this.deps.api.match(this.id);
      this.detail = detail;
      const [game, board, events] = await Promise.all([
        this.deps.loadGame(detail.game),
        this.deps.loadBoard(detail.game),
        this.deps.api.events(this.id, 0),
      ]);
      this.game = game;
      this.board = board;
      this.log = events.events;
      this.logVersion = events.version;
      this.since = sinceLastMove(this.log, detail.seat);
      this.marks = this.since;
      await this.refreshLegal();
      this.save();
      this.loadChat();
      this.openSocket();
      pushState()
        .then((p) => {
          this.push = p;
          this.deps.redraw();
        })
        .catch(() => undefined);
    } catch (err) {
      if (err instanceof ApiError && err.offline) this.loadOffline();
      else this.failure = err instanceof Error ? err.message : String(err);
    }
    this.deps.redraw();
  }

  private loadOffline(): void {
    const saved = recall<Saved>(this.key);
    if (!saved) {
      this.failure = "offline";
      return;
    }
    this.offline = true;
    this.detail = saved.detail;
    this.log = saved.log;
    this.logVersion = saved.logVersion;
    this.legal = [];
    this.deps
      .loadGame(saved.detail.game)
      .then((g) => (this.game = g))
      .catch(() => undefined)
      .then(() => this.deps.loadBoard(saved.detail.game))
      .then((b) => {
        this.board = b;
        this.deps.redraw();
      })
      .catch(() => undefined);
    this.openSocket(); // comes back by itself when the network does
  }

  private save(): void {
    if (!this.detail) return;
    const saved: Saved = {
      detail: this.detail,
      log: this.log.slice(-300),
      logVersion: this.logVersion,
      legal: this.legal,
      legalVersion: this.legalVersion,
    };
    remember(this.key, saved);
  }

  private openSocket(): void {
    if (this.socket || this.destroyed) return;
    const socket = this.deps.socket(this.id, {
      hello: (detail, v) => this.onHello(detail, v),
      events: (frame, v) => this.onEvents(frame, v),
      chat: (message) => this.onChat(message),
      presence: (users) => {
        this.presence = users;
        this.deps.redraw();
      },
      status: (state) => {
        this.live = state === "open";
        this.deps.redraw();
      },
      refused: (_code, reason) => {
        this.failure = reason || "refused";
        this.deps.redraw();
      },
    });
    socket.known = this.logVersion;
    this.socket = socket;
    socket.connect();
  }

  wake(): void {
    this.socket?.wake();
  }

  onHello(detail: MatchDetail, v: number): void {
    const wasOffline = this.offline;
    this.offline = false;
    if (!this.detail || v >= this.detail.version) this.detail = detail;
    if (wasOffline && this.logVersion === 0) {
      void this.load();
      return;
    }
    if (v === this.logVersion) this.save();
    void this.refreshLegal();
    void this.loadChat(); // chat frames are not sent again: what came while away is read here
    this.deps.redraw();
  }

  onEvents(frame: EventsFrame, v: number): void {
    const fresh = frame.events.filter((e) => e.seq > this.logVersion);
    this.log = [...this.log, ...fresh];
    this.forgetMarksAfterOwn(fresh);
    this.logVersion = v;
    if (this.socket) this.socket.known = v;
    if (this.detail && v >= this.detail.version) {
      this.detail = {
        ...this.detail,
        version: v,
        view: frame.view,
        status: frame.status,
        active_seats: frame.active_seats,
      };
    }
    if (frame.status !== "active") void this.refreshDetail();
    void this.refreshLegal();
    this.save();
    this.deps.redraw();
  }

  /** Scores, ranks, deadline and rating changes come with the match, not with the frames. */
  async refreshDetail(): Promise<void> {
    try {
      const detail = await this.deps.api.match(this.id);
      if (!this.detail || detail.version >= this.detail.version) this.detail = detail;
      this.save();
      this.deps.redraw();
    } catch {
      /* the frames keep the screen going */
    }
  }

  async refreshLegal(): Promise<void> {
    const d = this.detail;
    if (!d) return;
    if (!this.myTurn) {
      this.setLegal([], d.version);
      return;
    }
    if (this.legalVersion === d.version || this.legalLoading) return;
    this.legalLoading = true;
    try {
      const r = await this.deps.api.legal(this.id);
      if (r.version >= (this.detail?.version ?? 0)) this.setLegal(r.commands, r.version);
    } catch (err) {
      if (err instanceof ApiError && err.offline) this.offline = true;
    } finally {
      this.legalLoading = false;
    }
    // The match moved while we asked: ask again for the new version.
    if (this.detail && this.legalVersion !== this.detail.version && this.myTurn) void this.refreshLegal();
    this.deps.redraw();
  }

  /** New legal commands: the choices start over, and a preview no longer legal goes away. */
  private setLegal(legal: Command[], version: number): void {
    this.legal = legal;
    this.legalVersion = version;
    this.picker.sync(legal);
    if (this.preview && !legal.some((c) => sameCommand(c, this.preview))) {
      this.preview = null;
      this.previewLabel = "";
    }
  }

  /** A message from the socket or our own post's answer, whichever comes first, shown once. */
  onChat(message: ChatMessage): void {
    if (this.chat.some((m) => m.id === message.id)) return;
    this.chat = [...this.chat, message];
    this.deps.redraw();
  }

  private async loadChat(): Promise<void> {
    try {
      const page = await this.deps.api.chat(this.id);
      this.chat = page.results;
      this.deps.redraw();
    } catch {
      /* chat is optional */
    }
  }

  /** The player moved: what happened before is no longer "since your last move". */
  private forgetMarksAfterOwn(fresh: readonly MatchEvent[]): void {
    const seat = this.seat;
    if (!fresh.some((e) => ownMove(e, seat))) return;
    this.since = [];
    this.marks = [];
  }

  // --- what the player does ---------------------------------------------------------------

  /** Whether the board wants `command` previewed before it is sent (BoardModule.needsConfirm;
   * without an answer from the board, always). */
  needsConfirm(command: Command): boolean {
    const ask = this.board?.needsConfirm;
    if (!ask || !this.detail) return true;
    return ask(command, this.detail.view, this.legal);
  }

  /** A command the player chose: previewed with a confirm bar, or sent at once when the board
   * says it needs no confirmation (undo takes it back). */
  propose(command: Command, label = ""): void {
    if (!this.needsConfirm(command)) {
      this.preview = null;
      this.previewLabel = "";
      void this.submit(command);
      return;
    }
    this.preview = command;
    this.previewLabel = label;
    this.refusal = null;
    this.deps.redraw();
  }

  cancel(): void {
    this.preview = null;
    this.previewLabel = "";
    this.deps.redraw();
  }

  confirm(): Promise<void> {
    const command = this.preview;
    if (!command) return Promise.resolve();
    return this.submit(command);
  }

  /** Sends one command; a lost answer is retried with the same id (never applied twice). */
  submit(command: Command): Promise<void> {
    return this.submitAll([command]);
  }

  /** Sends `commands` one after another, each once the previous one is accepted (several
   * moves of one decision: Catan's discards after a 7). `busy` stays true all along; the
   * first refusal stops the rest and is shown like any other (what went before it stays
   * done, and the legal commands are those of the version reached). The first command carries
   * the version the player saw (`expected_version`), as `submit` does; the later ones carry
   * none: another seat may move between them (the others discard at the same time), which
   * would refuse them as stale though nothing of the player's changed, and the engine still
   * refuses any that is no longer legal. The socket may bring the events meanwhile: each
   * answer adds to the log only what follows it without a gap. */
  async submitAll(commands: readonly Command[]): Promise<void> {
    if (this.busy || !this.detail || commands.length === 0) return;
    this.busy = true;
    this.refusal = null;
    this.deps.redraw();
    try {
      for (const [i, command] of commands.entries()) {
        const before = this.detail.version;
        const result = await this.send(command, i === 0 ? before : undefined);
        this.applyResult(result, before);
        if (i < commands.length - 1) this.deps.redraw(); // the player sees it go, card by card
      }
      this.preview = null;
      this.picker.reset();
    } catch (err) {
      this.onRefused(err);
    } finally {
      this.busy = false;
      this.deps.redraw();
    }
  }

  /** One command to the server, retried with the same id when the answer was lost. */
  private async send(command: Command, expected: number | undefined): Promise<CommandResult> {
    const commandId = newCommandId();
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.deps.api.command(this.id, command, commandId, expected);
      } catch (err) {
        if (!(err instanceof ApiError && err.offline) || attempt >= 2) throw err;
        await new Promise((r) => setTimeout(r, 800 * (attempt + 1)));
      }
    }
  }

  private applyResult(result: CommandResult, expected: number): void {
    if (!this.detail) return;
    // The answer's events join the log only where they follow it without a gap: those the
    // socket brought first are skipped, and another seat's move in between (a command sent
    // without an expected version) is left to the socket, which asks for what it lacks.
    const fresh = result.events.filter((e) => e.seq > this.logVersion);
    const follows = fresh.length > 0 ? fresh[0]!.seq === this.logVersion + 1 : this.logVersion === expected;
    if (follows && result.version > this.logVersion) {
      this.log = [...this.log, ...fresh];
      this.forgetMarksAfterOwn(fresh);
      this.logVersion = result.version;
      if (this.socket) this.socket.known = result.version;
    }
    // The socket may have brought later versions before this answer (a bot replying within
    // our request): then the answer is history, and its legal commands are stale.
    if (result.version < this.detail.version) return;
    const active = result.active_seats ?? this.detail.active_seats;
    this.detail = { ...this.detail, version: result.version, view: result.view, status: result.status, active_seats: active };
    // The ending (scores, explanation) comes with the match, not with the answer.
    if (result.status !== "active") void this.refreshDetail();
    // One move, one request: the answer carries the legal commands when the server sends them.
    const legal = result.legal_commands;
    if (legal && result.active_seats) {
      this.setLegal(legal, result.version);
    } else {
      void this.refreshActiveAndLegal();
    }
    if (result.status !== "active") void this.refreshDetail();
    this.save();
  }

  /** After a command whose answer has no active seats or legal commands: ask for them. */
  private async refreshActiveAndLegal(): Promise<void> {
    await this.refreshDetail();
    await this.refreshLegal();
  }

  private onRefused(err: unknown): void {
    if (err instanceof ApiError) {
      // In the player's language: the code's sentence (a game's own rule with its detail).
      this.refusal = { code: err.code, message: errorText(err) };
      if (err.code === "stale_version" || err.code === "not_your_turn") {
        this.preview = null;
        this.picker.reset();
        void this.refreshActiveAndLegal();
      }
    } else {
      this.refusal = { code: "error", message: String(err) };
    }
  }

  async undo(): Promise<void> {
    if (this.busy || !this.detail) return;
    this.busy = true;
    this.refusal = null;
    const expected = this.detail.version;
    try {
      const result = await this.deps.api.undo(this.id, newCommandId());
      this.preview = null;
      this.picker.reset();
      this.applyResult(result, expected);
    } catch (err) {
      this.onRefused(err);
    } finally {
      this.busy = false;
      this.deps.redraw();
    }
  }

  async resign(): Promise<void> {
    if (this.busy || !this.detail) return;
    this.busy = true;
    const expected = this.detail.version;
    try {
      const result = await this.deps.api.resign(this.id, newCommandId());
      this.applyResult(result, expected);
      await this.refreshDetail();
    } catch (err) {
      this.onRefused(err);
    } finally {
      this.busy = false;
      this.deps.redraw();
    }
  }

  async say(text: string): Promise<boolean> {
    const clean = text.trim();
    if (!clean) return false;
    try {
      this.onChat(await this.deps.api.say(this.id, clean));
      return true;
    } catch (err) {
      this.onRefused(err);
      this.deps.redraw();
      return false;
    }
  }

  async lobby(action: "join" | "leave" | "start"): Promise<void> {
    try {
      this.detail = await this.deps.api[action](this.id);
      await this.refreshLegal();
    } catch (err) {
      this.onRefused(err);
    }
    this.deps.redraw();
  }

  async enablePush(): Promise<void> {
    this.pushAsked = true;
    try {
      this.push = await enablePush();
    } catch (err) {
      this.refusal = { code: "push", message: err instanceof Error ? err.message : String(err) };
    }
    this.deps.redraw();
  }

  dismissSince(): void {
    this.since = [];
    this.marks = [];
    this.deps.redraw();
  }

  /** A log line tapped: its event is pointed out on the board (tapped again: no longer). */
  mark(event: MatchEvent): void {
    const only = this.marks.length === 1 && this.marks[0]!.seq === event.seq;
    this.marks = only ? [] : [event];
    this.deps.redraw();
  }

  toggleDock(): void {
    this.dockOpen = !this.dockOpen;
    this.deps.redraw();
  }

  /** A board changed its choices: draw again. */
  touch(): void {
    this.deps.redraw();
  }

  dismissRefusal(): void {
    this.refusal = null;
    this.deps.redraw();
  }

  destroy(): void {
    this.destroyed = true;
    this.socket?.close();
    this.socket = null;
  }
}
