"""Hidden information: tiles behind the screens, supply contents, screened won figures."""

from __future__ import annotations

import random

from games.samurai import ENGINE
from games.samurai.capture import screened_captures
from games.samurai.state import clone
from games.samurai.views import determinize
from games.testing import canonical, fold, play_random_game
from tests.games.samurai.scenario import started


def hidden_from(state, viewer):
    """A copy where everything ``viewer`` may not know is changed: the others' hands and
    supplies re-dealt, and their screened figures reshuffled among the kinds."""
    out = determinize(state, viewer, random.Random(99))
    out = clone(out)
    if screened_captures(state) and state.phase != "over":
        for seat in range(state.n):
            if seat != viewer:
                total = sum(out.captured[seat])
                out.captured[seat] = [total, 0, 0]
        # The kinds of the figures taken from the map behind another's screen, too.
        out.taken = {
            h: tuple((k if seat in (viewer, -1) else (k + 1) % 3, seat) for k, seat in taken)
            for h, taken in out.taken.items()
        }
    return out


def test_no_view_shows_another_seats_tiles_or_screened_figures():
    checked = 0
    for n, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
        opts = {"captured_figures": "screened"} if seed == 4 else {}

        def check(state, _event, n=n):
            nonlocal checked
            checked += 1
            for viewer in [*range(n), None]:
                mine = ENGINE.view(state, viewer)
                other = ENGINE.view(
                    hidden_from(state, viewer if viewer is not None else -1), viewer
                )
                assert canonical(mine) == canonical(other)

        play_random_game(ENGINE, n, opts, seed=seed, after_event=check)
    assert checked > 400


def test_a_seat_sees_its_own_hand_and_supply():
    state = fold(ENGINE, started(2, {"random_starting_tiles": True}))
    view = ENGINE.view(state, 0)
    assert view["players"][0]["hand"] == state.hands[0]
    assert sorted(view["players"][0]["supply"]) == sorted(state.supplies[0])
    assert "hand" not in view["players"][1] and view["players"][1]["hand_count"] == 5


def test_vychozi_postaveni_choices_and_draws_are_redacted_for_the_others():
    game = play_random_game(ENGINE, 3, {}, seed=5)
    secret = [e for e in game.events if e["type"] in ("TileChosen", "TilesDrawn")]
    assert secret
    for event in secret:
        for viewer in [0, 1, 2, None]:
            shown = ENGINE.redact(event, viewer)
            if viewer == event["seat"]:
                assert shown == event
            else:
                assert "tile" not in shown and "tiles" not in shown
                assert shown["seat"] == event["seat"]


def test_jak_se_privlastnuji_figury_screened_captures_hide_the_kind_from_the_others_only():
    game = play_random_game(ENGINE, 4, {}, seed=6)
    captures = [e for e in game.events if e["type"] == "FigureCaptured"]
    assert captures and all(e["screened"] for e in captures)
    for event in captures:
        assert ENGINE.redact(event, event["seat"])["kind"] == event["kind"]
        assert ENGINE.redact(event, None)["kind"] == "?"
    view = ENGINE.view(game.state, None)  # the screens are lifted at the end
    assert all(p["captured"]["kinds"] is not None for p in view["players"])


def test_jak_se_privlastnuji_figury_two_player_captures_are_open_by_default():
    game = play_random_game(ENGINE, 2, {}, seed=7)
    assert not any(e.get("screened") for e in game.events)


def test_admin_view_shows_everything_and_keeps_the_sources():
    game = play_random_game(ENGINE, 2, {}, seed=8)
    admin = ENGINE.admin_view(game.state)
    assert admin["state"]["hands"] == game.state.hands
    assert any("JPonte" in s for s in admin["sources"])


def test_determinize_keeps_own_tiles_and_the_counts_of_the_others():
    game = play_random_game(ENGINE, 3, {}, seed=9, max_commands=60)
    state = game.state
    det = determinize(state, 1, random.Random(3))
    assert det.hands[1] == state.hands[1] and det.supplies[1] == state.supplies[1]
    for seat in (0, 2):
        assert len(det.hands[seat]) == len(state.hands[seat])
        assert sorted(det.hands[seat] + det.supplies[seat]) == sorted(
            state.hands[seat] + state.supplies[seat]
        )
