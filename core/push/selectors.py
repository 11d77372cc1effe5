"""Web Push reads."""

from __future__ import annotations

from django.db.models import QuerySet

from core.accounts.models import User
from core.push.models import PushSubscription


def push_subscription_list(*, user: User) -> QuerySet[PushSubscription]:
    return PushSubscription.objects.filter(user=user)
