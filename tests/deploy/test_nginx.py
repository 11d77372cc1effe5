"""deploy/cluster.sh's nginx in front of one or two web processes (issue 42, target 5).

``cluster.sh --plan`` writes the nginx configuration it would run and says which processes it
would start, and nothing else. The real nginx then runs that configuration in front of two
stand-in web processes that answer with their name: one match's requests (HTTP and socket)
reach one process, the other requests are spread over both, and a dead process's share goes
to the other one.
"""

from __future__ import annotations

import os
import random
import shutil
import socket
import subprocess
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if os.path.exists("/usr/sbin/nginx") else "")


def plan(run_dir: Path, port: int = 8000, **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if not k.startswith("LUDOTEKA_")}
    return subprocess.run(
        ["bash", "deploy/cluster.sh", "--plan"],
        cwd=ROOT,
        env={**base, "LUDOTEKA_RUN_DIR": str(run_dir), "PORT": str(port), **env},
        capture_output=True,
        text=True,
        timeout=30,
    )


@pytest.mark.parametrize("bad", ["0", "3", "two", "1 "])
def test_a_wrong_number_of_web_processes_is_refused_before_anything_runs(
    tmp_path: Path, bad: str
) -> None:
    done = plan(tmp_path / "run", LUDOTEKA_WEB_PROCESSES=bad)
    assert done.returncode == 2
    assert "LUDOTEKA_WEB_PROCESSES must be 1 or 2" in done.stderr
    assert not (tmp_path / "run").exists()


@pytest.mark.parametrize("web", ["1", "2", ""])
def test_the_plan_starts_web2_only_with_two_web_processes(tmp_path: Path, web: str) -> None:
    done = plan(tmp_path, port=8000, LUDOTEKA_WEB_PROCESSES=web)
    assert done.returncode == 0, done.stderr
    n = int(web or "2")
    webs = ["web1", "web2"][:n]
    processes = [*webs, "worker1", "worker2", "analysis", "beat", "proxy"]
    assert done.stdout.split() == [f"web_processes={n}", f"processes={','.join(processes)}"]
    conf = (tmp_path / "nginx.conf").read_text()
    servers = [f"server 127.0.0.1:{8000 + i} max_fails=1 fail_timeout=2s;" for i in (1, 2)]
    assert [s in conf for s in servers] == [True, n == 2]


def test_the_compose_file_is_the_template_with_its_own_paths_and_servers() -> None:
    """deploy/compose/nginx.conf is the same file as the template, bar what each fills in."""

    def body(name: str) -> list[str]:
        lines = (ROOT / "deploy" / name).read_text().splitlines()
        own = ("#", "@", "pid ", "listen ", "server ", "allow ")
        keep = [ln.strip() for ln in lines if ln.strip() and "_temp_path" not in ln]
        return [ln for ln in keep if not ln.startswith(own)]

    assert body("compose/nginx.conf") == body("nginx.conf.template")


# The real nginx in front of stand-in web processes.


def _free_base() -> int:
    """A port for nginx with the two after it free (the web ports)."""
    for _ in range(200):
        base = random.randrange(20000, 32000, 4)
        try:
            for port in range(base, base + 3):
                with socket.socket() as s:
                    s.bind(("127.0.0.1", port))
        except OSError:
            continue
        return base
    raise RuntimeError("no free ports")


class Web:
    """A stand-in web process on ``port``: answers every GET with its name, one request per
    connection (so that stopping it leaves nginx no connection to it)."""

    def __init__(self, name: str, port: int) -> None:
        self.name, self.port = name, port
        self.server: ThreadingHTTPServer | None = None

    def start(self) -> None:
        name = self.name.encode()

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                self.send_response(200)
                self.send_header("Content-Length", str(len(name)))
                self.end_headers()
                self.wfile.write(name)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        if self.server is not None:
            self.server.shutdown()
            self.server.server_close()
            self.server = None


@pytest.fixture
def proxy(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[tuple[str, list[Web]]]:
    web = request.param
    port = _free_base()
    done = plan(tmp_path, port=port, LUDOTEKA_WEB_PROCESSES=web)
    assert done.returncode == 0, done.stderr
    webs = [Web(f"web{i}", port + i) for i in (1, 2)]
    for w in webs:
        w.start()
    nginx = subprocess.Popen(
        [NGINX, "-e", "stderr", "-p", str(tmp_path), "-c", "nginx.conf", "-g", "daemon off;"],
        stderr=subprocess.PIPE,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            if nginx.poll() is not None:
                raise RuntimeError(nginx.stderr.read().decode() if nginx.stderr else "nginx")
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield base, webs
    finally:
        nginx.terminate()
        nginx.wait(10)
        for w in webs:
            w.stop()


def get(base: str, path: str) -> str:
    with urllib.request.urlopen(base + path, timeout=10) as res:
        return res.read().decode()


MATCH_PATHS = ("/api/matches/{}", "/api/matches/{}/commands", "/ws/matches/{}/")


@pytest.mark.skipif(not NGINX, reason="needs nginx (apt-get install nginx-light)")
@pytest.mark.parametrize("proxy", ["2"], indirect=True)
def test_one_match_goes_to_one_process_and_the_rest_is_spread(
    proxy: tuple[str, list[Web]],
) -> None:
    base, webs = proxy
    home = {}
    for match in range(1, 41):
        seen = {get(base, path.format(match)) for path in MATCH_PATHS for _ in range(3)}
        assert len(seen) == 1, (match, seen)
        home[match] = seen.pop()
    assert set(home.values()) == {"web1", "web2"}
    # No match id (a list, the lobby, a path that only looks like one): spread over both.
    for path in ("/api/matches", "/api/lobby", "/api/matches/7x/commands"):
        assert {get(base, path) for _ in range(40)} == {"web1", "web2"}, path

    # web2 dies: its matches go to web1 (nginx retries the refused connection there, then
    # leaves web2 out for fail_timeout); web1's stay where they are.
    webs[1].stop()
    assert {get(base, f"/api/matches/{m}/commands") for m in home} == {"web1"}
    webs[1].start()
    # Back after fail_timeout (2 s) from web2's last refusal; nginx's clock and a loaded
    # machine may add to it, so each match is asked until it is home or 15 s have passed.
    deadline = time.monotonic() + 15
    for match, name in home.items():
        answers = [get(base, f"/api/matches/{match}/commands")]
        while answers[-1] != name and time.monotonic() < deadline:
            time.sleep(0.2)
            answers.append(get(base, f"/api/matches/{match}/commands"))
        assert answers[-1] == name, (match, answers)


@pytest.mark.skipif(not NGINX, reason="needs nginx (apt-get install nginx-light)")
@pytest.mark.parametrize("proxy", ["1"], indirect=True)
def test_one_web_process_takes_everything_and_is_never_left_out(
    proxy: tuple[str, list[Web]],
) -> None:
    base, webs = proxy
    assert {get(base, p.format(m)) for p in MATCH_PATHS for m in range(20)} == {"web1"}
    assert {get(base, "/api/lobby") for _ in range(20)} == {"web1"}
    # A single server is never marked failed: it answers again as soon as it is back.
    webs[0].stop()
    with pytest.raises(urllib.error.HTTPError) as refused:
        get(base, "/api/matches/3/commands")
    assert refused.value.code == 502
    webs[0].start()
    assert get(base, "/api/matches/3/commands") == "web1"
