/** Client-side routes. The server answers every one of these paths with the app shell. */

export type Route =
  | { name: "inbox" }
  | { name: "login" }
  | { name: "register" }
  | { name: "new"; game?: string }
  | { name: "match"; id: number }
  | { name: "replay"; id: number; version?: number }
  | { name: "profile"; username?: string }
  | { name: "settings" }
  | { name: "rules"; game: string; match?: number }
  | { name: "notifications" }
  | { name: "tournaments" }
  | { name: "tournament"; id: number }
  | { name: "tournament_new" }
  | { name: "staff_board"; id: number; seq?: number; seat: string | null }
  | { name: "account" }
  | { name: "forgot" }
  | { name: "reset"; uid: string; token: string }
  | { name: "verify_email"; uid: string; token: string }
  | { name: "unsubscribe"; token: string }
  | { name: "notfound"; path: string };

export function parse(pathname: string, search = ""): Route {
  const path = pathname.replace(/\/+$/, "") || "/";
  const query = new URLSearchParams(search);
  const parts = path.split("/").filter(Boolean);
  const id = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : null);
  if (path === "/") return { name: "inbox" };
  if (path === "/login") return { name: "login" };
  if (path === "/register") return { name: "register" };
  if (path === "/new") {
    const game = query.get("game");
    return game ? { name: "new", game } : { name: "new" };
  }
  if (parts[0] === "matches" && parts.length === 2 && id(parts[1]) !== null)
    return { name: "match", id: id(parts[1])! };
  if (parts[0] === "matches" && parts[2] === "replay" && parts.length === 3 && id(parts[1]) !== null) {
    const v = id(query.get("v") ?? undefined);
    return v === null ? { name: "replay", id: id(parts[1])! } : { name: "replay", id: id(parts[1])!, version: v };
  }
  if (path === "/profile") return { name: "profile" };
  if (parts[0] === "players" && parts.length === 2 && parts[1])
    return { name: "profile", username: decodeURIComponent(parts[1]) };
  if (path === "/settings") return { name: "settings" };
  if (parts[0] === "rules" && parts.length === 2 && parts[1]) {
    // Opened from a match (`?match=42`): the page marks that match's options.
    const match = id(query.get("match") ?? undefined);
    return match === null ? { name: "rules", game: parts[1] } : { name: "rules", game: parts[1], match };
  }
  if (path === "/notifications") return { name: "notifications" };
  if (path === "/tournaments") return { name: "tournaments" };
  if (path === "/tournaments/new") return { name: "tournament_new" };
  if (parts[0] === "tournaments" && parts.length === 2 && id(parts[1]) !== null)
    return { name: "tournament", id: id(parts[1])! };
  if (parts[0] === "staff" && parts[1] === "matches" && parts.length === 3 && id(parts[2]) !== null) {
    const seq = id(query.get("seq") ?? undefined);
    const seat = query.get("seat");
    return seq === null ? { name: "staff_board", id: id(parts[2])!, seat } : { name: "staff_board", id: id(parts[2])!, seq, seat };
  }
  // The account's pages (pwa/src/account/); the last three are opened by mailed links.
  if (path === "/account") return { name: "account" };
  if (path === "/account/forgot") return { name: "forgot" };
  if (parts[0] === "account" && (parts[1] === "reset" || parts[1] === "verify") && parts.length === 4)
    return { name: parts[1] === "reset" ? "reset" : "verify_email", uid: parts[2]!, token: parts[3]! };
  if (path === "/unsubscribe" && query.get("token")) return { name: "unsubscribe", token: query.get("token")! };
  return { name: "notfound", path };
}

export function href(route: Route): string {
  switch (route.name) {
    case "inbox":
      return "/";
    case "login":
      return "/login";
    case "register":
      return "/register";
    case "new":
      return route.game ? `/new?game=${encodeURIComponent(route.game)}` : "/new";
    case "match":
      return `/matches/${route.id}`;
    case "replay":
      return `/matches/${route.id}/replay${route.version !== undefined ? `?v=${route.version}` : ""}`;
    case "profile":
      return route.username ? `/players/${encodeURIComponent(route.username)}` : "/profile";
    case "settings":
      return "/settings";
    case "rules":
      return `/rules/${route.game}${route.match !== undefined ? `?match=${route.match}` : ""}`;
    case "notifications":
      return "/notifications";
    case "tournaments":
      return "/tournaments";
    case "tournament":
      return `/tournaments/${route.id}`;
    case "tournament_new":
      return "/tournaments/new";
    case "staff_board":
      return `/staff/matches/${route.id}${route.seq !== undefined ? `?seq=${route.seq}&seat=${route.seat ?? "spectator"}` : ""}`;
    case "account":
      return "/account";
    case "forgot":
      return "/account/forgot";
    case "reset":
      return `/account/reset/${route.uid}/${route.token}`;
    case "verify_email":
      return `/account/verify/${route.uid}/${route.token}`;
    case "unsubscribe":
      return `/unsubscribe?token=${encodeURIComponent(route.token)}`;
    case "notfound":
      return route.path;
  }
}

let listener: (route: Route) => void = () => {};

export function onNavigate(fn: (route: Route) => void): void {
  listener = fn;
  window.addEventListener("popstate", () => listener(current()));
  // Same-origin links become client-side navigations.
  document.addEventListener("click", (ev) => {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    const a = (ev.target as Element | null)?.closest?.("a");
    if (!a || a.target || a.hasAttribute("download")) return;
    const target = new URL(a.href, location.href);
    if (target.origin !== location.origin || target.pathname.startsWith("/api/") || target.pathname.startsWith("/admin/")) return;
    ev.preventDefault();
    navigate(target.pathname + target.search);
  });
}

export function current(): Route {
  return parse(location.pathname, location.search);
}

export function navigate(to: string | Route, replace = false): void {
  const path = typeof to === "string" ? to : href(to);
  if (replace) history.replaceState(null, "", path);
  else history.pushState(null, "", path);
  listener(current());
  window.scrollTo(0, 0);
}
