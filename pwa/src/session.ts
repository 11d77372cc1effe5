/** Who is logged in, and the games' descriptions (fetched once, kept for offline starts). */

import { api, ApiError, cachedGet } from "./api";
import { clearLogin, saveLogin, savedUser } from "./store";
import type { GameInfo, User } from "./types";

let user: User | null = savedUser<User>();
let games: GameInfo[] = [];
let gamesLoading: Promise<GameInfo[]> | null = null;
const details = new Map<string, Promise<GameInfo>>();

export function currentUser(): User | null {
  return user;
}

export function loggedIn(u: User, token: string): void {
  user = u;
  saveLogin(token, u);
}

export function loggedOut(): void {
  user = null;
  clearLogin();
}

let kickedOut = false;

/** The login went while the app was in use (a 401, or a socket closed with 4401: revoked here
 * or from another device, a password change): the sign-in screen says so, once. */
export function signedOutElsewhere(): void {
  loggedOut();
  kickedOut = true;
}

/** Whether the sign-in screen should say the player was signed out (asked once). */
export function takeSignedOutNotice(): boolean {
  const was = kickedOut;
  kickedOut = false;
  return was;
}

export async function logout(): Promise<void> {
  try {
    await api.logout();
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
  }
  loggedOut();
}

export function knownGames(): GameInfo[] {
  return games;
}

export function loadGames(): Promise<GameInfo[]> {
  if (!gamesLoading) {
    gamesLoading = cachedGet<{ results: GameInfo[] }>("games", "games")
      .then((r) => {
        games = r.data.results;
        return games;
      })
      .catch((err: unknown) => {
        gamesLoading = null;
        throw err;
      });
  }
  return gamesLoading;
}

/** One game in full: command schemas, event templates, rules. */
export function loadGame(slug: string): Promise<GameInfo> {
  let p = details.get(slug);
  if (!p) {
    p = cachedGet<GameInfo>(`game.${slug}`, `games/${slug}`).then((r) => r.data);
    p.catch(() => details.delete(slug));
    details.set(slug, p);
  }
  return p;
}
