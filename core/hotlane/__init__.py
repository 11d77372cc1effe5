"""The hot lane: every shortcut the API's hot requests take past the normal stack, in one place.

A phone's play is two requests over and over (``POST /api/matches/<id>/commands`` and ``GET
/api/matches/<id>/legal``), each with an API token. The normal stack answers them; the parts
here answer them with less CPU, and each is kept equal to the normal stack by one equivalence
suite (tests/core/hotlane/test_equivalence.py: the same requests both ways, the same status,
headers, bodies and side effects). Each part has a switch that turns it off, for that suite and
for bench/api_bench.py:

- ``bridge``: HTTP on Django's WSGI handler in a pool of threads inside the ASGI server
  (``LUDOTEKA_HTTP=asgi``: Django's ASGI handler instead);
- ``lane``: a token client's request for a view with ``hot_lane = True`` answered after the
  timing, CSP and write-budget middleware, without the rest of the chain and DRF's dispatch
  (``LUDOTEKA_FAST_LANE=false``);
- ``tokens``: the token → user lookup kept in the process for ``LUDOTEKA_TOKEN_CACHE_SECONDS``
  (0: every request reads the database; the lane needs it);
- ``throttle``: DRF's per-user rate limit in one Redis script (``LUDOTEKA_THROTTLE_SCRIPT=false``:
  DRF's two round trips).

Nothing here imports an app (pyproject.toml's contract): views opt in, settings name the
classes, core/asgi.py composes the bridge.

What each part pays (bench/README.md, "The hot lane, part by part": 2026-11-28, PostgreSQL and
Redis, a machine shared with other work at load 14-31, so the smaller figures are orders of
magnitude). CPU per request with the part against without it, Samurai:

============  =====================================================  ===========================
part          measured                                               kept?
============  =====================================================  ===========================
bridge        Django's handler behind it 0.74-0.93 ms a request,     yes: the largest saving;
              behind Django's ASGI handler 4.3-4.7 ms (a 404, one    a2wsgi's adapter costs
              process); through the server the ASGI handler took     0.2-0.4 ms more a request
              11.7-13.0 ms of server CPU a command, the bridge       (bridge.py says why)
              4.2-6.5 ms
tokens        a command 5.8 → 7.3 ms, a ``GET legal`` 4.1 → 5.7 ms   yes: a query and its ORM
              without it (one SQL statement more each)              work saved per request
lane          a command 5.4 → 5.8 ms, a ``GET legal`` 3.6 → 4.1 ms   yes: about a tenth of a
              without it                                             command, a seventh of a read
throttle      a command 5.4 → 5.7 ms, a ``GET legal`` 3.6 → 3.75 ms  yes: small, and atomic
              with DRF's two round trips; 0.2-0.3 ms of CPU a call   (DRF's way lets two racing
              against 0.65-0.83 ms alone                             requests count once)
============  =====================================================  ===========================
"""
