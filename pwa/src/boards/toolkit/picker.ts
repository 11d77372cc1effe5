/** The step-by-step command builder: the legal commands narrowed by successive choices.
 *
 * A board names its steps ("which tile", then "which hex"); each step reads one value of a
 * command (a field, or anything derived from it). After each choice only the commands that
 * agree with every choice so far remain, so the board highlights just the values still
 * possible ("pick a piece, then see only its legal spots") and never lists the commands. */

import type { Command, Json } from "../../types";

export interface Step {
  /** The name of the choice ("tile", "hex", "type"). */
  key: string;
  /** The value a command has for this step; default: the field named `key`. */
  get?: (command: Command) => Json | undefined;
}

/** A stable identity for a JSON value (object keys sorted, so {a,b} equals {b,a}). */
export function keyOf(value: Json | undefined): string {
  if (value === undefined) return "∅";
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(keyOf).join(",")}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${keyOf(value[k])}`).join(",")}}`;
}

function valueOf(step: Step | string, command: Command): Json | undefined {
  if (typeof step === "string") return command[step];
  return step.get ? step.get(command) : command[step.key];
}

function stepKey(step: Step | string): string {
  return typeof step === "string" ? step : step.key;
}

/** The distinct values `step` takes among `commands`, in first-seen order. */
export function valuesOf(commands: readonly Command[], step: Step | string): Json[] {
  const seen = new Map<string, Json>();
  for (const c of commands) {
    const v = valueOf(step, c);
    if (v === undefined) continue;
    const k = keyOf(v);
    if (!seen.has(k)) seen.set(k, v);
  }
  return [...seen.values()];
}

/** Commands that agree with every choice (`choices` maps a step key to the chosen value). */
export function narrow(
  commands: readonly Command[],
  steps: readonly (Step | string)[],
  choices: ReadonlyMap<string, Json>,
): Command[] {
  const wanted = steps
    .filter((s) => choices.has(stepKey(s)))
    .map((s) => [s, keyOf(choices.get(stepKey(s)))] as const);
  return commands.filter((c) => wanted.every(([s, k]) => keyOf(valueOf(s, c)) === k));
}

/** The choices of one match screen: the board's steps and what the player picked so far. */
export class Picker {
  private chosen = new Map<string, Json>();
  private legalKey = "";

  /** Forgets the choices when the legal commands changed. A new version of the match that
   * leaves them as they were (another seat's move in a phase where several act: Catan's
   * discards after a 7) keeps a half-made choice; the player's own move resets it anyway. */
  sync(legal: readonly Command[]): void {
    const key = legal.map((c) => keyOf(c as unknown as Json)).join("\n");
    if (key !== this.legalKey) {
      this.legalKey = key;
      this.chosen.clear();
    }
  }

  get choices(): ReadonlyMap<string, Json> {
    return this.chosen;
  }

  has(key: string): boolean {
    return this.chosen.has(key);
  }

  get(key: string): Json | undefined {
    return this.chosen.get(key);
  }

  /** Chooses `value` for `key`; choosing the chosen value again un-chooses it (a toggle). */
  choose(key: string, value: Json): void {
    if (this.chosen.has(key) && keyOf(this.chosen.get(key)) === keyOf(value)) this.chosen.delete(key);
    else this.chosen.set(key, value);
  }

  /** Sets `value` for `key`, and forgets every choice made after it in `steps`' order. */
  set(key: string, value: Json, steps?: readonly (Step | string)[]): void {
    if (steps) {
      const at = steps.findIndex((s) => stepKey(s) === key);
      for (const s of steps.slice(at + 1)) this.chosen.delete(stepKey(s));
    }
    this.chosen.set(key, value);
  }

  unset(key: string): void {
    this.chosen.delete(key);
  }

  reset(): void {
    this.chosen.clear();
  }

  /** The legal commands still possible. */
  remaining(legal: readonly Command[], steps: readonly (Step | string)[]): Command[] {
    return narrow(legal, steps, this.chosen);
  }

  /** The first step not chosen yet with its possible values; steps with a single possible
   * value are taken as chosen. Null when one command remains (or none). */
  next(
    legal: readonly Command[],
    steps: readonly (Step | string)[],
  ): { step: Step | string; values: Json[]; remaining: Command[] } | null {
    let remaining = narrow(legal, steps, this.chosen);
    for (const step of steps) {
      if (this.chosen.has(stepKey(step))) continue;
      const values = valuesOf(remaining, step);
      if (values.length === 0) continue;
      if (values.length === 1) {
        remaining = narrow(remaining, [step], new Map([[stepKey(step), values[0]!]]));
        continue;
      }
      if (remaining.length <= 1) return null;
      return { step, values, remaining };
    }
    return null;
  }

  /** The single command the choices lead to, or null while several (or none) remain. */
  complete(legal: readonly Command[], steps: readonly (Step | string)[]): Command | null {
    const left = narrow(legal, steps, this.chosen);
    return left.length === 1 ? left[0]! : null;
  }
}

/** Whether two commands are the same command (field order aside). */
export function sameCommand(a: Command | null | undefined, b: Command | null | undefined): boolean {
  if (!a || !b) return false;
  return keyOf(a as unknown as Json) === keyOf(b as unknown as Json);
}
