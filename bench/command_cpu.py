"""CPU per command of the server's own code, in one process, without the HTTP server. Prints JSON.

``api_bench.py`` measures the real stack under many clients, but on a shared machine its wall
clock and even its per-process CPU move with the load. This drives Django's WSGI handler (the
whole middleware chain, authentication, the view, the service, the database) in-process, one
request at a time, and counts the thread's CPU time (``time.thread_time``) and SQL statements
per request: figures that stay put under load, to compare one change with the next. The
process's CPU over the run (``cpu_ms_per_command_all_included``: background threads such as the
outbox dispatcher, and this script's own client work, included) divided by the commands.

Each of ``--matches`` two-player matches (fresh users, token auth) is played in turns: the
player to move POSTs a random legal command (``expected_version`` pinned), and, when the turn
passes, the other player GETs ``/legal`` as a phone does on the socket's announcement.

    .venv/bin/python bench/command_cpu.py --database-url postgres://postgres@127.0.0.1:5432/mine \
        [--game samurai] [--matches 50] [--commands 2000] [--profile out.html]

``--database-url sqlite:///tmp/x.sqlite3`` measures the embedded mode.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import time
from typing import Any

from _django import bench_database_url, percentile, setup


def environ(method: str, path: str, token: str, body: object = None) -> dict[str, Any]:
    data = b"" if body is None else json.dumps(body).encode()
    return {
        "REQUEST_METHOD": method,
        "SCRIPT_NAME": "",
        "PATH_INFO": path,
        "QUERY_STRING": "",
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "8000",
        "REMOTE_ADDR": "127.0.0.1",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1",
        "HTTP_AUTHORIZATION": f"Token {token}",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(data)),
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(data),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
        "ludoteka.received": time.monotonic(),
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--database-url", default=bench_database_url())
    parser.add_argument("--game", default="samurai")
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--commands", type=int, default=2000)
    parser.add_argument("--warmup", type=int, default=200, help="Commands before counting.")
    parser.add_argument(
        "--profile",
        default="",
        help="Write a profile here: .pstats (cProfile, CPU clock), .html or text (pyinstrument).",
    )
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--drain", type=float, default=1.0, help="Seconds left to background threads at the end."
    )
    parser.add_argument("--show-sql", action="store_true", help="Print one command's SQL.")
    args = parser.parse_args()
    os.environ.setdefault("LUDOTEKA_THROTTLE_USER", "10000000/min")
    os.environ.setdefault("DJANGO_DEBUG", "false")
    setup(args.database_url)
    from django.core.handlers.wsgi import WSGIHandler
    from django.db import connection, reset_queries

    from core.accounts.models import User
    from core.accounts.services import user_token

    app = WSGIHandler()
    rng = random.Random(args.seed)
    n_users = [0]

    served: list[float] = [0.0]  # the last call's CPU in the server's code alone

    def call(method: str, path: str, token: str, body: object = None) -> tuple[int, Any]:
        out: dict[str, Any] = {}

        def start_response(status: str, headers: Any, exc_info: Any = None) -> Any:
            out["status"] = int(status.split(" ", 1)[0])
            return lambda data: None

        request = environ(method, path, token, body)
        t = time.thread_time()
        result = app(request, start_response)
        try:
            payload = b"".join(result)
        finally:
            result.close()
        served[0] = time.thread_time() - t
        return out["status"], json.loads(payload) if payload else None

    def new_match() -> dict[str, Any]:
        i = n_users[0]
        n_users[0] += 1
        a = User.objects.create_user(username=f"a{i}")
        b = User.objects.create_user(username=f"b{i}")
        ta, tb = user_token(user=a), user_token(user=b)
        body = {
            "game": args.game,
            "players": 2,
            "seats": [{"kind": "me"}, {"kind": "user", "username": b.username}],
        }
        status, match = call("POST", "/api/matches", ta, body)
        assert status == 201, (status, match)
        status, joined = call("POST", f"/api/matches/{match['id']}/join", tb, {})
        assert status == 200, (status, joined)
        game = {"id": match["id"], "tokens": [ta, tb]}
        status, detail = call("GET", f"/api/matches/{game['id']}", ta)
        game["seat"] = detail["active_seats"][0]
        status, legal = call(
            "GET", f"/api/matches/{game['id']}/legal", game["tokens"][game["seat"]]
        )
        game["legal"], game["version"] = legal["commands"], legal["version"]
        return game

    games = [new_match() for _ in range(args.matches)]
    post_cpu: list[float] = []
    legal_cpu: list[float] = []
    post_served: list[float] = []
    legal_served: list[float] = []
    post_queries: list[int] = []
    legal_queries: list[int] = []
    errors: list[str] = []
    finished = 0
    count_queries = os.environ.get("COMMAND_CPU_QUERIES", "1") != "0"

    def play(counting: bool) -> None:
        nonlocal finished
        i = rng.randrange(len(games))
        game = games[i]
        body = {
            "command": rng.choice(game["legal"]),
            "command_id": f"b{game['version']}",
            "expected_version": game["version"],
        }
        token = game["tokens"][game["seat"]]
        if count_queries:
            connection.force_debug_cursor = True
            reset_queries()
        t = time.thread_time()
        status, answer = call("POST", f"/api/matches/{game['id']}/commands", token, body)
        spent = time.thread_time() - t
        if counting:
            post_cpu.append(spent)
            post_served.append(served[0])
            if count_queries:
                post_queries.append(len(connection.queries))
                if args.show_sql and len(post_queries) == 1:
                    for q in connection.queries:
                        print(q["sql"][:300], file=sys.stderr)
        if status != 200:
            errors.append(f"{status} {answer}")
            games[i] = new_match()
            return
        if answer["status"] != "active":
            finished += 1
            games[i] = new_match()
            return
        game["version"] = answer["version"]
        mover, game["seat"] = game["seat"], answer["active_seats"][0]
        if game["seat"] == mover:
            game["legal"] = answer["legal_commands"]
            return
        if count_queries:
            reset_queries()
        t = time.thread_time()
        status, legal = call(
            "GET", f"/api/matches/{game['id']}/legal", game["tokens"][game["seat"]]
        )
        spent = time.thread_time() - t
        if counting:
            legal_cpu.append(spent)
            legal_served.append(served[0])
            if count_queries:
                legal_queries.append(len(connection.queries))
        game["legal"], game["version"] = legal["commands"], legal["version"]

    for _ in range(args.warmup):
        play(False)
    profiler = cprofiler = None
    if args.profile.endswith(".pstats"):  # deterministic, on the thread's CPU clock
        import cProfile

        cprofiler = cProfile.Profile(time.thread_time)
        cprofiler.enable()
    elif args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0005)
        profiler.start()
    t0, wall0 = time.process_time(), time.perf_counter()
    for _ in range(args.commands):
        play(True)
    if args.drain:
        time.sleep(args.drain)  # what background threads (the outbox dispatcher) left to do
    total_cpu, wall = time.process_time() - t0, time.perf_counter() - wall0
    if cprofiler is not None:
        cprofiler.disable()
        cprofiler.dump_stats(args.profile)
    if profiler is not None:
        profiler.stop()
        with open(args.profile, "w") as f:
            if args.profile.endswith(".html"):
                f.write(profiler.output_html())
            else:
                f.write(profiler.output_text(unicode=False, color=False))
    connection.force_debug_cursor = False

    def ms(values: list[float], p: float) -> float:
        return round(percentile([v * 1000 for v in values], p), 3)

    n = max(1, len(post_cpu))
    print(
        json.dumps(
            {
                "bench": "command_cpu_in_process",
                "database": connection.vendor,
                "game": args.game,
                "commands": len(post_cpu),
                "legal_reads": len(legal_cpu),
                "command_cpu_ms_mean": round(sum(post_cpu) * 1000 / n, 3),
                "command_cpu_ms_p50": ms(post_cpu, 50),
                "command_cpu_ms_p99": ms(post_cpu, 99),
                "legal_cpu_ms_mean": round(sum(legal_cpu) * 1000 / max(1, len(legal_cpu)), 3),
                "legal_cpu_ms_p50": ms(legal_cpu, 50),
                # The same without this script's own work around each request (building the
                # request, decoding the answer's JSON): the server's code alone.
                "command_server_cpu_ms_mean": round(sum(post_served) * 1000 / n, 3),
                "legal_server_cpu_ms_mean": round(
                    sum(legal_served) * 1000 / max(1, len(legal_served)), 3
                ),
                "queries_per_command": round(sum(post_queries) / n, 2) if post_queries else None,
                "queries_per_legal": (
                    round(sum(legal_queries) / max(1, len(legal_queries)), 2)
                    if legal_queries
                    else None
                ),
                "cpu_ms_per_command_all_included": round(total_cpu * 1000 / n, 3),
                "wall_ms_per_command_all_included": round(wall * 1000 / n, 3),
                "matches_finished": finished,
                "errors": len(errors),
                "error_sample": errors[:3],
                "loadavg": [round(x, 2) for x in os.getloadavg()],
            }
        )
    )


if __name__ == "__main__":
    main()
