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
