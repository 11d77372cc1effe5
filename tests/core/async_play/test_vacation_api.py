"""Declaring a vacation in advance: validation, the bank, cancelling and ending early."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import override_settings
from rest_framework.test import APIClient

from core.accounts.models import User, Vacation
from tests.conftest import client_for, make_user
from tests.core.async_play.conftest import Clock

pytestmark = pytest.mark.django_db

URL = "/api/accounts/me/vacations"


def declare(client: Any, starts_on: str, ends_on: str) -> Any:
    return client.post(URL, {"starts_on": starts_on, "ends_on": ends_on}, format="json")


def bank(user: Any) -> tuple[int, int]:
    user.refresh_from_db()
    return user.vacation_days, user.vacation_year


def test_declaring_takes_the_days_from_this_years_bank(clock: Clock) -> None:
    alice = make_user()
    client = client_for(alice)
    assert client.get(URL).json()["days_left"] == 14
    made = declare(client, "2027-03-10", "2027-03-13")
    assert made.status_code == 201
    body = made.json()
    assert (body["starts_on"], body["ends_on"], body["days"], body["days_left"]) == (
        "2027-03-10",
        "2027-03-13",
        4,
        10,
    )
    assert bank(alice) == (10, 2027)
    listed = client.get(URL).json()
    assert [v["id"] for v in listed["results"]] == [body["id"]]
    assert listed["days_left"] == 10
    assert client_for(make_user()).get(URL).json()["results"] == []  # only one's own


def test_a_bank_of_a_past_year_is_refilled_first(clock: Clock) -> None:
    alice = make_user()
    User.objects.filter(pk=alice.pk).update(vacation_days=0, vacation_year=2026)
    assert declare(client_for(alice), "2027-03-01", "2027-03-01").status_code == 201
    assert bank(alice) == (13, 2027)


@pytest.mark.parametrize(
    ("starts_on", "ends_on", "status", "code"),
    [
        ("2027-02-28", "2027-03-02", 422, "vacation_in_the_past"),
        ("2027-03-05", "2027-03-04", 422, "vacation_ends_before_start"),
        ("2027-03-05", "2027-05-04", 422, "vacation_too_long"),  # 61 days; 60 is the most
        ("2027-03-05", "not a date", 400, "invalid_input"),
        ("", "2027-03-05", 400, "invalid_input"),
    ],
)
@override_settings(LUDOTEKA_VACATION_DAYS_PER_YEAR=100)
def test_a_declaration_is_checked_before_anything_is_written(
    clock: Clock, starts_on: str, ends_on: str, status: int, code: str
) -> None:
    alice = make_user()
    answer = declare(client_for(alice), starts_on, ends_on)
    assert (answer.status_code, answer.json()["code"]) == (status, code)
    assert not Vacation.objects.exists() and bank(alice) == (0, 0)


@override_settings(LUDOTEKA_VACATION_DAYS_PER_YEAR=100)
def test_sixty_days_and_today_are_allowed(clock: Clock) -> None:
    answer = declare(client_for(make_user()), "2027-03-01", "2027-04-29")
    assert answer.status_code == 201 and answer.json()["days"] == 60


def test_vacations_may_not_overlap(clock: Clock) -> None:
    client = client_for(make_user())
    first = declare(client, "2027-03-10", "2027-03-12").json()
    for starts_on, ends_on in [("2027-03-08", "2027-03-10"), ("2027-03-11", "2027-03-11")]:
        clash = declare(client, starts_on, ends_on)
        assert clash.status_code == 409
        assert clash.json()["code"] == "vacation_overlap"
        assert clash.json()["vacation"] == first["id"]
    assert declare(client, "2027-03-13", "2027-03-14").status_code == 201  # right after
    assert client.get(URL).json()["days_left"] == 9


def test_the_bank_must_hold_the_days(clock: Clock) -> None:
    alice = make_user()
    User.objects.filter(pk=alice.pk).update(vacation_days=3, vacation_year=2027)
    short = declare(client_for(alice), "2027-03-10", "2027-03-13")
    assert short.status_code == 422
    assert (short.json()["code"], short.json()["days_left"]) == ("not_enough_vacation_days", 3)
    assert bank(alice) == (3, 2027)
    assert declare(client_for(alice), "2027-03-10", "2027-03-12").status_code == 201
    assert bank(alice) == (0, 2027)


def test_cancelling_a_vacation_not_yet_begun_gives_every_day_back(clock: Clock) -> None:
    alice = make_user()
    client = client_for(alice)
    made = declare(client, "2027-03-10", "2027-03-13").json()
    ended = client.post(f"{URL}/{made['id']}/end")
    assert ended.status_code == 200
    body = ended.json()
    assert (body["refunded"], body["days_left"], body["days"]) == (4, 14, 0)
    assert body["cancelled_at"] == clock.now.isoformat().replace("+00:00", "Z")
    again = client.post(f"{URL}/{made['id']}/end")
    assert (again.status_code, again.json()["code"]) == (409, "vacation_cancelled")
    # A cancelled vacation no longer blocks its days.
    assert declare(client, "2027-03-10", "2027-03-10").status_code == 201


def test_ending_a_vacation_early_gives_back_the_days_after_today(clock: Clock) -> None:
    alice = make_user()
    client = client_for(alice)
    made = declare(client, "2027-03-02", "2027-03-08").json()  # 7 days
    clock.advance(days=3)  # 2027-03-04, the third day
    body = client.post(f"{URL}/{made['id']}/end").json()
    assert (body["ends_on"], body["days"], body["refunded"], body["days_left"]) == (
        "2027-03-04",
        3,
        4,
        11,
    )
    assert body["cancelled_at"] is None
    clock.advance(days=1)
    over = client.post(f"{URL}/{made['id']}/end")
    assert (over.status_code, over.json()["code"]) == (409, "vacation_over")
    assert bank(alice) == (11, 2027)


def test_days_of_a_bank_renewed_since_are_not_given_back(clock: Clock) -> None:
    alice = make_user()
    clock.now = clock.now.replace(month=12, day=30)
    made = declare(client_for(alice), "2028-01-05", "2028-01-06").json()
    clock.now = clock.now.replace(year=2028, month=1, day=2)
    User.objects.filter(pk=alice.pk).update(vacation_days=14, vacation_year=2028)  # renewed
    body = client_for(alice).post(f"{URL}/{made['id']}/end").json()
    assert (body["refunded"], body["days_left"]) == (0, 14)


def test_only_ones_own_vacation_can_be_ended(clock: Clock) -> None:
    made = declare(client_for(make_user()), "2027-03-10", "2027-03-10").json()
    other = client_for(make_user()).post(f"{URL}/{made['id']}/end")
    assert (other.status_code, other.json()["code"]) == (404, "vacation_not_found")
    assert client_for(make_user()).post(f"{URL}/999999/end").status_code == 404
    anonymous = APIClient().get(URL)
    assert anonymous.status_code in (401, 403)
    assert anonymous.json()["code"] == "not_authenticated"
