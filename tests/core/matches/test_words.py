"""Words for players on the platform's side (games/WORDS.md): every event's ``text`` rendered
for its reader (names, "you", platform events, spectators), the ending explained, the game's
options, bots, glossary and rules in words, and what an engine without words falls back to."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from core.eventstore import store
from core.matches import platform_events
from core.matches.models import Match, Seat
from core.matches.names import bot_name, seat_names
from core.matches.platform_events import PLATFORM_EVENTS
from core.matches.presenters import event_words, platform_text
from games.narration import Reader
from games.registry import get_engine
from realtime.reads import match_update
from tests.conftest import client_for, make_user


def create(client: APIClient, **body: Any) -> dict[str, Any]:
    res = client.post("/api/matches", {"game": "race", "players": 2, **body}, format="json")
    assert res.status_code == 201, res.json()
    return res.json()


def play(client: APIClient, match_id: int, *commands: dict[str, Any]) -> Any:
    res = None
    for command in commands:
        res = client.post(
            f"/api/matches/{match_id}/commands",
            {"command": command, "command_id": f"c{time.monotonic_ns()}"},
            format="json",
        )
        assert res.status_code == 200, res.json()
    return res


@pytest.fixture
def duel(db: Any, words_race_game: str) -> tuple[int, APIClient, APIClient, Any, Any]:
    alice, bob = make_user("alice"), make_user("bob")
    bob.display_name = "Bob B."
    bob.save()
    a, b = client_for(alice), client_for(bob)
    match = create(a, options={"target": 40})
    assert b.post(f"/api/matches/{match['id']}/join", {}, format="json").status_code == 200
    return match["id"], a, b, alice, bob


def _texts(client: APIClient, match_id: int) -> list[dict[str, str]]:
    events = client.get(f"/api/matches/{match_id}/events").json()["events"]
    return [e["text"] for e in events if "text" in e]


def test_each_reader_reads_you_and_the_others_by_name(duel: Any) -> None:
    match_id, a, b, _, _ = duel
    answer = play(a, match_id, {"type": "add", "amount": 2}).json()
    # The command's answer speaks as the REST list does.
    assert answer["events"][0]["text"] == {"en": "You add 2 points.", "cs": "Přidáváte 2 body."}
    mine, theirs = _texts(a, match_id), _texts(b, match_id)
    assert mine[-1] == {"en": "You add 2 points.", "cs": "Přidáváte 2 body."}
    assert theirs[-1] == {"en": "Alice adds 2 points.", "cs": "Alice přidává 2 body."}
    # A secret is narrated only to its owner, and the spectator reads no seat as "you".
    assert mine[1]["en"].startswith("Your secret digit is ")
    spectator = client_for(make_user("carol"))
    seen = spectator.get(f"/api/matches/{match_id}/events").json()["events"]
    assert "text" not in seen[1]  # the secret deal is hidden from a spectator
    assert seen[-1]["text"]["en"] == "Alice adds 2 points."


def test_the_socket_frames_carry_the_same_words(duel: Any) -> None:
    match_id, a, _, _, _ = duel
    play(a, match_id, {"type": "add", "amount": 1})
    update = match_update(match_id, 2)
    assert update is not None
    frames = {seat: json.loads(text) for seat, text in update.texts.items()}
    assert frames[0]["d"]["events"][-1]["text"]["en"] == "You add 1 point."
    assert frames[1]["d"]["events"][-1]["text"]["cs"] == "Alice přidává 1 bod."
    assert frames[None]["d"]["events"][-1]["text"]["en"] == "Alice adds 1 point."


def test_bots_have_friendly_distinct_names_everywhere(
    db: Any, words_race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    alice = make_user("alice")
    a = client_for(alice)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}]
    match = create(a, players=3, seats=seats)
    names = [s["name"] for s in match["seats"]]
    assert names == ["Alice", bot_name(1), bot_name(2)]
    assert names[1] != names[2] and names[1].startswith("Bot ")
    play(a, match["id"], {"type": "add", "amount": 3})
    with django_capture_on_commit_callbacks(execute=True):
        play(a, match["id"], {"type": "end_turn"})
    texts = _texts(a, match["id"])
    assert any(t["en"].startswith(f"{bot_name(1)} adds ") for t in texts), texts
    assert any(t["cs"].startswith(f"{bot_name(1)} přidává ") for t in texts), texts
    assert not any("Seat" in t["en"] or "Hráč" in t["cs"] for t in texts)


def test_two_players_of_one_name_are_told_apart(db: Any, words_race_game: str) -> None:
    alice, other = make_user("alice"), make_user("alice2")
    other.display_name = "Alice"
    other.save()
    match = Match.objects.create(game="race", n_players=2, options={"target": 12})
    Seat.objects.create(match=match, index=0, kind=Seat.Kind.HUMAN, user=alice)
    Seat.objects.create(match=match, index=1, kind=Seat.Kind.HUMAN, user=other)
    assert seat_names(match) == ("Alice (alice)", "Alice (alice2)")


@pytest.mark.parametrize(
    ("event", "you", "other"),
    [
        (
            {"type": platform_events.SEAT_TIMED_OUT, "seat": 0, "policy": "bot_move"},
            (
                "Your time ran out: a bot makes this move for you.",
                "Vypršel vám čas: tento tah za vás zahraje bot.",
            ),
            (
                "Ann's time ran out: a bot makes this move in their place.",
                "Hráči Ann vypršel čas: tento tah za hráče zahraje bot.",
            ),
        ),
        (
            {"type": platform_events.UNDO_EVENT, "seat": 0, "seqs": [4, 5]},
            ("You take back 2 actions.", "Berete zpět dvě akce."),
            ("Ann takes back 2 actions.", "Ann bere zpět dvě akce."),
        ),
        (
            {
                "type": platform_events.VACATION_DAY_SPENT,
                "seat": 0,
                "deadline": "2027-03-04T12:00:00+00:00",
            },
            (
                "You spend a vacation day: your time to move is a day longer.",
                "Čerpáte den dovolené: na tah máte o den déle.",
            ),
            (
                "Ann spends a vacation day: their time to move is a day longer.",
                "Ann čerpá den dovolené: na tah má o den déle.",
            ),
        ),
        (
            {
                "type": platform_events.SEAT_REPLACED_BY_BOT,
                "seat": 0,
                "level": "greedy",
                "reason": "gone",
            },
            ("The staff gave your seat to a bot: gone.", "Správa předala vaše místo botovi: gone."),
            (
                "The staff gave Ann's seat to a bot: gone.",
                "Správa předala místo hráče Ann botovi: gone.",
            ),
        ),
    ],
)
def test_platform_events_read_as_the_log_does(
    event: dict[str, Any], you: tuple[str, str], other: tuple[str, str]
) -> None:
    names = ("Ann", "Bob")
    for (lang, expected_you), expected_other in zip(
        (("en", you[0]), ("cs", you[1])), other, strict=True
    ):
        assert platform_text(event, Reader(lang, 0, names)) == expected_you  # type: ignore[arg-type]
        assert platform_text(event, Reader(lang, 1, names)) == expected_other  # type: ignore[arg-type]


def test_staff_decisions_name_the_places_and_no_event_numbers() -> None:
    names = ("Ann", "Bob")
    awarded = {
        "type": platform_events.RESULT_AWARDED,
        "ranks": [2, 1],
        "scores": [0, 1],
        "reason": "x",
    }
    assert platform_text(awarded, Reader("en", 0, names)) == (
        "The staff decided the result (Bob first, you second): x."
    )
    assert platform_text(awarded, Reader("cs", None, names)) == (
        "Správa určila výsledek (1. Bob, 2. Ann): x."
    )
    rollback = {"type": platform_events.UNDO_EVENT, "seqs": [7], "rollback_to": 6, "reason": "bug"}
    assert platform_text(rollback, Reader("cs", 0, names)) == "Správa vzala zpět jednu akci: bug."
    assert "6" not in platform_text(rollback, Reader("en", 0, names))


def test_an_engine_without_narrate_says_who_moved_in_plain_words(race_game: str) -> None:
    engine = get_engine("race")
    assert not hasattr(engine, "narrate")
    added = {"type": "Added", "seat": 0, "amount": 3}
    assert event_words(engine, added, 1, ("Ann", "Bob")) == {
        "en": "Ann made a move.",
        "cs": "Ann táhne.",
    }
    assert event_words(engine, added, 0, ("Ann", "Bob")) == {
        "en": "You made a move.",
        "cs": "Táhli jste.",
    }
    assert event_words(engine, {"type": "Dealt"}, 0, ("Ann", "Bob"))["en"] == (
        "Something happened in the match."
    )


def test_a_failing_narrate_falls_back_to_a_plain_line(
    words_race_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    engine = get_engine("race")

    def broken(event: Any, reader: Any) -> str:
        raise KeyError("field")

    monkeypatch.setattr(engine, "narrate", broken)
    out = event_words(engine, {"type": "Added", "seat": 0, "amount": 1}, None, ("Ann", "Bob"))
    assert out == {"en": "Ann made a move.", "cs": "Ann táhne."}


def test_a_finished_match_explains_its_ending_for_each_reader(duel: Any) -> None:
    match_id, a, b, _, _ = duel
    res = a.post(f"/api/matches/{match_id}/resign", {"command_id": "r1"}, format="json")
    assert res.status_code == 200
    mine = a.get(f"/api/matches/{match_id}").json()["explanation"]
    theirs = b.get(f"/api/matches/{match_id}").json()["explanation"]
    assert mine["en"]["summary"] == "You resigned. Bob B. wins."
    assert mine["cs"]["summary"] == "Vzdali jste. Bob B. vyhrává."
    assert theirs["en"]["summary"] == "Alice resigned. You win."
    assert theirs["cs"]["summary"] == "Alice vzdává závod. Vyhráváte."
    # explain reads the game's events as this reader may see them (no platform events).
    shown = [e for e in a.get(f"/api/matches/{match_id}/events").json()["events"] if "type" in e]
    played = [e for e in shown if e["type"] not in PLATFORM_EVENTS]
    assert mine["en"]["sections"][0]["lines"][1] == f"{len(played)} events."
    table = mine["cs"]["sections"][0]["table"]
    assert table["columns"] == ["", "vy", "Bob B."] and table["rows"][0][0] == "Body"
    # The replay's last step says the same; an earlier one nothing.
    version = Match.objects.get(pk=match_id).version
    last = a.get(f"/api/matches/{match_id}/replay", {"version": version}).json()
    assert last["explanation"] == mine
    first = a.get(f"/api/matches/{match_id}/replay", {"version": 2}).json()
    assert first["explanation"] is None


def test_a_running_match_or_an_engine_without_explain_has_no_explanation(
    db: Any, race_game: str
) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    a, b = client_for(alice), client_for(bob)
    match = create(a, options={"target": 40})
    b.post(f"/api/matches/{match['id']}/join", {}, format="json")
    assert a.get(f"/api/matches/{match['id']}").json()["explanation"] is None
    a.post(f"/api/matches/{match['id']}/resign", {"command_id": "r1"}, format="json")
    finished = a.get(f"/api/matches/{match['id']}").json()
    assert finished["status"] == "finished" and finished["explanation"] is None


def test_the_game_in_words_options_presets_first_bots_glossary_rules(
    db: Any, words_race_game: str
) -> None:
    game = APIClient().get("/api/games/race").json()
    assert [o["name"] for o in game["options"]] == ["pace", "target"]
    pace = game["options"][0]
    assert pace["label"] == {"en": "Pace", "cs": "Tempo"}
    assert pace["choice_labels"]["sprint"] == {"en": "Sprint", "cs": "Sprint"}
    assert pace["implies"] == {"sprint": {"target": 6}}
    assert game["player_bot_levels"] == ["random", "greedy"]
    assert game["default_bot_level"] == "greedy"
    assert [b["label"]["cs"] for b in game["bots"]] == ["Začátečník", "Rekreační hráč"]
    assert game["bots"][1]["strength"]["en"].startswith("Wins 70 %")
    assert game["glossary"] == {
        "amounts": {
            "1": {"en": "one step", "cs": "jeden krok"},
            "3": {"en": "a leap", "cs": "skok"},
        }
    }
    assert game["rules_for_players"]["cs"].startswith("## Příprava")
    assert ":::option pace=sprint" in game["rules_for_players"]["en"]
    assert "events" not in game  # narrated: the templates are not served any more


def test_an_engine_without_words_falls_back_to_what_it_has(db: Any, race_game: str) -> None:
    game = APIClient().get("/api/games/race").json()
    target = game["options"][0]
    assert target["label"] == {"en": "Target", "cs": "Target"}
    assert target["help"]["en"] == "Points that end the game."
    assert game["player_bot_levels"] == ["random", "greedy", "search"]
    assert game["default_bot_level"] == "greedy"
    assert [b["label"]["en"] for b in game["bots"]] == ["Beginner", "Casual", "Strong"]
    assert game["glossary"] == {}
    assert game["rules_for_players"] == {"en": "", "cs": ""}  # no README beside it either
    assert "events" not in game  # the log's lines come with each event, in words


def test_a_real_games_rules_fall_back_to_its_readme_while_it_has_no_pages(db: Any) -> None:
    game = APIClient().get("/api/games/samurai").json()
    for lang in ("en", "cs"):
        assert game["rules_for_players"][lang].strip()


def test_a_match_with_fewer_than_two_people_is_not_rated(db: Any, words_race_game: str) -> None:
    a = client_for(make_user("alice"))
    solo = create(a, rated=True, seats=[{"kind": "me"}, {"kind": "bot", "level": "random"}])
    assert solo["rated"] is False
    duel = create(a, rated=True, seats=[{"kind": "me"}, {"kind": "open"}])
    assert duel["rated"] is True


def test_an_events_page_of_two_thousand_events_stays_quick(duel: Any) -> None:
    """Every event of every page is narrated for its reader: the names come from a cache, so a
    page of 2,000 events costs about what it did with templates (figures: the report)."""
    match_id, a, _, _, _ = duel
    match = Match.objects.get(pk=match_id)
    with transaction.atomic():
        store.append(
            match=match,
            expected_version=match.version,
            events=[{"type": "Added", "seat": i % 2, "amount": 1} for i in range(2000)],
            actor=None,
        )
    started = time.perf_counter()
    events = a.get(f"/api/matches/{match_id}/events").json()["events"]
    elapsed = time.perf_counter() - started
    assert len(events) >= 2000
    assert events[-1]["text"]["cs"] in ("Přidáváte 1 bod.", "Bob B. přidává 1 bod.")
    assert elapsed < 5.0, elapsed
