/** The generic board: any game, no drawing. The view as readable panels, the viewer's private
 * part apart, and the legal commands as labelled buttons narrowed step by step (the kind of
 * move, then each of its fields), so every engine is playable before it has a board of its own. */

import type { ComponentChild } from "preact";
import type { Command, CommandSchema, Json } from "../types";
import { keyOf, type Step } from "./toolkit/picker";
import { PlayerBadge } from "./toolkit/pieces";
import { describeCommand, formatValue, humanize } from "./toolkit/words";
import type { BoardUi, Player } from "./types";

/** Top-level view keys that hold what only this seat may see. */
const PRIVATE_KEYS = new Set(["you", "hand", "secrets", "private", "me", "my", "screen"]);
/** Keys whose whole-number values are seats. */
const SEAT_KEYS = new Set([
  "seat",
  "current",
  "owner",
  "winner",
  "first",
  "active",
  "active_seats",
  "to_move",
  "player",
  "triggered_by",
  "longest_road_holder",
  "largest_army_holder",
  "by",
  "from_seat",
  "to_seat",
  "victim",
  "partner",
]);
const BIG = 24; // arrays longer than this are folded away

function schemaOf(ui: BoardUi, type: string): CommandSchema | undefined {
  return ui.game.commands.find((c) => c.type === type);
}

/** The steps for the generic builder: the kind of move, then its fields in schema order. */
export function genericSteps(legal: readonly Command[], type: string | undefined, schema?: CommandSchema): Step[] {
  const steps: Step[] = [{ key: "type" }];
  if (type === undefined) return steps;
  const names: string[] = schema ? schema.fields.map((f) => f.name) : [];
  for (const c of legal)
    if (c.type === type) for (const k of Object.keys(c)) if (k !== "type" && !names.includes(k)) names.push(k);
  for (const name of names) steps.push({ key: name });
  return steps;
}

export function describe(command: Command, _view: Json, _ui: BoardUi): string {
  return describeCommand(command);
}

function playerOf(players: readonly Player[], seat: number): Player | undefined {
  return players.find((p) => p.seat === seat);
}

function seatValue(players: readonly Player[], value: Json): ComponentChild | null {
  if (typeof value === "number" && Number.isInteger(value)) {
    const p = playerOf(players, value);
    if (p) return <PlayerBadge seat={p.seat} name={p.name} />;
  }
  if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "number" && playerOf(players, v))) {
    return <span class="badges">{value.map((v) => seatValue(players, v))}</span>;
  }
  return null;
}

function Value({ value, name, players, depth }: { value: Json | undefined; name: string; players: readonly Player[]; depth: number }): ComponentChild {
  if (SEAT_KEYS.has(name)) {
    const badge = seatValue(players, value ?? null);
    if (badge) return badge;
  }
  if (value === null || value === undefined || typeof value !== "object") return <span>{formatValue(value)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span class="muted">∅</span>;
    const objects = value.every((v) => v !== null && typeof v === "object" && !Array.isArray(v));
    const inner = objects ? (
      <Table rows={value as Record<string, Json>[]} players={players} depth={depth} />
    ) : (
      <span>{formatValue(value)}</span>
    );
    if (value.length > BIG || (objects && depth > 1)) {
      return (
        <details>
          <summary>{value.length} ×</summary>
          {inner}
        </details>
      );
    }
    return inner;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return <span class="muted">∅</span>;
  if (depth > 2) return <span>{formatValue(value)}</span>;
  return (
    <dl class="kv">
      {entries.map(([k, v]) => (
        <div class="kv-row" key={k}>
          <dt>{humanize(k)}</dt>
          <dd>
            <Value value={v} name={k} players={players} depth={depth + 1} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Table({ rows, players, depth }: { rows: Record<string, Json>[]; players: readonly Player[]; depth: number }): ComponentChild {
  const columns: string[] = [];
  for (const row of rows) for (const k of Object.keys(row)) if (!columns.includes(k)) columns.push(k);
  return (
    <div class="table-wrap" tabIndex={0}>
      <table class="data">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c}>
                {humanize(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>
                  <Value value={row[c]} name={c} players={players} depth={depth + 2} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The view as panels: a summary of the plain values, then one panel per structured value. */
export function Panels({ view, ui, keys }: { view: Json; ui: BoardUi; keys?: (k: string) => boolean }): ComponentChild {
  if (view === null || typeof view !== "object" || Array.isArray(view)) {
    return <Value value={view} name="view" players={ui.players} depth={0} />;
  }
  const entries = Object.entries(view).filter(([k]) => (keys ? keys(k) : true));
  const plain = entries.filter(([k, v]) => v === null || typeof v !== "object" || (SEAT_KEYS.has(k) && seatValue(ui.players, v)));
  const rich = entries.filter((e) => !plain.includes(e));
  return (
    <div class="panels">
      {plain.length > 0 && (
        <section class="panel" aria-label={ui.t("details")}>
          <dl class="kv">
            {plain.map(([k, v]) => (
              <div class="kv-row" key={k}>
                <dt>{humanize(k)}</dt>
                <dd>
                  <Value value={v} name={k} players={ui.players} depth={1} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {rich.map(([k, v]) => {
        const big = Array.isArray(v) ? v.length > BIG : Object.keys(v as object).length > BIG;
        return (
          <section class="panel" key={k}>
            {big ? (
              <details>
                <summary>
                  <h3 class="panel-title">{humanize(k)}</h3>
                </summary>
                <Value value={v} name={k} players={ui.players} depth={1} />
              </details>
            ) : (
              <>
                <h3 class="panel-title">{humanize(k)}</h3>
                <Value value={v} name={k} players={ui.players} depth={1} />
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** The legal commands as buttons: first the kind of move, then each field's possible values. */
export function CommandBuilder({ legal, ui, view }: { legal: Command[]; ui: BoardUi; view: Json }): ComponentChild {
  if (!ui.interactive) return null;
  if (legal.length === 0) return <p class="muted">{ui.t("no_moves")}</p>;
  const picker = ui.picker;
  const type = picker.get("type") as string | undefined;
  const steps = genericSteps(legal, type, type ? schemaOf(ui, type) : undefined);
  const remaining = picker.remaining(legal, steps);
  const chosenSteps = steps.filter((s) => picker.has(s.key));
  const next = picker.next(legal, steps);
  const only = picker.complete(legal, steps);
  const pickValue = (key: string, value: Json) => {
    picker.set(key, value, steps);
    const nowSteps = genericSteps(legal, picker.get("type") as string | undefined, schemaOf(ui, String(picker.get("type"))));
    const done = picker.complete(legal, nowSteps);
    if (done) ui.propose(done, describe(done, view, ui));
    ui.redraw();
  };
  const types = new Map<string, number>();
  for (const c of legal) types.set(c.type, (types.get(c.type) ?? 0) + 1);
  return (
    <section class="builder" aria-labelledby="builder-title">
      <h3 id="builder-title" class="panel-title">
        {ui.t("choose_action")} <span class="muted small">{ui.t("n_moves", { n: remaining.length })}</span>
      </h3>
      {chosenSteps.length > 0 && (
        <ol class="chosen-steps">
          {chosenSteps.map((s) => (
            <li key={s.key}>
              <button
                type="button"
                class="chip"
                onClick={() => {
                  // Going back to a step forgets it and everything after it.
                  const at = steps.findIndex((x) => x.key === s.key);
                  for (const later of steps.slice(at)) picker.unset(later.key);
                  ui.cancel();
                }}
                aria-label={`${ui.t("step_back")}: ${s.key === "type" ? humanize(String(picker.get("type"))) : `${humanize(s.key)} ${formatValue(picker.get(s.key))}`}`}
              >
                {s.key === "type" ? humanize(String(picker.get("type"))) : `${humanize(s.key)}: ${formatValue(picker.get(s.key))}`}
                <span aria-hidden="true"> ✕</span>
              </button>
            </li>
          ))}
        </ol>
      )}
      {type === undefined ? (
        <div class="choices choices-types">
          {[...types.entries()].map(([t, n]) => {
            const schema = schemaOf(ui, t);
            return (
              <button type="button" class="choice choice-type" key={t} disabled={ui.busy} onClick={() => pickValue("type", t)}>
                <strong>{humanize(t)}</strong>
                {n > 1 && <span class="count">{n}</span>}
                {schema?.description && <span class="hint">{schema.description}</span>}
              </button>
            );
          })}
        </div>
      ) : next && !only ? (
        <StepChoices
          label={schemaOf(ui, type)?.fields.find((f) => f.name === (next.step as Step).key)?.description ?? humanize((next.step as Step).key)}
          name={humanize((next.step as Step).key)}
          values={next.values}
          busy={ui.busy}
          onPick={(v) => pickValue((next.step as Step).key, v)}
        />
      ) : only && !ui.preview ? (
        <button type="button" class="choice" onClick={() => ui.propose(only, describe(only, view, ui))}>
          {describe(only, view, ui)}
        </button>
      ) : null}
    </section>
  );
}

const MANY = 40; // more values than this come as a list to pick from, not as buttons

function StepChoices(props: { label: string; name: string; values: Json[]; busy: boolean; onPick: (v: Json) => void }): ComponentChild {
  if (props.values.length > MANY) {
    return (
      <div class="field step">
        <label for="step-select">
          <strong>{props.name}</strong> <span class="hint">{props.label}</span>
        </label>
        <select
          id="step-select"
          disabled={props.busy}
          onChange={(e) => {
            const i = Number((e.currentTarget as HTMLSelectElement).value);
            if (i >= 0) props.onPick(props.values[i]!);
          }}
        >
          <option value="-1">{`${props.values.length} ×`}</option>
          {props.values.map((v, i) => (
            <option key={keyOf(v)} value={String(i)}>
              {formatValue(v)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <fieldset class="step">
      <legend>
        <strong>{props.name}</strong> <span class="hint">{props.label}</span>
      </legend>
      <div class="choices">
        {props.values.map((v) => (
          <button type="button" class="choice" key={keyOf(v)} disabled={props.busy} onClick={() => props.onPick(v)}>
            {formatValue(v)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function render(view: Json, _seat: number | null, legal: Command[], ui: BoardUi): ComponentChild {
  return (
    <div class="generic-board">
      <CommandBuilder legal={legal} ui={ui} view={view} />
      <Panels view={view} ui={ui} keys={(k) => !PRIVATE_KEYS.has(k)} />
    </div>
  );
}

export function privateArea(view: Json, _seat: number | null, _legal: Command[], ui: BoardUi): ComponentChild {
  if (view === null || typeof view !== "object" || Array.isArray(view)) return null;
  const mine = Object.keys(view).filter((k) => PRIVATE_KEYS.has(k) && (view as Record<string, Json>)[k] !== null);
  if (mine.length === 0) return null;
  return <Panels view={view} ui={ui} keys={(k) => mine.includes(k)} />;
}
