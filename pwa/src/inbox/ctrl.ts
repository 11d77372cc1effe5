/** The home screen: my matches sorted the way a player looks for them. */

import { api, cachedGet } from "../api";
import { errorText } from "../errors";
import { refreshUnread } from "../bell";
import { redraw } from "../redraw";
import { backoff, closedForGood, openSocket } from "../socket";
import { loadGames } from "../session";
import { token } from "../store";
import type { GameInfo, MatchSummary } from "../types";

export interface Inbox {
  myTurn: MatchSummary[];
  invitations: MatchSummary[];
  waiting: MatchSummary[];
  lobby: MatchSummary[];
  finished: MatchSummary[];
}

function deadlineOf(m: MatchSummary): number {
  return m.deadline ? Date.parse(m.deadline) : Number.POSITIVE_INFINITY;
}

/** My turn first (soonest deadline first), then invitations, waiting, my open lobbies, and
 * finished matches (latest first). */
export function classify(matches: readonly MatchSummary[], username: string): Inbox {
  const out: Inbox = { myTurn: [], invitations: [], waiting: [], lobby: [], finished: [] };
  for (const m of matches) {
    const mine = m.seats.find((s) => s.user === username);
    if (m.status === "active") {
      if (mine?.to_move) out.myTurn.push(m);
      else out.waiting.push(m);
    } else if (m.status === "lobby") {
      if (mine && !mine.accepted) out.invitations.push(m);
      else out.lobby.push(m);
    } else {
      out.finished.push(m);
    }
  }
  out.myTurn.sort((a, b) => deadlineOf(a) - deadlineOf(b) || a.updated_at.localeCompare(b.updated_at));
  out.waiting.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  out.finished.sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  return out;
}

export class InboxCtrl {
  inbox: Inbox | null = null;
  games: GameInfo[] = [];
  offline = false;
  error: string | null = null;
  busy = false;

  private ws: WebSocket | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private reload: ReturnType<typeof setTimeout> | null = null;
  private attempts = 0;
  private closed = false;

  constructor(readonly username: string) {}

  /** /ws/me/ tells of my turns, invitations and finished matches: the list is read again. */
  private listen(): void {
    if (this.closed || this.ws || typeof WebSocket === "undefined") return;
    const key = token();
    const ws = openSocket("/ws/me/", key); // the token in its subprotocols, not in the URL
    this.ws = ws;
    ws.onopen = () => (this.attempts = 0);
    ws.onmessage = (ev: MessageEvent) => {
      const t = (JSON.parse(String(ev.data)) as { t?: string }).t;
      if (t === "notification") void refreshUnread();
      if ((t === "match" || t === "notification") && this.reload === null) {
        this.reload = setTimeout(() => {
          this.reload = null;
          void this.load();
        }, 300);
      }
    };
    ws.onclose = (ev: CloseEvent) => {
      this.ws = null;
      if (this.closed || closedForGood(ev.code, key)) return; // 4401: signed out, to sign-in
      this.retry = setTimeout(() => this.listen(), backoff(this.attempts++));
    };
  }

  destroy(): void {
    this.closed = true;
    for (const timer of [this.retry, this.reload]) if (timer !== null) clearTimeout(timer);
    this.ws?.close(1000);
    this.ws = null;
  }

  async load(): Promise<void> {
    try {
      const [page, games] = await Promise.all([
        cachedGet<{ results: MatchSummary[] }>("inbox", "matches", { mine: true, page_size: 100 }),
        loadGames().catch(() => [] as GameInfo[]),
      ]);
      this.games = games;
      this.offline = page.offline;
      this.inbox = classify(page.data.results, this.username);
      this.error = null;
      this.listen();
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    }
    redraw();
  }

  async answer(id: number, accept: boolean): Promise<void> {
    this.busy = true;
    redraw();
    try {
      if (accept) await api.join(id);
      else await api.leave(id);
      await this.load();
    } catch (err) {
      this.error = errorText(err);
    } finally {
      this.busy = false;
      redraw();
    }
  }
}
