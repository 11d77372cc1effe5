"""Hidden information: hands, the deck order and the defender's war picks."""

from __future__ import annotations

import random
from typing import Any

from games.catan import ENGINE
from games.catan.state import MAIN, State
from games.testing import canonical, play_random_game
from tests.games.catan.support import FixedDice, give, knights, new_game, run, run_with, skip_setup


def _hidden_from(state: State, viewer: int | None) -> None:
    shown = ENGINE.view(state, viewer)
    for p, player in enumerate(shown["players"]):
        if p == viewer:
            assert sum(player["resources"].values()) == sum(state.res[p])
            continue
        war = state.war
        exposed = state.phase == "war_take" and war is not None and viewer == war["defender"]
        if not (exposed and p == war["attacker"]):  # type: ignore[index]
            assert "resources" not in player and "development_cards" not in player
        assert "draft" not in player and "points_with_hidden" not in player
        assert player["resource_count"] == sum(state.res[p])
    assert "deck" not in shown and shown["deck_count"] == len(state.deck)


def _checking_chooser() -> Any:
    seen = {"count": 0}

    def choose(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
        seen["count"] += 1
        if seen["count"] % 7 == 0:
            for viewer in [*range(state.n), None]:
                _hidden_from(state, viewer)
        return rng.choice(ENGINE.legal_commands(state, seat))

    return choose


def test_views_show_only_counts_of_other_hands_during_whole_games() -> None:
    for n, opts, seed in ((4, {"variant": True, "war": True}, 1), (2, {"war": True}, 2)):
        game = play_random_game(ENGINE, n, opts, seed=seed, choose=_checking_chooser())
        assert game.finished


def test_redaction_hides_bought_stolen_and_discarded_cards_and_the_deck() -> None:
    game = play_random_game(ENGINE, 4, {"variant": True}, seed=4)
    kinds = set()
    for event in game.events:
        for viewer in [*range(4), None]:
            shown = ENGINE.redact(event, viewer)
            etype = event["type"]
            if etype == "GameCreated":
                assert shown is not None and shown["deck"] == 25
            elif (etype == "DevelopmentCardBought" and viewer != event["seat"]) or (
                etype == "CardStolen" and viewer not in (event["seat"], event["victim"])
            ):
                assert shown is not None and shown["card"] is None
                kinds.add(etype)
            elif etype.startswith("Draft") and viewer != event["seat"]:
                assert shown is None
            elif etype == "CardDiscarded" and viewer != event["seat"]:
                assert shown is not None and shown["card"] in (
                    "brick",
                    "lumber",
                    "wool",
                    "grain",
                    "ore",
                    "development",
                )
    assert kinds == {"DevelopmentCardBought", "CardStolen"}


def test_the_defenders_picks_stay_hidden_until_the_seventh() -> None:
    s = skip_setup(new_game(3, variant=True, war=True), phase=MAIN)
    knights(s, 0, 2)
    give(s, 1, brick=5, ore=5)
    run_with(s, 0, {"type": "declare_war", "defender": 1}, FixedDice([6, 6, 6, 6, 1, 1, 1, 1]))
    events = run(s, 1, {"type": "war_give", "card": "ore"})
    assert ENGINE.redact(events[0], 0) is None and ENGINE.redact(events[0], 2) is None
    assert "picked" not in ENGINE.view(s, 0)["war"] and ENGINE.view(s, 1)["war"]["picked"] == [
        "ore"
    ]
    for name in ["brick"] * 5 + ["ore"]:
        events = run(s, 1, {"type": "war_give", "card": name})
    spoils = events[-1]
    assert spoils["type"] == "WarSpoilsTaken"
    assert ENGINE.redact(spoils, 0) == spoils
    assert ENGINE.redact(spoils, 2)["cards"] == 7  # type: ignore[index]


def test_determinize_never_depends_on_what_the_seat_cannot_see() -> None:
    a = skip_setup(new_game(3), phase=MAIN)
    give(a, 0, ore=2)
    give(a, 1, brick=2, wool=1, knight=1)
    give(a, 2, grain=1, lumber=2, monopoly=1)
    b = ENGINE.clone(a)
    # seats 1 and 2 swap a brick for a grain and a knight for a monopoly; the deck is reordered
    b.res[1][0], b.res[1][3], b.res[2][0], b.res[2][3] = 1, 1, 1, 0
    b.dev[1], b.dev[2] = list(a.dev[2]), list(a.dev[1])
    b.deck = list(reversed(a.deck))
    da = ENGINE.determinize(a, 0, random.Random(3))
    db = ENGINE.determinize(b, 0, random.Random(3))
    assert canonical(ENGINE.state_to_json(da)) == canonical(ENGINE.state_to_json(db))
    assert da.res[0] == a.res[0] and da.dev[0] == a.dev[0]
    assert [sum(h) for h in da.res] == [sum(h) for h in a.res]
