/** The board module contract (see pwa/BOARDS.md): what `boards/<slug>.ts` exports and what the
 * match screen hands it. A board draws the engine's view and turns taps into one of the legal
 * commands; it has no rules of its own. */

import type { ComponentChild } from "preact";
import type { Key, Lang } from "../i18n";
import type { Command, GameInfo, Json, MatchEvent } from "../types";
import type { DeviceLayout } from "./toolkit/layout";
import type { Picker } from "./toolkit/picker";
import type { SymbolName } from "./toolkit/pieces";

/** One seat as the board shows it: colour and symbol together (colour-blind safe). */
export interface Player {
  seat: number;
  name: string;
  colour: string;
  /** A darker shade of `colour` for outlines and text on light ground. */
  ink: string;
  symbol: SymbolName;
  me: boolean;
  /** May act now (in `active_seats`). */
  active: boolean;
}

export interface BoardUi {
  lang: Lang;
  /** The shell's strings (i18n.ts). */
  t(key: Key, params?: Record<string, string | number>): string;
  /** A board's own string in the current language. */
  tr(en: string, cs: string): string;
  players: Player[];
  /** The game's schemas: command descriptions, option texts, event templates. */
  game: GameInfo;
  /** The step-by-step choice so far; it survives redraws and is reset when `legal` changes. */
  picker: Picker;
  /** The command waiting for the player's confirmation, or null. */
  preview: Command | null;
  /** Shows `command` as a preview with a confirm bar; `label` says what it does in words. */
  propose(command: Command, label?: string): void;
  /** Sends `command` at once (for moves that need no preview, e.g. "end turn"). */
  submit(command: Command): void;
  /** Sends `commands` one after another, each once the previous one is accepted, for several
   * moves the player decided at once (Catan's discards after a 7: one Confirm, not one per
   * card). `busy` all along; the first refusal stops the rest and is shown as any other. */
  submitAll(commands: readonly Command[]): void;
  /** Clears the preview and the choices. */
  cancel(): void;
  /** A command is on its way to the server: take no new taps. */
  busy: boolean;
  /** False in a replay, for a spectator, or when it is not this seat's turn. */
  interactive: boolean;
  /** Asks for a redraw after the board changed something in `picker`. */
  redraw(): void;
  /** Events to point out on the board (draw a `<Mark>` where each happened): those since the
   * player's own last move when the match opened, the log line the player tapped, or the
   * replay's current move. */
  marks: MatchEvent[];
  /** The device's layout, fixed for the match screen's life (`toolkit/layout.ts`): a board's
   * drawing follows it, never the orientation or the phase. */
  layout: DeviceLayout;
}

export interface BoardModule {
  /** The board itself (usually a `<PanZoom>` around an SVG). */
  render(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild;
  /** The viewer's private area: hand, screen, secret cards. Null or absent: nothing shown. */
  privateArea?(view: Json, seat: number | null, legal: Command[], ui: BoardUi): ComponentChild;
  /** Legal commands the board does not offer by tapping (e.g. "pass", "end turn"), shown by the
   * shell as buttons under the board. Absent: the shell offers none besides the board. */
  extraCommands?(view: Json, seat: number | null, legal: Command[], ui: BoardUi): Command[];
  /** A command in words, for the confirm bar. Absent: the generic description. */
  describe?(command: Command, view: Json, ui: BoardUi): string;
  /** Whether `command` keeps the preview and Confirm (true) or goes at one tap (false), for the
   * board's own taps (`ui.propose`) and the shell's buttons alike. One tap for what undo can
   * take back and for a button that says exactly what it does and is the only sensible step
   * ("Roll the dice"); the preview for what ends the turn while other moves remain, reveals,
   * draws, or spends something for good. Absent: every command is previewed. */
  needsConfirm?(command: Command, view: Json, legal: Command[]): boolean;
}
