/** A game's options and bot levels in the players' words (games/WORDS.md), from
 * `GET /api/games/<slug>`; what a game without words yet has (the option's name and
 * description, the level's name) otherwise. */

import { humanize } from "../boards/toolkit/words";
import { pick, t } from "../i18n";
import type { GameInfo, Json, OptionSchema } from "../types";

export function optionLabel(o: OptionSchema): string {
  return pick(o.label) || humanize(o.name);
}

/** What the option changes and what its default does. */
export function optionHelp(o: OptionSchema): string {
  return pick(o.help) || o.description;
}

/** One value of an option in words: a choice's label, "on"/"off", or the number. */
export function choiceLabel(o: OptionSchema, value: Json): string {
  const words = pick(o.choice_labels?.[String(value)]);
  if (words) return words;
  if (o.kind === "bool") return value === true ? t("option_on") : t("option_off");
  return String(value);
}

/** Presets (options that set others) first, the game's order otherwise. */
export function orderedOptions(g: GameInfo): OptionSchema[] {
  return [...g.options].sort((a, b) => (a.implies ? 0 : 1) - (b.implies ? 0 : 1));
}

/** The options a chosen preset sets: name -> {value, preset label}. */
export function impliedOptions(g: GameInfo, options: Record<string, Json>): Map<string, { value: Json; by: string }> {
  const out = new Map<string, { value: Json; by: string }>();
  for (const o of g.options) {
    const sets = o.implies?.[String(options[o.name])];
    if (!sets) continue;
    const by = `${optionLabel(o)}: ${choiceLabel(o, options[o.name] ?? null)}`;
    for (const [name, value] of Object.entries(sets)) out.set(name, { value, by });
  }
  return out;
}

/** "Sprint" for `pace=sprint` in a rules page's badge ("Pace: Sprint"). */
export function optionValueLabel(g: GameInfo, name: string, value: string): string {
  const o = g.options.find((x) => x.name === name);
  if (!o) return `${humanize(name)}: ${value}`;
  const typed: Json = o.kind === "bool" ? value === "true" : o.kind === "int" ? Number(value) : value;
  if (o.kind === "bool") return typed === true ? optionLabel(o) : `${optionLabel(o)}: ${t("option_off")}`;
  return `${optionLabel(o)}: ${choiceLabel(o, typed)}`;
}

/** The levels a player may pick, weakest first. */
export function botLevels(g: GameInfo): string[] {
  return g.player_bot_levels?.length ? g.player_bot_levels : g.bot_levels;
}

/** The level a new match starts with: the game's default, else "greedy" or the first. */
export function defaultBotLevel(g: GameInfo): string {
  const levels = botLevels(g);
  if (g.default_bot_level && levels.includes(g.default_bot_level)) return g.default_bot_level;
  return levels.includes("greedy") ? "greedy" : (levels[0] ?? "random");
}

export function botWords(g: GameInfo, level: string): { label: string; help: string; strength: string } {
  const b = g.bots?.find((x) => x.level === level);
  return {
    label: pick(b?.label) || humanize(level),
    help: pick(b?.help) || (b?.description && b.description !== level ? b.description : ""),
    strength: pick(b?.strength),
  };
}
