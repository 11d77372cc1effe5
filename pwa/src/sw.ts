/** The service worker: the app shell from its cache (the app opens offline), push
 * notifications shown, and a tapped notification opening its match. API answers are never
 * cached here; the app keeps the last state of each match itself (store.ts). A classic
 * script: no exports, and its imports (a helper module, an icon's URL) are bundled in. */

import iconUrl from "./icons/icon-192.png";
import { notificationOf, passThrough, targetPath, type PushPayload } from "./swlogic";

// The few worker types used here (the DOM and WebWorker libraries do not mix in one program).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface WindowClient {
  url: string;
  focus(): Promise<unknown>;
  postMessage(m: unknown): void;
}
interface NotificationEvent extends ExtendableEvent {
  notification: { close(): void; data: unknown };
}
interface Worker {
  location: Location;
  skipWaiting(): Promise<void>;
  registration: { showNotification(title: string, options: Record<string, unknown>): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(o: { type: string; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  addEventListener(type: "install" | "activate", fn: (e: ExtendableEvent) => void): void;
  addEventListener(type: "fetch", fn: (e: FetchEvent) => void): void;
  addEventListener(type: "push", fn: (e: PushEvent) => void): void;
  addEventListener(type: "notificationclick", fn: (e: NotificationEvent) => void): void;
}
const sw = self as unknown as Worker;

// Filled in at build time (vite.config.ts): the built files, and a name that changes with them.
const SHELL = "__PRECACHE_LIST__" as unknown as string[];
const CACHE = "ludoteka-shell-__CACHE_VERSION__";

sw.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(Array.isArray(SHELL) ? SHELL : ["/"]))
      .then(() => sw.skipWaiting()),
  );
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("ludoteka-shell-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => sw.clients.claim()),
  );
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (passThrough(url, sw.location.origin)) return;
  if (request.mode === "navigate") {
    // Network first, so a new version shows when online; the cached shell when not.
    event.respondWith(fetch(request).catch(async () => (await caches.match("/", { cacheName: CACHE })) ?? Response.error()));
    return;
  }
  // Built files have hashed names: a cached copy is always right.
  event.respondWith(
    caches.match(request, { cacheName: CACHE }).then(
      (hit) =>
        hit ??
        fetch(request).then((response) => {
          if (response.ok && url.pathname.startsWith("/assets/")) {
            const copy = response.clone();
            void caches.open(CACHE).then((c) => c.put(request, copy));
          }
          return response;
        }),
    ),
  );
});

sw.addEventListener("push", (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() ?? {}) as PushPayload;
  } catch {
    data = { body: event.data?.text() ?? "" };
  }
  const n = notificationOf(data);
  event.waitUntil(
    sw.registration.showNotification(n.title, {
      body: n.body,
      tag: n.tag,
      icon: iconUrl,
      badge: iconUrl,
      data: { url: n.url },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = targetPath((event.notification.data as { url?: string } | null)?.url, sw.location.origin);
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then(async (windows) => {
      for (const w of windows) {
        if (new URL(w.url).origin === sw.location.origin) {
          await w.focus();
          w.postMessage({ type: "navigate", url: path });
          return;
        }
      }
      await sw.clients.openWindow(path);
    }),
  );
});
