"""A home socket's read of its player's new notifications (``realtime.reads``): one plain
statement on PostgreSQL, the rows exactly as the ORM's ``notification_out`` makes them."""

from __future__ import annotations

import pytest

from core.notifications.models import OutboxItem
from realtime.reads import notification_out, notifications_after
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


def test_notifications_after_an_id_are_read_as_the_orm_reads_them() -> None:
    ann, ben = make_user("ann"), make_user("ben")
    made = [
        OutboxItem.objects.create(
            user=user, kind="your_turn", key=f"k{i}", payload={"game": "samurai", "n": [i, "é"]}
        )
        for i, user in enumerate([ann, ben, ann, ann, ann])
    ]
    mine = [m for m in made if m.user_id == ann.pk]
    orm = [notification_out(OutboxItem.objects.get(pk=m.pk)) for m in mine]
    assert notifications_after(ann.pk, 0) == orm
    assert notifications_after(ann.pk, mine[0].pk) == orm[1:]  # after an id, oldest first
    assert notifications_after(ann.pk, mine[0].pk, limit=2) == orm[1:3]
    assert notifications_after(ann.pk, mine[-1].pk) == []
    assert notifications_after(ben.pk + ann.pk + 1000, 0) == []
