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
"""
