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
  DRF's two round trips), a generous limit taken in leases of a few requests per script call
  (``LUDOTEKA_THROTTLE_LEASE=1``: a call per request).

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
tokens        a command 5.8 → 7.3 and 5.6 → 8.4 ms, a ``GET legal``  yes: a query and its ORM
              4.1 → 5.7 and 3.8 → 6.6 ms without it (one SQL        work saved per request
              statement more each)
lane          a command 5.4 → 5.8 and 5.0 → 5.6 ms, a ``GET legal``  yes: about a tenth of a
              3.6 → 4.1 and 3.1 → 3.8 ms without it                  command, a fifth of a read
throttle      a command 5.4 → 5.7 and 5.0 → 5.1 ms, a ``GET legal``  yes: small, and atomic
              3.6 → 3.75 and 3.1 → 3.5 ms with DRF's two round       (DRF's way lets two racing
              trips; alone 0.2-0.3 ms of CPU a call against          requests count once)
              0.65-0.83 ms
leases        server CPU over the bench client's CPU 3.41-3.81       yes: Redis's own CPU cut by
              against 3.53-4.06 with a script call per request       two fifths; near the limit
              (closed loop and 100/s, 2026-11-28 18:05-18:25)        one lease of slack
============  =====================================================  ===========================
"""
