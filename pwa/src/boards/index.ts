/** Finds the board module of a game, loaded on demand: each `boards/<slug>.ts(x)` becomes its
 * own chunk, fetched the first time a match of that game opens; a game without one gets the
 * generic board. Nothing here is in the shell's first load but this small table. */

import type { BoardModule } from "./types";

const modules = import.meta.glob<BoardModule>(["./*.ts", "./*.tsx", "!./index.ts", "!./types.ts", "!./*.test.ts", "!./*.test.tsx"]);

export function boardPath(slug: string): string | null {
  for (const ext of [".ts", ".tsx"]) {
    const path = `./${slug}${ext}`;
    if (path in modules && slug !== "generic") return path;
  }
  return null;
}

export function hasOwnBoard(slug: string): boolean {
  return boardPath(slug) !== null;
}

const loaded = new Map<string, Promise<BoardModule>>();

export function loadBoard(slug: string): Promise<BoardModule> {
  const path = boardPath(slug) ?? (modules["./generic.tsx"] ? "./generic.tsx" : "./generic.ts");
  let promise = loaded.get(path);
  if (!promise) {
    const load = modules[path];
    if (!load) return Promise.reject(new Error(`no board module at ${path}`));
    promise = load();
    loaded.set(path, promise);
  }
  return promise;
}

export function loadGenericBoard(): Promise<BoardModule> {
  return loadBoard("generic");
}
