/** The match socket (`/ws/matches/<id>/`, see realtime/protocol.py): `{t, d, v}` frames.
 *
 * The client keeps the version its log is complete up to. An `events` frame that does not start
 * there is dropped and the gap asked for with `{"resume": v}`; a dropped connection comes back by
 * itself with a growing pause, saying that version in its URL (`?after=v`), and its hello brings
 * what it missed (`catch_up`), so coming back costs the server one render of the view.
 *
 * The API token travels as a WebSocket subprotocol (`socketProtocols`), in a header, never in
 * the URL that access logs and the browser's console show.
 *
 * A socket whose login goes (logged out here or from another device, a password changed, the
 * account deleted) is closed by the server at once with 4401 (`SIGNED_OUT`): the app forgets
 * the login and shows the sign-in screen (`closeAction`), it does not reconnect. */

import { signedOut } from "./api";
import { token } from "./store";
import type { ChatMessage, Json, MatchDetail, MatchEvent, MatchStatus, Outcome } from "./types";

export interface EventsFrame {
  after: number;
  events: MatchEvent[];
  view: Json;
  status: MatchStatus;
  active_seats: number[];
  outcome: Outcome | null;
}

export interface SocketHandlers {
  hello(detail: MatchDetail, version: number): void;
  events(frame: EventsFrame, version: number): void;
  presence?(users: { id: number; user: string; name: string; seat: number | null }[]): void;
  /** A new chat message (players only; none is sent again after a lost connection). */
  chat?(message: ChatMessage): void;
  status?(state: "open" | "closed"): void;
  /** A refusal that reconnecting cannot fix (4401, 4403, 4404). */
  refused?(code: number, reason: string): void;
}

export interface Frame {
  t: string;
  d?: unknown;
  v?: number;
}

/** What to do with an `events` frame, given the version the log is complete up to. */
export function eventsAction(
  known: number,
  frame: { after: number },
  v: number,
): "apply" | "stale" | "gap" {
  if (v <= known) return "stale";
  if (frame.after === known) return "apply";
  if (frame.after < known) return "apply"; // overlaps what we have: the caller skips old events
  return "gap";
}

/** Pause before reconnect attempt `n` (0-based): 0.5 s doubling to 30 s, with jitter. */
export function backoff(n: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 500 * 2 ** n);
  return Math.round(base * (0.75 + random() * 0.5));
}

/** The close code of a socket whose login is gone or was never good (realtime/protocol.py). */
export const SIGNED_OUT = 4401;

// Refusals that reconnecting cannot fix. 4429 (too many sockets of this account, or of this
// match, on the server) is not one: a slot frees when another tab closes, and the growing pause
// keeps the attempts few.
const FINAL_CODES = new Set([4400, SIGNED_OUT, 4403, 4404]);

/** What a socket opened with the token `openedWith` and closed with `code` does: signed out
 * (the sign-in screen), refused for good (say why, do not come back), or come back after a
 * pause. A 4401 to a socket whose token the app has replaced since (a password change gives
 * this device a new one, in every tab) is no sign-out: it comes back with the new one. */
export function closeAction(
  code: number,
  openedWith: string | null = token(),
): "signed_out" | "refused" | "reconnect" {
  if (code === SIGNED_OUT) return openedWith === token() ? "signed_out" : "reconnect";
  return FINAL_CODES.has(code) ? "refused" : "reconnect";
}

/** Whether a socket closed with `code` stays closed; on a sign-out the app forgets the login
 * and shows the sign-in screen (api.signedOut). */
export function closedForGood(code: number, openedWith: string | null = token()): boolean {
  const action = closeAction(code, openedWith);
  if (action === "signed_out") signedOut();
  return action !== "reconnect";
}

/** The subprotocols that carry the API token (realtime/auth.py): the server answers the first. */
export function socketProtocols(key: string | null): string[] {
  return key ? ["ludoteka", `ludoteka.token.${key}`] : [];
}

/** A socket on this site's `path` (`/ws/...`), the token in its subprotocols. */
export function openSocket(path: string, key: string | null = token(), loc: Location = window.location): WebSocket {
  return new WebSocket(socketUrl(path, loc), socketProtocols(key));
}

export function socketUrl(path: string, loc: Location = window.location): string {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path}`;
}

/** The hello of a socket opened with `?after=N`: the events it missed come with it. */
export type HelloDetail = MatchDetail & { catch_up?: { after: number; events: MatchEvent[] } };

/** `url` with the socket's `after` parameter (the version the log is complete up to). */
export function withAfter(url: string, known: number): string {
  if (known <= 0) return url;
  return `${url}${url.includes("?") ? "&" : "?"}after=${known}`;
}

type SocketLike = Pick<WebSocket, "send" | "close" | "readyState"> & {
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
};

export class MatchSocket {
  private ws: SocketLike | null = null;
  private attempts = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  /** The version the client's log is complete up to (set by the owner as it applies frames). */
  known = 0;

  constructor(
    private readonly url: string,
    private readonly handlers: SocketHandlers,
    private readonly open: (url: string) => SocketLike = (u) => new WebSocket(u, socketProtocols(token())),
  ) {}

  static urlFor(matchId: number, loc: Location = window.location): string {
    return socketUrl(`/ws/matches/${matchId}/`, loc);
  }

  connect(): void {
    this.stopped = false;
    const openedWith = token(); // a 4401 means "signed out" only while it is still the app's
    const ws = this.open(withAfter(this.url, this.known));
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.handlers.status?.("open");
    };
    ws.onmessage = (ev: MessageEvent) => this.receive(String(ev.data));
    ws.onclose = (ev: CloseEvent) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.handlers.status?.("closed");
      const action = closeAction(ev.code, openedWith);
      if (action !== "reconnect") {
        if (action === "signed_out") this.stopped = true; // not even on wake(): the login is gone
        this.handlers.refused?.(ev.code, ev.reason);
        closedForGood(ev.code, openedWith); // 4401: to the sign-in screen
        return;
      }
      if (!this.stopped) this.schedule();
    };
    ws.onerror = () => {
      /* onclose follows and reconnects */
    };
  }

  private schedule(): void {
    if (this.timer !== null) return;
    const wait = backoff(this.attempts++);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, wait);
  }

  /** Reconnect now (the browser came back online or the page became visible). */
  wake(): void {
    if (this.stopped || this.ws) return;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.attempts = 0;
    this.connect();
  }

  resume(v: number): void {
    this.send({ resume: v });
  }

  send(message: unknown): void {
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify(message));
  }

  receive(text: string): void {
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch {
      return;
    }
    const v = frame.v ?? 0;
    if (frame.t === "hello") {
      const { catch_up, ...detail } = frame.d as HelloDetail;
      this.handlers.hello(detail, v);
      if (this.known <= 0 || v <= this.known) return;
      if (catch_up === undefined) {
        this.resume(this.known); // opened without `after` (or by an older server)
        return;
      }
      const caught: EventsFrame = {
        after: catch_up.after,
        events: catch_up.events,
        view: detail.view,
        status: detail.status,
        active_seats: detail.active_seats,
        outcome: detail.outcome,
      };
      const action = eventsAction(this.known, caught, v);
      if (action === "gap") this.resume(this.known);
      else if (action === "apply") this.handlers.events(caught, v);
    } else if (frame.t === "events") {
      const d = frame.d as EventsFrame;
      const action = eventsAction(this.known, d, v);
      if (action === "gap") this.resume(this.known);
      else if (action === "apply") this.handlers.events(d, v);
    } else if (frame.t === "presence") {
      const d = frame.d as { users: { id: number; user: string; name: string; seat: number | null }[] };
      this.handlers.presence?.(d.users);
    } else if (frame.t === "chat") {
      this.handlers.chat?.(frame.d as ChatMessage);
    }
  }

  close(): void {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    const ws = this.ws;
    this.ws = null;
    ws?.close(1000);
  }

  get connected(): boolean {
    return this.ws !== null && this.ws.readyState === 1;
  }
}
