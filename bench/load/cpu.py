"""Where a run's CPU went: seconds of user + system time per role, from ``/proc``.

A role is a process and its descendants (a web process's threads are in its own figure, a
worker's pool in the worker's, PostgreSQL's backends in the postmaster's). A process that dies
between two readings takes its time with it, so read the figures of a run without faults.
"""

from __future__ import annotations

import os
from pathlib import Path

TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> tuple[int, float] | None:
    """(parent pid, CPU seconds of the process itself)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), (int(fields[11]) + int(fields[12])) / TICK


def _table() -> dict[int, tuple[int, float]]:
    table = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (row := _stat(int(entry))) is not None:
            table[int(entry)] = row
    return table


def reading(roles: dict[str, int | None]) -> dict[str, float]:
    """CPU seconds so far of each role's process tree, the machine's busy seconds (``machine``)
    and this process's own (``client``)."""
    table = _table()
    children: dict[int, list[int]] = {}
    for pid, (ppid, _) in table.items():
        children.setdefault(ppid, []).append(pid)

    def tree(pid: int) -> float:
        total, stack = 0.0, [pid]
        while stack:
            p = stack.pop()
            total += table.get(p, (0, 0.0))[1]
            stack.extend(children.get(p, ()))
        return total

    out = {name: tree(pid) for name, pid in roles.items() if pid}
    out["client"] = table.get(os.getpid(), (0, 0.0))[1]
    with open("/proc/stat") as f:
        cpu = [int(x) for x in f.readline().split()[1:]]
    out["machine"] = (sum(cpu) - cpu[3] - cpu[4]) / TICK  # all but idle and iowait
    return out


def spent(before: dict[str, float], after: dict[str, float]) -> dict[str, float]:
    return {k: round(after[k] - before[k], 2) for k in after if k in before}


def postmaster_pid(data_dir: Path) -> int | None:
    try:
        return int((data_dir / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
