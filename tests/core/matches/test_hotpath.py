"""The command's fast path on PostgreSQL (core/matches/hotpath.py): two round trips, and the
general path's guarantees — one application per command_id, optimistic concurrency, the outbox,
snapshots and the read models written with the events or not at all."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections
from django.test.utils import CaptureQueriesContext

from core.api.errors import ApiError
from core.eventstore import store
from core.eventstore.models import CommandRecord, Event, Snapshot
from core.matches import hotpath, services
from core.matches.models import Match, Seat
from core.matches.state import load_state, replay_from_zero, state_cache
from core.notifications.models import OutboxItem
from tests.conftest import make_user

pytestmark = pytest.mark.postgres


def _match(race_game: str, **options: Any) -> tuple[Match, Any, Any]:
    alice, bob = make_user("alice"), make_user("bob")
    match = services.match_create(
        user=alice,
        game=race_game,
        n_players=2,
        options=options,
        seats=[services.SeatSpec("me"), services.SeatSpec("user", username="bob")],
    )
    services.match_join(match_id=match.pk, user=bob)
    return Match.objects.get(pk=match.pk), alice, bob


def _submit(user: Any, match: Match, cmd: dict[str, Any], cid: str, **kw: Any) -> Any:
    return services.match_submit_command(
        match_id=match.pk, user=user, command=cmd, command_id=cid, **kw
    )


@pytest.mark.django_db
def test_a_command_is_one_read_and_one_write(
    race_game: str, django_capture_on_commit_callbacks: Any
) -> None:
    match, alice, _ = _match(race_game)
    with django_capture_on_commit_callbacks(execute=True):  # the state is cached at commit
        _submit(alice, match, {"type": "add", "amount": 1}, "warm")
    with CaptureQueriesContext(connection) as queries:
        answer = _submit(alice, match, {"type": "add", "amount": 1}, "c1", expected_version=3)
    assert answer["version"] == 4
    statements = [q["sql"].lstrip().split()[0].upper() for q in queries.captured_queries]
    # The test's transaction makes the write a savepoint; in a server it commits by itself.
    assert [s for s in statements if s not in ("SAVEPOINT", "RELEASE")] == ["SELECT", "WITH"]


@pytest.mark.django_db
def test_a_turn_change_writes_seats_outbox_and_record_with_the_events(race_game: str) -> None:
    match, alice, bob = _match(race_game)
    _submit(alice, match, {"type": "add", "amount": 2}, "a1")
    answer = _submit(alice, match, {"type": "end_turn"}, "a2")
    assert answer["active_seats"] == [1]
    assert list(Seat.objects.filter(match=match).values_list("to_move", flat=True)) == [
        False,
        True,
    ]
    turn = OutboxItem.objects.get(kind="your_turn", user=bob, match=match)
    assert turn.key == f"your_turn:{bob.pk}:{match.pk}:{answer['version']}"
    assert turn.payload == {"game": "race", "version": answer["version"]}
    record = CommandRecord.objects.get(match=match, command_id="a2")
    assert (record.seat, record.version, record.user_id) == (0, answer["version"], alice.pk)
    assert store.verify_chain(match.pk).ok


@pytest.mark.django_db
def test_snapshots_are_taken_at_barriers_and_load_like_a_replay(
    race_game: str, settings: Any
) -> None:
    settings.SNAPSHOT_EVERY = 4
    match, alice, bob = _match(race_game, target=60)
    players = [alice, bob]
    for n in range(12):
        seat = Match.objects.get(pk=match.pk).seats.get(to_move=True).index
        _submit(players[seat], match, {"type": "add", "amount": 3}, f"x{n}")
        _submit(players[seat], match, {"type": "end_turn"}, f"y{n}")
    match.refresh_from_db()
    snaps = list(Snapshot.objects.filter(match=match).values_list("version", flat=True))
    assert snaps and match.snapshot_version == max(snaps)
    state_cache.clear()
    assert load_state(match) == replay_from_zero(match)


@pytest.mark.django_db
def test_a_stale_expected_version_writes_nothing(race_game: str) -> None:
    match, alice, _ = _match(race_game)
    _submit(alice, match, {"type": "add", "amount": 1}, "s1")
    with pytest.raises(ApiError) as err:
        _submit(alice, match, {"type": "add", "amount": 1}, "s2", expected_version=2)
    assert (err.value.status_code, err.value.code) == (409, "stale_version")
    assert err.value.extra["current_version"] == 3
    assert not CommandRecord.objects.filter(command_id="s2").exists()


@pytest.mark.django_db
def test_a_match_moving_between_read_and_write_writes_nothing_then_the_general_path_applies(
    race_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    match, alice, _ = _match(race_game)
    real_read: Callable[..., Any] = hotpath.read
    calls: list[str] = []

    def read_then_someone_moves(match_id: int, command_id: str) -> Any:
        got = real_read(match_id, command_id)
        if not calls:
            calls.append(command_id)
            # Another request commits between our read and our write.
            monkeypatch.setattr(hotpath, "read", real_read)
            _submit(alice, match, {"type": "add", "amount": 1}, f"other-{command_id}")
        return got

    monkeypatch.setattr(hotpath, "read", read_then_someone_moves)
    with pytest.raises(ApiError) as err:
        _submit(alice, match, {"type": "add", "amount": 2}, "pinned", expected_version=2)
    assert err.value.code == "stale_version"
    assert not Event.objects.filter(command_id="pinned").exists()
    calls.clear()
    monkeypatch.setattr(hotpath, "read", read_then_someone_moves)
    answer = _submit(alice, match, {"type": "add", "amount": 2}, "unpinned")
    assert answer["version"] == 5 and answer["view"]["points"] == [4, 0]
    assert store.verify_chain(match.pk).ok


N = 8


def _race(n: int, submit: Callable[[int], Any]) -> list[Any]:
    barrier = threading.Barrier(n)
    results: list[Any] = []

    def run(i: int) -> None:
        try:
            barrier.wait()
            results.append(submit(i))
        except ApiError as err:
            results.append(err)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


@pytest.mark.django_db(transaction=True)
def test_one_command_id_sent_at_once_many_times_applies_once(race_game: str) -> None:
    match, alice, _ = _match(race_game)
    results = _race(N, lambda i: _submit(alice, match, {"type": "add", "amount": 2}, "same"))
    answers = [r for r in results if isinstance(r, dict)]
    refused = [r for r in results if isinstance(r, ApiError)]
    # Each gets the first answer (replayed) or, racing the very commit, a 409 to retry.
    assert answers and {(e.status_code, e.code) for e in refused} <= {(409, "conflict")}
    assert sum(not a["replayed"] for a in answers) == 1
    first = next(a for a in answers if not a["replayed"])
    assert all({**a, "replayed": False} == first for a in answers)
    assert Event.objects.of("match", match.pk).filter(command_id="same").count() == 1
    assert Match.objects.get(pk=match.pk).version == 3 and store.verify_chain(match.pk).ok


@pytest.mark.django_db(transaction=True)
def test_commands_at_once_without_a_version_all_apply_in_some_order(race_game: str) -> None:
    match, alice, _ = _match(race_game, target=99)
    results = _race(N, lambda i: _submit(alice, match, {"type": "add", "amount": 1}, f"c{i}"))
    assert all(isinstance(r, dict) for r in results), results
    assert sorted(r["version"] for r in results) == list(range(3, 3 + N))
    assert Match.objects.get(pk=match.pk).version == 2 + N
    assert store.verify_chain(match.pk).ok
    state_cache.clear()
    assert load_state(Match.objects.get(pk=match.pk))["points"] == [N, 0]


def test_its_seat_columns_are_the_models_in_order_so_a_row_builds_a_seat_positionally() -> None:
    fields = [f for f in Seat._meta.concrete_fields if f.attname != "match_id"]
    assert list(hotpath._SEAT_COLUMNS) == [f.attname for f in fields]
    assert [f.attname for f in Seat._meta.concrete_fields][:2] == ["id", "match_id"]
    # Through json_build_array a date or time would come back as text.
    assert not [f for f in fields if f.get_internal_type() in ("DateTimeField", "DateField")]


@pytest.mark.django_db
def test_its_read_builds_the_match_and_seats_as_the_orm_loads_them(race_game: str) -> None:
    match, _, _ = _match(race_game)
    read, seats, record = hotpath.read(match.pk, None)
    loaded = Match.objects.get(pk=match.pk)

    def fields(obj: Any) -> dict[str, Any]:
        return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}

    assert fields(read) == fields(loaded) and not read._state.adding
    assert [fields(s) for s in seats] == [fields(s) for s in loaded.seats.order_by("index")]
    assert not any(s._state.adding for s in seats) and record is None
    read.status = Match.Status.FINISHED  # a plain instance: its own values, saved as ever
    read.save(update_fields=["status"])
    assert Match.objects.get(pk=match.pk).status == Match.Status.FINISHED


@pytest.mark.django_db
def test_read_match_lists_its_seats_without_building_a_query(
    race_game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db.models.sql.query import Query

    match, alice, bob = _match(race_game)
    built: list[Any] = []
    original = Query.build_filter

    def build_filter(self: Query, *args: Any, **kwargs: Any) -> Any:
        built.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Query, "build_filter", build_filter)
    read = hotpath.read_match(match.pk)
    with CaptureQueriesContext(connection) as queries:
        assert [s.user_id for s in read.seats.all()] == [alice.pk, bob.pk]
    assert built == [] and len(queries) == 0
    # Filtering further still reads this match's seats only (the deferred filter applies).
    carol = make_user("carol")
    services.match_create(
        user=carol,
        game=race_game,
        n_players=2,
        options={},
        seats=[services.SeatSpec("me"), services.SeatSpec("open")],
    )
    assert Seat.objects.exclude(match_id=match.pk).exists()
    assert [(s.match_id, s.index) for s in read.seats.filter(index=1)] == [(match.pk, 1)]
    assert set(read.seats.values_list("match_id", flat=True)) == {match.pk}


@pytest.mark.django_db
@pytest.mark.parametrize("match_id", [0, -1, 2**63, 2**80])
def test_an_id_no_match_can_have_is_not_found_not_a_database_error(match_id: int) -> None:
    # The read's statement is prepared, its id bound as a bigint: PostgreSQL would refuse one
    # past the range (schemathesis found it as a 500 on GET .../legal).
    for command_id in (None, "c1"):
        with pytest.raises(ApiError) as refused:
            hotpath.read(match_id, command_id)
        assert (refused.value.status_code, refused.value.code) == (404, "match_not_found")
