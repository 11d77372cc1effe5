/** Words for times, deadlines and log lines. */

import { lang, pick, t } from "./i18n";
import type { GameInfo, MatchEvent, SeatInfo } from "./types";

/** A seat's name as the strip and the log say it: "You" for the reader, the server's name
 * (users by name, bots as "Bot Tereza") for the others. */
export function seatName(seats: readonly SeatInfo[], index: number, me: number | null): string {
  if (index === me) return t("you");
  const s = seats.find((x) => x.index === index);
  return s?.name || s?.user || "—";
}

/** An event's log line in the current language, as the server wrote it for this reader;
 * empty for an event hidden from the reader or one that says nothing to a player. */
export function logLine(event: MatchEvent): string {
  return event.type ? pick(event.text) : "";
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
