/** The one door from a match's JSON view to a board's typed view. The types come from the
 * games' view schemas (games/<slug>/view.schema.json → api/views.d.ts), which the server's
 * tests hold every real view to; here only a cheap check that the value is such a view at all
 * (an object with the field the board reads first), not a lobby's null or another game's. */

import type { components, GameViews } from "../api/views";
import type { Json } from "../types";

/** The generated view schemas' parts by name (`SamuraiSpace`, `DrunterVoteView`...). */
export type ViewParts = components["schemas"];

export function viewOf<G extends keyof GameViews>(_game: G, view: Json, marker: keyof GameViews[G] & string): GameViews[G] | null {
  if (view === null || typeof view !== "object" || Array.isArray(view) || !(marker in view)) return null;
  return view as unknown as GameViews[G];
}

/** A typed view handed back where the board contract takes JSON (`describe`). */
export function asJson<G extends keyof GameViews>(view: GameViews[G]): Json {
  return view as unknown as Json;
}
