// @vitest-environment happy-dom
import { render } from "preact";
import { afterEach, describe, expect, it } from "vitest";
import { PickButton, PickCount, togglePick } from "./choice";

describe("a multi-pick", () => {
  it("adds while there is room, takes back a second tap, and takes nothing once full", () => {
    let picked: string[] = [];
    for (const t of ["a", "b", "c"]) picked = togglePick(picked, t, 3);
    expect(picked).toEqual(["a", "b", "c"]);
    expect(togglePick(picked, "d", 3)).toEqual(["a", "b", "c"]);
    expect(togglePick(picked, "b", 3)).toEqual(["a", "c"]);
  });

  it("compares picks as the board says (objects by their id)", () => {
    const same = (x: { id: number }, y: { id: number }) => x.id === y.id;
    expect(togglePick([{ id: 1 }], { id: 1 }, 5, same)).toEqual([]);
  });
});

describe("picking from a hand", () => {
  afterEach(() => {
    document.body.innerHTML = "";
  });
  const t = (key: string, p?: Record<string, string | number>) => `${key}:${p?.n}/${p?.of}`;

  it("marks what is picked with a tick and aria-pressed, and counts the picks", () => {
    const root = document.createElement("div");
    const taps: string[] = [];
    render(
      <div>
        <PickButton chosen onPick={() => taps.push("a")} label="Tile a">A</PickButton>
        <PickButton onPick={() => taps.push("b")} label="Tile b">B</PickButton>
        <PickCount n={1} of={5} ui={{ t }} />
      </div>,
      root,
    );
    const [a, b] = [...root.querySelectorAll("button")];
    expect(a!.getAttribute("aria-pressed")).toBe("true");
    expect(a!.querySelector(".pick-tick")).not.toBeNull();
    expect(b!.getAttribute("aria-pressed")).toBe("false");
    expect(b!.querySelector(".pick-tick")).toBeNull();
    b!.click();
    expect(taps).toEqual(["b"]);
    expect(root.querySelector(".pick-count")!.textContent).toBe("picked_n_of:1/5");
  });

  it("says in a word why something cannot be picked now, on screen and in its name", () => {
    const root = document.createElement("div");
    render(
      <PickButton disabled disabledReason="place first" onPick={() => undefined} label="Tile c">
        C
      </PickButton>,
      root,
    );
    const c = root.querySelector("button")!;
    expect(c.disabled).toBe(true);
    expect(c.querySelector(".pick-why")!.textContent).toBe("place first");
    expect(c.getAttribute("aria-label")).toBe("Tile c: place first");
  });
});
