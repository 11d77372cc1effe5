/** The server's shapes, as the REST API and the sockets send them (see /api/schema/). */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A command as the engines take it: a `type` and its fields. */
export interface Command {
  type: string;
  [field: string]: Json | undefined;
}

/** A text in both languages, as the server sends it. */
export interface Texts {
  en: string;
  cs: string;
}

export interface OptionSchema {
  name: string;
  kind: "bool" | "int" | "choice";
  default: Json;
  /** For developers; players read `label` and `help`. */
  description: string;
  choices?: Json[];
  minimum?: number;
  maximum?: number;
  /** Per value of a preset, the options it sets. */
  implies?: Record<string, Record<string, Json>>;
  label?: Texts;
  help?: Texts;
  choice_labels?: Record<string, Texts>;
}

/** A bot level in words: label ("Beginner"), how it plays, its measured strength. */
export interface BotInfo {
  level: string;
  description: string;
  label?: Texts;
  help?: Texts;
  strength?: Texts;
}

export interface FieldSchema {
  name: string;
  kind: string;
  description: string;
  required: boolean;
}

export interface CommandSchema {
  type: string;
  description: string;
  fields: FieldSchema[];
}

export interface GameInfo {
  slug: string;
  name: string;
  min_players: number;
  max_players: number;
  bot_levels: string[];
  /** The levels offered to players (weakest first) and the one a new match starts with. */
  player_bot_levels?: string[];
  default_bot_level?: string;
  bots?: BotInfo[];
  options: OptionSchema[];
  commands: CommandSchema[];
  /** The game's names of things and places by category and key, as the log names them. */
  glossary?: Record<string, Record<string, Texts>>;
  /** The developer README (implementation notes). */
  rules?: string;
  /** The rules for players, Markdown with `:::option name=value` blocks. */
  rules_for_players?: Texts;
}

/** How a finished game was counted, for one reader (games/WORDS.md). */
export interface EndingTable {
  columns: string[];
  rows: (string | number)[][];
}

export interface EndingSection {
  title: string;
  lines: string[];
  table?: EndingTable;
}

export interface Ending {
  summary: string;
  sections: EndingSection[];
}

export interface SeatInfo {
  index: number;
  kind: "human" | "bot" | "open";
  user: string | null;
  name: string | null;
  accepted: boolean;
  bot_level: string | null;
  status: "playing" | "forfeited" | "zombie";
  to_move: boolean;
  rank: number | null;
  score: number | null;
  reserve_seconds: number | null;
  on_vacation_until?: string | null;
  /** The player deleted their account: the seat keeps its place and result, no name. */
  deleted?: boolean;
}

export interface TimeControl {
  kind: "none" | "per_move" | "reserve";
  move_seconds?: number;
  reserve_seconds?: number;
  increment_seconds?: number;
  policy?: string;
  vacation?: boolean;
}

export type MatchStatus = "lobby" | "active" | "finished" | "aborted";

export interface MatchSummary {
  id: number;
  game: string;
  options: Record<string, Json>;
  n_players: number;
  status: MatchStatus;
  version: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
  outcome: { ranks: number[]; scores: number[]; tiebreak: string | null } | null;
  rated: boolean;
  /** The seats may ask the bot for a hint (a friendly match that agreed, or one against bots). */
  hints?: boolean;
  time_control: TimeControl;
  deadline: string | null;
  seats: SeatInfo[];
}

export interface MatchDetail extends MatchSummary {
  seat: number | null;
  view: Json;
  active_seats: number[];
  rating_changes?: Json;
  /** Once finished: how the game was counted, for this seat; null otherwise. */
  explanation?: { en: Ending; cs: Ending } | null;
}

/** One notification of the in-app list, in words in both languages. */
export interface AppNotification {
  id: number;
  kind: string;
  match: number | null;
  payload: Record<string, Json>;
  title: Texts;
  body: Texts;
  created_at: string;
  read: boolean;
}

/** One event as the viewer may see it; an invisible one has its `seq` alone. */
export interface MatchEvent {
  seq: number;
  type?: string;
  actor?: number | null;
  at?: string;
  data?: Record<string, Json>;
  /** The log line for this reader (players by name, the reader as "you"); empty: nothing to
   * say. */
  text?: Texts;
}

/** The answer of a command, undo or resignation: the new version, its events, the seat's
 * view, and (from servers that send them) the active seats and this seat's legal commands. */
export interface CommandResult {
  version: number;
  status: MatchStatus;
  events: MatchEvent[];
  view: Json;
  active_seats?: number[];
  legal_commands?: Command[];
}

export interface User {
  id: number;
  username: string;
  display_name: string;
  language: string;
  /** The verified address (mail goes there only) and one waiting for its link. */
  email?: string;
  pending_email?: string;
}

export interface Page<T> {
  count?: number;
  next: string | null;
  previous?: string | null;
  results: T[];
}

export interface ChatMessage {
  id: number;
  user: string | null;
  name: string | null;
  text: string;
  at: string;
}
