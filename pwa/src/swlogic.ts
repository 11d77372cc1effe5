/** The service worker's decisions, as pure functions (sw.ts imports them; tests too). */

/** Requests the worker leaves to the network: other sites, the API, admin, sockets, static. */
export function passThrough(url: URL, origin: string): boolean {
  return url.origin !== origin || /^\/(api|admin|ws|static|api-auth)(\/|$)/.test(url.pathname);
}

/** The app path a notification opens: only paths of this site, else the home screen. */
export function targetPath(raw: unknown, origin: string): string {
  if (typeof raw !== "string" || !raw) return "/";
  try {
    const url = new URL(raw, origin);
    return url.origin === origin ? url.pathname + url.search : "/";
  } catch {
    return "/";
  }
}

export interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  kind?: string;
  match?: number | null;
}

/** What a push shows: title, text, tag and the path a tap opens. */
export function notificationOf(data: PushPayload): { title: string; body: string; tag?: string; url: string } {
  const url = data.url || (typeof data.match === "number" ? `/matches/${data.match}` : "/");
  const out: { title: string; body: string; tag?: string; url: string } = { title: data.title || "Ludoteka", body: data.body ?? "", url };
  if (data.tag) out.tag = data.tag;
  return out;
}
