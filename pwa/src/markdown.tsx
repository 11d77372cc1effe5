/** A small Markdown reader for the rules pages (headings, paragraphs, lists, tables, emphasis,
 * code). It builds VNodes, never HTML strings, so nothing in a text can inject markup. */

import type { ComponentChild } from "preact";

function inline(text: string): ComponentChild[] {
  const out: ComponentChild[] = [];
  const re = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*|_[^_\s][^_]*_)/g;
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const s = m[0];
    if (s.startsWith("**")) out.push(<strong>{s.slice(2, -2)}</strong>);
    else if (s.startsWith("`")) out.push(<code>{s.slice(1, -1)}</code>);
    else out.push(<em>{s.slice(1, -1)}</em>);
    last = m.index! + s.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** How a rules page marks its `:::option name=value … :::` blocks (games/WORDS.md): with a
 * match's options, "in this match" or dimmed "not in this match"; without, as an option. */
export interface OptionMarks {
  /** The match's options, or null outside a match. */
  options: Record<string, unknown> | null;
  /** The block's badge: the option and value in words, and whether the match has it. */
  badge(name: string, value: string, state: "in" | "out" | "any"): string;
}

/** `:::option pace=sprint` -> ["pace", "sprint"]. */
export function optionFence(line: string): [string, string] | null {
  const m = /^:::\s*option\s+([\w-]+)\s*=\s*(\S+)\s*$/.exec(line.trim());
  return m ? [m[1]!, m[2]!] : null;
}

/** Whether a match with `options` has `name` set to `value` ("true"/"false" for a switch). */
export function optionState(options: Record<string, unknown> | null, name: string, value: string): "in" | "out" | "any" {
  if (!options || !(name in options)) return "any";
  return String(options[name]) === value ? "in" : "out";
}

export function markdown(source: string, marks?: OptionMarks): ComponentChild[] {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const out: ComponentChild[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i++;
      continue;
    }
    if (line.trim() === ":::") {
      i++; // a block's end whose start was not an option block: nothing to show
      continue;
    }
    const fence = optionFence(line);
    if (fence) {
      const inner: string[] = [];
      i++;
      while (i < lines.length && lines[i]!.trim() !== ":::") inner.push(lines[i++]!);
      i++;
      const [name, value] = fence;
      const state = optionState(marks?.options ?? null, name, value);
      out.push(
        <aside class={`rules-option rules-option-${state}`} data-option={`${name}=${value}`} data-state={state}>
          <p class="rules-option-badge">{marks ? marks.badge(name, value, state) : `${name} = ${value}`}</p>
          {markdown(inner.join("\n"), marks)}
        </aside>,
      );
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading) {
      const level = Math.min(6, heading[1]!.length + 1);
      const H = `h${level}` as "h2";
      out.push(<H>{inline(heading[2]!)}</H>);
      i++;
      continue;
    }
    if (line.startsWith("```")) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.startsWith("```")) code.push(lines[i++]!);
      i++;
      out.push(<pre><code>{code.join("\n")}</code></pre>);
      continue;
    }
    if (/^\s*\|/.test(line)) {
      const rows: string[][] = [];
      while (i < lines.length && /^\s*\|/.test(lines[i]!)) {
        const cells = lines[i]!.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());
        if (!cells.every((c) => /^:?-+:?$/.test(c))) rows.push(cells);
        i++;
      }
      const [head, ...body] = rows;
      out.push(
        <div class="table-wrap" tabIndex={0}>
          <table class="data">
            <thead><tr>{(head ?? []).map((c) => <th scope="col">{inline(c)}</th>)}</tr></thead>
            <tbody>{body.map((r) => <tr>{r.map((c) => <td>{inline(c)}</td>)}</tr>)}</tbody>
          </table>
        </div>,
      );
      continue;
    }
    if (/^\s*([-*+]|\d+\.)\s+/.test(line)) {
      const ordered = /^\s*\d+\./.test(line);
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim() && !lines[i]!.trim().startsWith(":::")) {
        const l = lines[i]!;
        const item = /^\s*([-*+]|\d+\.)\s+(.*)$/.exec(l);
        if (item) items.push(item[2]!);
        else if (items.length) items[items.length - 1] += ` ${l.trim()}`;
        i++;
      }
      const List = ordered ? "ol" : "ul";
      out.push(<List>{items.map((it) => <li>{inline(it)}</li>)}</List>);
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() && !/^(#{1,6}\s|```|\s*\||\s*([-*+]|\d+\.)\s|:::)/.test(lines[i]!)) para.push(lines[i++]!.trim());
    if (para.length === 0) {
      // A line no rule above took (e.g. "1." with nothing after it): keep it as text.
      para.push(lines[i++]!.trim());
    }
    out.push(<p>{inline(para.join(" "))}</p>);
  }
  return out;
}

/** The rules texts hold both languages: "## English" … "## Česky", or an English part and a
 * Czech one after a `---` line. Returns each language's part (the whole text when unmarked). */
export function splitRules(source: string): { en: string; cs: string } {
  const lines = source.replace(/\r\n/g, "\n").split("\n");
  const czech = lines.findIndex((l) => /^##\s+(Česky|Čeština)\s*$/.test(l));
  if (czech >= 0) {
    const english = lines.findIndex((l) => /^##\s+English\s*$/.test(l));
    const preamble = lines.slice(0, english >= 0 ? english : 0).join("\n");
    const en = lines.slice(english >= 0 ? english + 1 : 0, czech).join("\n");
    const cs = lines.slice(czech + 1).join("\n");
    return { en: `${preamble}\n${en}`.trim(), cs: `${preamble}\n${cs}`.trim() };
  }
  const rule = lines.findIndex((l) => /^---\s*$/.test(l));
  if (rule >= 0) {
    return { en: lines.slice(0, rule).join("\n").trim(), cs: lines.slice(rule + 1).join("\n").trim() };
  }
  return { en: source.trim(), cs: source.trim() };
}
