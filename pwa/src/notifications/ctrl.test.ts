import { describe, expect, it } from "vitest";
import { unreadCount } from "../bell";
import type { AppNotification } from "../types";
import { NotificationsCtrl } from "./ctrl";

function note(id: number, read: boolean, match: number | null = 7): AppNotification {
  return {
    id,
    kind: "your_turn",
    match,
    payload: {},
    title: { en: "Your turn: Samurai", cs: "Jste na tahu: Samurai" },
    body: { en: "It is your turn in Samurai with alice.", cs: "Jste na tahu ve hře Samurai." },
    created_at: "2026-11-27T10:00:00+00:00",
    read,
  };
}

describe("notifications", () => {
  it("lists, marks one read on opening its match, and clears the bell with mark all", async () => {
    const marked: (number[] | "all")[] = [];
    const went: string[] = [];
    let unread = 2;
    const ctrl = new NotificationsCtrl({
      api: {
        notifications: async () => ({ results: [note(1, false), note(2, false), note(3, true, null)], next: null, unread }),
        markRead: async (ids) => {
          marked.push(ids);
          unread = ids === "all" ? 0 : unread - ids.length;
          return { marked: ids === "all" ? 2 : ids.length, unread };
        },
      },
      navigate: (p) => went.push(p),
      redraw: () => undefined,
    });
    await ctrl.load();
    expect(ctrl.items).toHaveLength(3);
    expect(unreadCount()).toBe(2);
    await ctrl.open(ctrl.items![0]!);
    expect(marked).toEqual([[1]]);
    expect(went).toEqual(["/matches/7"]);
    expect(ctrl.items![0]!.read).toBe(true);
    expect(unreadCount()).toBe(1);
    await ctrl.open(ctrl.items![2]!); // already read, no match: nothing to mark or open
    expect(marked).toHaveLength(1);
    await ctrl.markRead("all");
    expect(ctrl.items!.every((n) => n.read)).toBe(true);
    expect(unreadCount()).toBe(0);
  });
});
