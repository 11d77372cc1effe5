/** The in-app notifications: newest first, in words (the server's title and sentence in both
 * languages), each marked read when opened; "mark all read" clears the bell. */

import { api } from "../api";
import { setUnread } from "../bell";
import { errorText } from "../errors";
import { redraw } from "../redraw";
import { navigate } from "../router";
import type { AppNotification } from "../types";

export interface NotificationsDeps {
  api: Pick<typeof api, "notifications" | "markRead">;
  navigate: (path: string) => void;
  redraw: () => void;
}

const defaultDeps: NotificationsDeps = { api, navigate: (path) => navigate(path), redraw };

export class NotificationsCtrl {
  items: AppNotification[] | null = null;
  unread = 0;
  error: string | null = null;
  busy = false;

  constructor(private readonly deps: NotificationsDeps = defaultDeps) {}

  async load(): Promise<void> {
    try {
      const page = await this.deps.api.notifications({ page_size: 50 });
      this.items = page.results;
      this.unread = page.unread;
      setUnread(page.unread);
      this.error = null;
    } catch (err) {
      this.error = errorText(err);
    }
    this.deps.redraw();
  }

  private marked(ids: number[] | "all", unread: number): void {
    this.items = (this.items ?? []).map((n) => (ids === "all" || ids.includes(n.id) ? { ...n, read: true } : n));
    this.unread = unread;
    setUnread(unread);
  }

  async markRead(ids: number[] | "all"): Promise<void> {
    if (this.busy) return;
    this.busy = true;
    try {
      const r = await this.deps.api.markRead(ids);
      this.marked(ids, r.unread);
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
      this.deps.redraw();
    }
  }

  /** A tap: the notification is read, and its match opens. */
  async open(n: AppNotification): Promise<void> {
    if (!n.read) await this.markRead([n.id]);
    if (n.match !== null) this.deps.navigate(`/matches/${n.match}`);
  }
}
