/** The shell's bell: how many notifications are unread. Read when a screen opens, when the app
 * comes back, every minute while it is shown, and at once when the home socket tells of a new
 * notification; set directly when the list marks some read. */

import { api } from "./api";
import { redraw } from "./redraw";

let unread = 0;
let timer: ReturnType<typeof setInterval> | null = null;
const EVERY_MS = 60_000;

export function unreadCount(): number {
  return unread;
}

export function setUnread(n: number): void {
  if (n === unread) return;
  unread = Math.max(0, n);
  redraw();
}

/** Asks the server for the count (one small page of unread ones). */
export async function refreshUnread(): Promise<void> {
  try {
    const page = await api.notifications({ unread: true, page_size: 1 });
    setUnread(page.unread);
  } catch {
    /* offline or logged out: the badge keeps what it had */
  }
}

/** Starts (or restarts) the minute's poll while someone is logged in; stops it otherwise. */
export function watchUnread(loggedIn: boolean): void {
  if (!loggedIn) {
    if (timer !== null) clearInterval(timer);
    timer = null;
    unread = 0;
    return;
  }
  void refreshUnread();
  if (timer === null && typeof setInterval !== "undefined") {
    timer = setInterval(() => {
      if (typeof document === "undefined" || document.visibilityState === "visible") void refreshUnread();
    }, EVERY_MS);
  }
}
