// The inspection page's time travel, verify and actions: calls to /api/staff/ with the admin
// session (CSRF header on writes). No rules here: the server gives state, diff and views.
(function () {
  "use strict";
  const root = document.getElementById("inspect");
  if (!root) return;
  const api = root.dataset.api;
  const last = Number(root.dataset.version);
  const slider = document.getElementById("ins-slider");
  const seqInput = document.getElementById("ins-seq");
  const seatSelect = document.getElementById("ins-seat");
  let current = last;
  let pending = null;

  function csrf() {
    const m = document.cookie.match(/(?:^|;\s*)csrftoken=([^;]+)/);
    return m ? decodeURIComponent(m[1]) : "";
  }

  async function call(method, url, body) {
    const res = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json().catch(() => ({ code: "bad_answer", message: res.statusText }));
    return { ok: res.ok, status: res.status, data };
  }

  function el(tag, text, cls) {
    const node = document.createElement(tag);
    if (text !== undefined) node.textContent = text;
    if (cls) node.className = cls;
    return node;
  }

  // A readable tree: objects and lists fold open, the top levels open.
  function tree(value, depth) {
    if (value === null || typeof value !== "object") {
      return el("span", JSON.stringify(value), "ins-leaf");
    }
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
    const box = el("details");
    box.open = depth < 2;
    box.appendChild(el("summary", Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`));
    const list = el("ul");
    for (const [k, v] of entries) {
      const item = el("li");
      item.appendChild(el("b", `${k}: `));
      item.appendChild(tree(v, depth + 1));
      list.appendChild(item);
    }
    box.appendChild(list);
    return box;
  }

  function short(v) {
    const text = JSON.stringify(v);
    return text === undefined ? "" : text.length > 120 ? text.slice(0, 117) + "…" : text;
  }

  function show(body) {
    const ev = body.event;
    document.getElementById("ins-event").textContent = ev
      ? `#${ev.seq} ${ev.at.slice(0, 19)} · ${ev.actor.kind}${ev.actor.seat === null ? "" : " " + ev.actor.seat} · ${ev.type}: ${ev.text.en}` +
        ` · active seats: ${body.active_seats.join(", ") || "none"}`
      : "Before the first event.";
    const diff = document.getElementById("ins-diff");
    diff.replaceChildren();
    const head = el("tr");
    ["where", "", "before", "after"].forEach((h) => head.appendChild(el("th", h)));
    diff.appendChild(head);
    for (const d of body.diff) {
      const row = el("tr", undefined, "ins-" + d.op);
      [d.path, d.op, short(d.before), short(d.after)].forEach((c) => row.appendChild(el("td", c)));
      diff.appendChild(row);
    }
    if (!body.diff.length) diff.appendChild(el("tr")).appendChild(el("td", "No change to the state."));
    const seat = seatSelect.value;
    document.getElementById("ins-state-title").textContent = seat === ""
      ? "Full state (everything)"
      : seat === "spectator" ? "What a spectator saw" : `What seat ${seat} saw`;
    const pane = document.getElementById("ins-state");
    pane.replaceChildren(tree(seat === "" ? body.state : body.view, 0));
    for (const row of document.querySelectorAll("#ins-events tr.ins-here")) row.classList.remove("ins-here");
    const here = document.querySelector(`#ins-events tr[data-seq="${body.seq}"]`);
    if (here) here.classList.add("ins-here");
  }

  async function go(seq) {
    current = Math.max(0, Math.min(last, seq));
    slider.value = String(current);
    seqInput.value = String(current);
    const ask = current;
    pending = ask;
    const seat = seatSelect.value;
    document.getElementById("ins-board").href =
      `/staff/matches/${api.split("/").pop()}?seq=${ask}&seat=${seat === "" ? "0" : seat}`;
    const query = `seq=${ask}` + (seat === "" ? "" : `&seat=${encodeURIComponent(seat)}`);
    const res = await call("GET", `${api}/at?${query}`);
    if (pending !== ask) return; // a later step was asked meanwhile
    if (res.ok) show(res.data);
    else document.getElementById("ins-event").textContent = `${res.data.code}: ${res.data.message}`;
  }

  for (const button of document.querySelectorAll("[data-step]")) {
    button.addEventListener("click", () => {
      const step = button.dataset.step;
      go(step === "first" ? 0 : step === "last" ? last : current + Number(step));
    });
  }
  slider.addEventListener("input", () => go(Number(slider.value)));
  seqInput.addEventListener("change", () => go(Number(seqInput.value)));
  seatSelect.addEventListener("change", () => go(current));
  document.getElementById("ins-events").addEventListener("click", (e) => {
    if (e.target.closest("details")) return;
    const row = e.target.closest("tr[data-seq]");
    if (row) go(Number(row.dataset.seq));
  });

  document.getElementById("ins-verify").addEventListener("click", async () => {
    const out = document.getElementById("ins-verify-out");
    out.textContent = "verifying…";
    const res = await call("POST", `${api}/verify`);
    if (!res.ok) { out.textContent = `${res.data.code}: ${res.data.message}`; return; }
    const v = res.data;
    out.className = v.ok ? "ins-good" : "ins-bad";
    out.textContent = v.ok
      ? `OK: ${v.chain.checked} links, replay from zero matches ${v.replay.snapshots_checked} snapshot(s).`
      : [
          v.chain.ok ? "" : `Hash chain BROKEN at event ${v.chain.broken_seq}: ${v.chain.reason}.`,
          v.replay.ok ? "" : `Replay MISMATCH at event ${v.replay.broken_seq}: ${v.replay.reason}.`,
        ].join(" ");
  });

  function numbers(text) {
    return text.split(/[\s,]+/).filter(Boolean).map(Number);
  }

  for (const form of document.querySelectorAll("form[data-action]")) {
    form.addEventListener("submit", async (e) => {
      e.preventDefault();
      const f = new FormData(form);
      const action = form.dataset.action;
      const body = { reason: f.get("reason") || "" };
      if (action === "award") {
        body.ranks = numbers(f.get("ranks") || "");
        if ((f.get("scores") || "").trim()) body.scores = numbers(f.get("scores"));
      } else if (action === "replace-seat") {
        body.seat = Number(f.get("seat"));
        body.level = f.get("level") || "";
      } else if (action === "rollback") {
        body.to = Number(f.get("to"));
      }
      if (!window.confirm(`${action}: this appends an event to the match. Go on?`)) return;
      const res = await call("POST", `${api}/${action}`, body);
      const out = document.getElementById("ins-action-out");
      if (res.ok) window.location.reload();
      else out.textContent = `${res.status} ${res.data.code}: ${res.data.message}`;
    });
  }

  go(last);
})();
