/** Commands and values in words, for buttons, confirm bars and panels (any board may use it). */

import type { Command, Json } from "../../types";

export function humanize(key: string): string {
  const text = key.replace(/_/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A value in a few words: cells as (q,r), lists joined, objects as key: value. */
export function formatValue(value: Json | undefined): string {
  if (value === undefined || value === null) return "—";
  if (typeof value === "boolean") return value ? "✓" : "✗";
  if (typeof value === "number") return String(value);
  // Engine identifiers ("setup_settlement") read as words; other strings stay as they are.
  if (typeof value === "string") return /^[a-z]+(_[a-z0-9]+)+$/.test(value) ? humanize(value) : value;
  if (Array.isArray(value)) {
    if (value.length === 0) return "∅";
    if (value.every((v) => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === "number")))
      return value.map((v) => `(${(v as number[]).join(",")})`).join(" ");
    if (value.length === 2 && value.every((n) => typeof n === "number")) return `(${value.join(",")})`;
    return value.map(formatValue).join(", ");
  }
  return Object.entries(value)
    .map(([k, v]) => `${humanize(k)}: ${formatValue(v)}`)
    .join(", ");
}

/** "Place tile: Hex 12, Tile samurai2" */
export function describeCommand(command: Command): string {
  const fields = Object.entries(command)
    .filter(([k]) => k !== "type")
    .map(([k, v]) => `${humanize(k)} ${formatValue(v as Json)}`);
  return fields.length ? `${humanize(command.type)}: ${fields.join(", ")}` : humanize(command.type);
}
