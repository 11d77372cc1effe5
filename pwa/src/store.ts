/** What the app keeps on the device: the login token and the last known state of each match,
 * so that the app opens offline on what the player saw last. */

const TOKEN = "ludoteka.token";
const USER = "ludoteka.user";
const CACHE = "ludoteka.cache.";
const CACHE_INDEX = "ludoteka.cache-index";
const CACHE_LIMIT = 40; // matches kept for offline; the oldest seen goes first

function get(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function set(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* full or disabled storage: the app still works online */
  }
}

export function token(): string | null {
  return get(TOKEN);
}

export function saveLogin(key: string, user: unknown): void {
  set(TOKEN, key);
  set(USER, JSON.stringify(user));
}

export function savedUser<T>(): T | null {
  const raw = get(USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Forgets the login and every cached state (another person may use this device next). */
export function clearLogin(): void {
  for (const key of cacheIndex()) set(CACHE + key, null);
  set(CACHE_INDEX, null);
  set(TOKEN, null);
  set(USER, null);
}

function cacheIndex(): string[] {
  try {
    const list = JSON.parse(get(CACHE_INDEX) ?? "[]") as unknown;
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** Remembers `value` under `key` for offline use (most recent last, at most CACHE_LIMIT). */
export function remember(key: string, value: unknown): void {
  const index = cacheIndex().filter((k) => k !== key);
  index.push(key);
  while (index.length > CACHE_LIMIT) {
    const old = index.shift();
    if (old !== undefined) set(CACHE + old, null);
  }
  set(CACHE + key, JSON.stringify(value));
  set(CACHE_INDEX, JSON.stringify(index));
}

export function recall<T>(key: string): T | null {
  const raw = get(CACHE + key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
