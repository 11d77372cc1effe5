import { afterEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "./api";
import { saveLogin } from "./store";
import {
  backoff,
  closeAction,
  eventsAction,
  MatchSocket,
  openSocket,
  SIGNED_OUT,
  socketProtocols,
  withAfter,
  type EventsFrame,
} from "./socket";
import type { MatchDetail } from "./types";

class FakeSocket {
  readyState = 1;
  sent: string[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
}

describe("match socket", () => {
  it("applies contiguous frames, drops stale ones, resumes after a gap", () => {
    expect(eventsAction(5, { after: 5 }, 7)).toBe("apply");
    expect(eventsAction(5, { after: 3 }, 5)).toBe("stale");
    expect(eventsAction(5, { after: 6 }, 8)).toBe("gap");
  });

  it("waits longer after each failure, up to half a minute", () => {
    const mid = () => 0.5;
    expect(backoff(0, mid)).toBe(500);
    expect(backoff(3, mid)).toBe(4000);
    expect(backoff(20, mid)).toBe(30000);
  });

  it("asks for the missing events with {resume: v} and hands over the rest in order", () => {
    const fake = new FakeSocket();
    const got: number[] = [];
    const s = new MatchSocket("ws://x/ws/matches/1/", {
      hello: () => undefined,
      events: (_f, v) => {
        got.push(v);
        s.known = v;
      },
    }, () => fake);
    s.connect();
    s.known = 4;
    s.receive(JSON.stringify({ t: "events", d: { after: 6, events: [] }, v: 8 }));
    expect(fake.sent).toEqual([JSON.stringify({ resume: 4 })]);
    s.receive(JSON.stringify({ t: "events", d: { after: 4, events: [] }, v: 8 }));
    s.receive(JSON.stringify({ t: "events", d: { after: 4, events: [] }, v: 8 }));
    expect(got).toEqual([8]);
  });

  it("resumes from its version when a new connection says hello further on", () => {
    const fake = new FakeSocket();
    let hello: MatchDetail | null = null;
    const s = new MatchSocket("ws://x/", { hello: (d) => (hello = d), events: () => undefined }, () => fake);
    s.connect();
    s.known = 3;
    s.receive(JSON.stringify({ t: "hello", d: { id: 1 }, v: 9 }));
    expect(hello).toEqual({ id: 1 });
    expect(fake.sent).toEqual([JSON.stringify({ resume: 3 })]);
  });

  it("says the version its log is complete up to in the URL of a new connection", () => {
    const urls: string[] = [];
    const s = new MatchSocket("ws://x/ws/matches/1/", { hello: () => undefined, events: () => undefined }, (u) => {
      urls.push(u);
      return new FakeSocket();
    });
    s.connect();
    s.known = 7;
    s.connect();
    expect(urls).toEqual(["ws://x/ws/matches/1/", "ws://x/ws/matches/1/?after=7"]);
    expect(withAfter("ws://x/ws/matches/1/", 3)).toBe("ws://x/ws/matches/1/?after=3");
  });

  it("takes what it missed from the hello's catch_up, without a resume", () => {
    const fake = new FakeSocket();
    let hello: MatchDetail | null = null;
    const frames: [EventsFrame, number][] = [];
    const s = new MatchSocket("ws://x/", { hello: (d) => (hello = d), events: (f, v) => frames.push([f, v]) }, () => fake);
    s.connect();
    s.known = 3;
    const events = [{ seq: 4 }, { seq: 5 }];
    const detail = { id: 1, view: { n: 5 }, status: "active", active_seats: [1], outcome: null };
    s.receive(JSON.stringify({ t: "hello", d: { ...detail, catch_up: { after: 3, events } }, v: 5 }));
    expect(hello).toEqual(detail);
    expect(frames).toEqual([[{ after: 3, events, view: { n: 5 }, status: "active", active_seats: [1], outcome: null }, 5]]);
    expect(fake.sent).toEqual([]);
  });

  it("asks for a resume when a hello's catch_up starts after its log", () => {
    const fake = new FakeSocket();
    const s = new MatchSocket("ws://x/", { hello: () => undefined, events: () => undefined }, () => fake);
    s.connect();
    s.known = 2;
    s.receive(JSON.stringify({ t: "hello", d: { id: 1, catch_up: { after: 4, events: [] } }, v: 6 }));
    expect(fake.sent).toEqual([JSON.stringify({ resume: 2 })]);
  });

  it("reconnects by itself after a drop, but not after a refusal", async () => {
    const opened: FakeSocket[] = [];
    let refused = 0;
    const s = new MatchSocket("ws://x/", { hello: () => undefined, events: () => undefined, refused: () => refused++ }, () => {
      const f = new FakeSocket();
      opened.push(f);
      return f;
    });
    s.connect();
    opened[0]!.onclose!({ code: 1006, reason: "" } as CloseEvent);
    s.wake();
    expect(opened).toHaveLength(2);
    opened[1]!.onclose!({ code: 4403, reason: "no" } as CloseEvent);
    s.wake();
    expect(refused).toBe(1);
    s.close();
  });

  it("comes back after 4429 (too many sockets): a slot frees when another tab closes", () => {
    const opened: FakeSocket[] = [];
    let refused = 0;
    const s = new MatchSocket("ws://x/", { hello: () => undefined, events: () => undefined, refused: () => refused++ }, () => {
      const f = new FakeSocket();
      opened.push(f);
      return f;
    });
    s.connect();
    opened[0]!.onclose!({ code: 4429, reason: "too many" } as CloseEvent);
    s.wake();
    expect(opened).toHaveLength(2);
    expect(refused).toBe(0);
    s.close();
  });
});

describe("a socket whose login is gone", () => {
  afterEach(() => {
    setUnauthorizedHandler(() => {});
  });

  it("reads 4401 as signed out, the other refusals as final, anything else as come back", () => {
    expect(SIGNED_OUT).toBe(4401);
    expect(closeAction(4401)).toBe("signed_out");
    for (const code of [4400, 4403, 4404]) expect(closeAction(code)).toBe("refused");
    for (const code of [1000, 1006, 1011, 1013, 4429]) expect(closeAction(code)).toBe("reconnect");
  });

  it("sends the player to the sign-in screen when the server closes it with 4401", () => {
    const opened: FakeSocket[] = [];
    let signedOut = 0;
    let refused: number[] = [];
    setUnauthorizedHandler(() => signedOut++);
    const s = new MatchSocket(
      "ws://x/",
      { hello: () => undefined, events: () => undefined, refused: (code) => refused.push(code) },
      () => {
        const f = new FakeSocket();
        opened.push(f);
        return f;
      },
    );
    s.connect();
    opened[0]!.onclose!({ code: 4403, reason: "private" } as CloseEvent);
    expect([signedOut, refused]).toEqual([0, [4403]]); // refused, but still signed in
    s.wake();
    refused = [];
    opened[1]!.onclose!({ code: 4401, reason: "Signed out: log in again." } as CloseEvent);
    expect([signedOut, refused]).toEqual([1, [4401]]);
    s.wake();
    expect(opened).toHaveLength(2); // no new connection with a token that is gone
  });
});

describe("a socket whose token the app has replaced", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setUnauthorizedHandler(() => {});
  });

  it("comes back with the new token after 4401 instead of signing out (a password change)", () => {
    const stored = new Map<string, string>();
    vi.stubGlobal("localStorage", {
      getItem: (k: string) => stored.get(k) ?? null,
      setItem: (k: string, v: string) => stored.set(k, v),
      removeItem: (k: string) => stored.delete(k),
    });
    saveLogin("old-token", { username: "alice" });
    const opened: FakeSocket[] = [];
    let signedOut = 0;
    setUnauthorizedHandler(() => signedOut++);
    const s = new MatchSocket("ws://x/", { hello: () => undefined, events: () => undefined }, () => {
      const f = new FakeSocket();
      opened.push(f);
      return f;
    });
    s.connect();
    saveLogin("new-token", { username: "alice" }); // the password change's answer
    expect(closeAction(4401, "old-token")).toBe("reconnect");
    opened[0]!.onclose!({ code: 4401, reason: "Signed out: log in again." } as CloseEvent);
    s.wake();
    expect([opened.length, signedOut]).toEqual([2, 0]);
    opened[1]!.onclose!({ code: 4401, reason: "Signed out: log in again." } as CloseEvent);
    expect(signedOut).toBe(1); // the new token revoked too: signed out now
    s.close();
  });
});

describe("the home socket", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    setUnauthorizedHandler(() => {});
  });

  function homeSockets(): FakeSocket[] {
    const made: FakeSocket[] = [];
    vi.stubGlobal("window", { location: { protocol: "http:", host: "ludoteka.example" } });
    vi.stubGlobal(
      "WebSocket",
      class extends FakeSocket {
        constructor() {
          super();
          made.push(this);
        }
      },
    );
    return made;
  }

  it("signs out on 4401 and does not come back; comes back after a drop", async () => {
    vi.useFakeTimers();
    const made = homeSockets();
    let signedOut = 0;
    setUnauthorizedHandler(() => signedOut++);
    const { InboxCtrl } = await import("./inbox/ctrl");
    const ctrl = new InboxCtrl("alice");
    const listen = () => (ctrl as unknown as { listen(): void }).listen();
    listen();
    made[0]!.onclose!({ code: 1006, reason: "" } as CloseEvent);
    vi.advanceTimersByTime(60_000);
    expect([made.length, signedOut]).toEqual([2, 0]);
    made[1]!.onclose!({ code: 4401, reason: "Signed out: log in again." } as CloseEvent);
    vi.advanceTimersByTime(60_000);
    expect([made.length, signedOut]).toEqual([2, 1]);
    ctrl.destroy();
  });
});

describe("socket credentials", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("carry the token in the subprotocols, never in the URL", () => {
    const made: { url: string; protocols: string[] }[] = [];
    vi.stubGlobal(
      "WebSocket",
      class {
        constructor(url: string, protocols: string[]) {
          made.push({ url, protocols });
        }
      },
    );
    const loc = { protocol: "https:", host: "ludoteka.example" } as Location;
    openSocket("/ws/me/", "k3y", loc);
    expect(made).toEqual([{ url: "wss://ludoteka.example/ws/me/", protocols: ["ludoteka", "ludoteka.token.k3y"] }]);
    expect(MatchSocket.urlFor(5, loc)).toBe("wss://ludoteka.example/ws/matches/5/");
    expect(socketProtocols(null)).toEqual([]); // no token: the session cookie, if any
  });
});
