/** The REST API: JSON in and out, the login token on every request, errors as ApiError with
 * the server's `{code, message}` so screens can explain a refusal in the server's words. */

import { recall, remember, token } from "./store";
import type {
  AppNotification,
  ChatMessage,
  Command,
  CommandResult,
  GameInfo,
  Json,
  MatchDetail,
  MatchEvent,
  MatchSummary,
  Page,
  User,
} from "./types";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** No answer from the server at all (offline, server down). */
  get offline(): boolean {
    return this.status === 0;
  }
}

type Query = Record<string, string | number | boolean | undefined>;

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return `/api/${path}${qs ? `?${qs}` : ""}`;
}

/** Called with every 401, so the app can send the player to the login screen. */
let onUnauthorized: () => void = () => {};
export function setUnauthorizedHandler(fn: () => void): void {
  onUnauthorized = fn;
}

/** The login is gone (a 401, or a socket closed with 4401: socket.ts): the sign-in screen. */
export function signedOut(): void {
  onUnauthorized();
}

export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  query?: Query,
): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const key = token();
  // The token, never the session cookie, authenticates the app: no CSRF token is needed and
  // the same credential opens the sockets (as a subprotocol: socket.ts).
  if (key) headers.Authorization = `Token ${key}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response: Response;
  try {
    response = await fetch(url(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "omit",
    });
  } catch {
    throw new ApiError(0, "offline", "No connection to the server.");
  }
  if (response.status === 204) return undefined as T;
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const obj = (data && typeof data === "object" ? data : {}) as Record<string, unknown>;
    const code = typeof obj.code === "string" ? obj.code : `http_${response.status}`;
    const message =
      typeof obj.message === "string" ? obj.message : `The server answered ${response.status}.`;
    if (response.status === 401) onUnauthorized();
    throw new ApiError(response.status, code, message, obj);
  }
  return data as T;
}

/** GET with an offline fallback: the last answer seen for the same key. */
export async function cachedGet<T>(
  cacheKey: string,
  path: string,
  query?: Query,
): Promise<{ data: T; offline: boolean }> {
  try {
    const data = await request<T>("GET", path, undefined, query);
    remember(cacheKey, data);
    return { data, offline: false };
  } catch (err) {
    const cached = recall<T>(cacheKey);
    if (err instanceof ApiError && err.offline && cached !== null) {
      return { data: cached, offline: true };
    }
    throw err;
  }
}

/** A fresh id for a command: a retry with the same id is answered, never applied twice. */
export function newCommandId(): string {
  if (typeof crypto !== "undefined" && "randomUUID" in crypto) return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface LoginResult extends User {
  token: string;
}

export const api = {
  login: (username: string, password: string) =>
    request<LoginResult>("POST", "accounts/login", { username, password }),
  register: (username: string, password: string, display_name: string, language: string, email = "") =>
    request<LoginResult>("POST", "accounts/register", {
      username,
      password,
      display_name,
      language,
      ...(email ? { email } : {}),
    }),
  logout: () => request<void>("POST", "accounts/logout"),
  me: () => request<User>("GET", "accounts/me"),
  updateMe: (patch: Partial<Pick<User, "display_name" | "language">>) =>
    request<User>("PATCH", "accounts/me", patch),
  games: () => request<{ results: GameInfo[] }>("GET", "games"),
  game: (slug: string) => request<GameInfo>("GET", `games/${slug}`),
  matches: (query: Query) => request<Page<MatchSummary>>("GET", "matches", undefined, query),
  createMatch: (body: unknown) => request<MatchDetail>("POST", "matches", body),
  match: (id: number) => request<MatchDetail>("GET", `matches/${id}`),
  join: (id: number) => request<MatchDetail>("POST", `matches/${id}/join`, {}),
  leave: (id: number) => request<MatchDetail>("POST", `matches/${id}/leave`, {}),
  start: (id: number) => request<MatchDetail>("POST", `matches/${id}/start`, {}),
  events: (id: number, since: number) =>
    request<{ version: number; events: MatchEvent[] }>("GET", `matches/${id}/events`, undefined, {
      since,
    }),
  legal: (id: number) =>
    request<{ version: number; seat: number; commands: Command[] }>("GET", `matches/${id}/legal`),
  command: (id: number, command: Command, commandId: string, expectedVersion?: number) =>
    request<CommandResult>("POST", `matches/${id}/commands`, {
      command_id: commandId,
      command,
      expected_version: expectedVersion,
    }),
  undo: (id: number, commandId: string, scope: "step" | "turn" = "step") =>
    request<CommandResult>("POST", `matches/${id}/undo`, { command_id: commandId, scope }),
  resign: (id: number, commandId: string) =>
    request<CommandResult>("POST", `matches/${id}/resign`, { command_id: commandId }),
  chat: (id: number) => request<Page<ChatMessage>>("GET", `matches/${id}/chat`),
  say: (id: number, text: string) => request<ChatMessage>("POST", `matches/${id}/chat`, { text }),
  viewAt: (id: number, version: number) =>
    request<{
      version: number;
      view: Json;
      active_seats: number[];
      seat: number | null;
      explanation?: MatchDetail["explanation"];
    }>(
      "GET",
      `matches/${id}/replay`,
      undefined,
      { version },
    ),
  ratings: (username: string) =>
    request<{ results: { game: string; rating: number; matches?: number }[] }>(
      "GET",
      `users/${encodeURIComponent(username)}/ratings`,
    ),
  preferences: () => request<Record<string, unknown>>("GET", "notifications/preferences"),
  savePreferences: (patch: Record<string, unknown>) =>
    request<Record<string, unknown>>("PATCH", "notifications/preferences", patch),
  pushKey: () => request<{ public_key: string }>("GET", "push/key"),
  pushSubscribe: (subscription: unknown) => request<unknown>("POST", "push/subscriptions", subscription),
  pushUnsubscribe: (endpoint: string) =>
    request<void>("DELETE", "push/subscriptions", undefined, { endpoint }),
  notifications: (query: Query = {}) =>
    request<Page<AppNotification> & { unread: number }>("GET", "notifications", undefined, query),
  markRead: (ids: number[] | "all") =>
    request<{ marked: number; unread: number }>(
      "POST",
      "notifications/read",
      ids === "all" ? { all: true } : { ids },
    ),
  pushTest: () => request<{ sent: number; gone: number; failed: number }>("POST", "push/test"),
};
