/** The board module contract (see pwa/BOARDS.md): what `boards/<slug>.ts` exports and what the
 * match screen hands it. A board draws the engine's view and turns taps into one of the legal
 * commands; it has no rules of its own. */

import type { ComponentChild } from "preact";
import type { Key, Lang } from "../i18n";
import type { Command, GameInfo, Json, MatchEvent } from "../types";
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
  /** Clears the preview and the choices. */
  cancel(): void;
  /** A command is on its way to the server: take no new taps. */
  busy: boolean;
  /** False in a replay, for a spectator, or when it is not this seat's turn. */
  interactive: boolean;
  /** Asks for a redraw after the board changed something in `picker`. */
  redraw(): void;
  /** The events whose places the board should mark: the replay's current move, or the log
   * line the player tapped on the match screen. Empty or absent: nothing marked. */
  marks?: MatchEvent[];
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
}
