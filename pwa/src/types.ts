/** The server's shapes, as the REST API and the sockets send them: aliases of the types
 * generated from its OpenAPI schema (api/schema.d.ts, from /api/schema/; regenerate with
 * deploy/gen_api_types.sh). Only what the schema cannot say is narrowed here: an engine's
 * view and a game's option values are JSON, typed per game by api/views.d.ts. */

import type { components } from "./api/schema";

type Schemas = components["schemas"];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A command as the engines take it: a `type` and its fields. */
export interface Command {
  type: string;
  [field: string]: Json | undefined;
}

/** A text in both languages, as the server sends it. */
export type Texts = Schemas["TextsOut"];

export type OptionSchema = Omit<Schemas["GameOptionOut"], "default" | "choices" | "implies"> & {
  default: Json;
  choices?: Json[];
  /** Per value of a preset, the options it sets. */
  implies?: Record<string, Record<string, Json>>;
};

/** A bot level in words: label ("Beginner"), how it plays, its measured strength. */
export type BotInfo = Schemas["BotLevelOut"];
export type FieldSchema = Schemas["CommandFieldOut"];
export type CommandSchema = Schemas["CommandSpecOut"];

/** A game as /api/games/<slug> describes it (the list's entries lack the rules' texts). */
export type GameInfo = Omit<Schemas["GameOut"], "options"> &
  Partial<Pick<Schemas["GameDetailOut"], "rules" | "rules_for_players" | "events">> & { options: OptionSchema[] };

/** How a finished game was counted, for one reader (games/WORDS.md). */
/** Cells are text or numbers (the schema cannot say which). */
export type EndingTable = Omit<Schemas["EndingTableOut"], "rows"> & { rows: (string | number)[][] };
export type EndingSection = Omit<Schemas["EndingSectionOut"], "table"> & { table?: EndingTable };
export type Ending = Omit<Schemas["EndingOut"], "sections"> & { sections: EndingSection[] };

export type SeatInfo = Schemas["MatchSeatOut"];
export type TimeControl = Schemas["TimeControlOut"];
export type MatchStatus = Schemas["MatchStatusEnum"];
export type Outcome = Schemas["OutcomeOut"];

export type MatchSummary = Omit<Schemas["MatchSummaryOut"], "options"> & { options: Record<string, Json> };

/** A match for one viewer: its `view` is the engine's (typed per game by api/views.d.ts). */
export type MatchDetail = Omit<Schemas["MatchDetailOut"], "options" | "view" | "explanation"> & {
  options: Record<string, Json>;
  view: Json;
  explanation: { en: Ending; cs: Ending } | null;
};

/** One notification of the in-app list, in words in both languages. */
export type AppNotification = Omit<Schemas["NotificationOut"], "payload"> & { payload: Record<string, Json> };

/** One event as the viewer may see it; an invisible one has its `seq` alone. */
export type MatchEvent = Omit<Schemas["MatchEventOut"], "data"> & { data?: Record<string, Json> };

/** The answer of a command, undo or resignation: the new version, its events, the seat's
 * view, the active seats and this seat's legal commands. */
export type CommandResult = Omit<Schemas["CommandAnswerOut"], "events" | "view" | "legal_commands"> & {
  events: MatchEvent[];
  view: Json;
  legal_commands: Command[];
};

export type User = Schemas["UserOut"];

export interface Page<T> {
  count?: number;
  next: string | null;
  previous?: string | null;
  results: T[];
}

export type ChatMessage = Schemas["ChatMessageOut"];
