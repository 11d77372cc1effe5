/** Words for times, deadlines and log lines. */

import { format, lang, pick, t } from "./i18n";
import type { GameInfo, Json, MatchEvent, SeatInfo } from "./types";

/** Event fields that name a seat: the log shows the player's name there. */
const SEAT_FIELDS = ["seat", "victim", "winner", "partner", "by", "player", "target", "from_seat", "to_seat"];

export function seatName(seats: readonly SeatInfo[], index: number, me: number | null): string {
  if (index === me) return t("you");
  const s = seats.find((x) => x.index === index);
  return s?.name || s?.user || `#${index + 1}`;
}

/** A log line in the current language, with player names where the event names a seat: the
 * game's own template filled from the event's fields, else the server's ready-made text. */
export function eventText(
  event: MatchEvent,
  game: GameInfo | null,
  seats: readonly SeatInfo[],
  me: number | null,
): string {
  if (!event.type || !event.data) return "";
  const template = game?.events?.[event.type];
  if (!template) return pick(event.text);
  const params: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(event.data)) {
    if (SEAT_FIELDS.includes(k) && typeof v === "number") params[k] = seatName(seats, v, me);
    else params[k] = plain(v);
  }
  const text = format(pick(template), params);
  // A field the template needs but the redacted event lacks: the server's text is safer.
  return /\{\w+\}/.test(text) ? pick(event.text) : text;
}

function plain(v: Json): string {
  if (v === null) return "—";
  if (typeof v === "object") return Array.isArray(v) ? v.map(plain).join(", ") : JSON.stringify(v);
  return String(v);
}

/** "3 h", "2 d 4 h", "12 min" */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const d = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return h > 0 ? `${d} d ${h} h` : `${d} d`;
  if (h > 0) return m > 0 && h < 6 ? `${h} h ${m} min` : `${h} h`;
  return `${Math.max(1, m)} min`;
}

export function deadlineText(deadline: string | null, now = Date.now()): string | null {
  if (!deadline) return null;
  const left = (Date.parse(deadline) - now) / 1000;
  if (left <= 0) return t("deadline_past");
  return t("deadline_in", { time: duration(left) });
}

export function dateTime(iso: string): string {
  const d = new Date(iso);
  return d.toLocaleString(lang() === "cs" ? "cs-CZ" : "en-GB", {
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
  });
}

export function gameName(games: readonly GameInfo[], slug: string): string {
  return games.find((g) => g.slug === slug)?.name ?? slug;
}
