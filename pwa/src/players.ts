/** The seats of a match as boards and lists show them: name, colour and symbol. */

import { seatStyle } from "./boards/toolkit/pieces";
import type { Player } from "./boards/types";
import { t } from "./i18n";
import type { MatchDetail, SeatInfo } from "./types";

export function seatLabel(seat: SeatInfo): string {
  if (seat.kind === "open") return "—";
  // The server names a bot as the log does ("Bot Tereza"), so strip, log and ending agree.
  if (seat.kind === "bot") return seat.name || t("seat_bot");
  if (seat.deleted) return t("deleted_player");
  return seat.name || seat.user || "—";
}

export function playersOf(detail: MatchDetail): Player[] {
  return detail.seats.map((s) => {
    const style = seatStyle(s.index);
    return {
      seat: s.index,
      name: s.index === detail.seat ? `${seatLabel(s)} (${t("you").toLowerCase()})` : seatLabel(s),
      colour: style.colour,
      ink: style.ink,
      symbol: style.symbol,
      me: s.index === detail.seat,
      active: detail.active_seats.includes(s.index),
    };
  });
}
