"""Web Push API: the server's public key, and the caller's browser subscriptions.

The PWA subscribes with ``pushManager.subscribe({userVisibleOnly: true, applicationServerKey})``
using ``GET /api/push/key``, then posts ``subscription.toJSON()`` to ``/api/push/subscriptions``;
after ``subscription.unsubscribe()`` it deletes it by endpoint.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.accounts.caller import signed_in
from core.api import fields as strict
from core.api.schema import errors
from core.push import selectors, services
from core.push.models import PushSubscription
from core.push.vapid import vapid


class PushKeyOut(serializers.Serializer[Any]):
    public_key = strict.CharField(
        help_text="The VAPID public key, base64url: the applicationServerKey to subscribe with."
    )


class PushSubscriptionOut(serializers.ModelSerializer[PushSubscription]):
    class Meta:
        model = PushSubscription
        fields = ["id", "endpoint", "user_agent", "created_at", "last_success_at", "failures"]


class PushSubscriptionListOut(serializers.Serializer[Any]):
    results = PushSubscriptionOut(many=True)


class PushKeyApi(APIView):
    @extend_schema(responses={200: PushKeyOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        return Response({"public_key": vapid().public_key})


class PushKeysIn(serializers.Serializer[Any]):
    p256dh = strict.CharField(max_length=200)
    auth = strict.CharField(max_length=100)


class PushSubscriptionListApi(APIView):
    class Input(serializers.Serializer[Any]):
        """``PushSubscription.toJSON()`` as the browser gives it (expirationTime is ignored)."""

        class Meta:
            ref_name = "PushSubscriptionInput"

        endpoint = strict.CharField(max_length=1000)
        keys = PushKeysIn()

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "PushSubscriptionDeleteFilters"

        endpoint = strict.CharField(max_length=1000, help_text="The endpoint to unsubscribe.")

    @extend_schema(
        operation_id="push_subscriptions_list",
        responses={200: PushSubscriptionListOut},
        extensions=errors(),
    )
    def get(self, request: Request) -> Response:
        subscriptions = selectors.push_subscription_list(user=signed_in(request))
        return Response({"results": PushSubscriptionOut(subscriptions, many=True).data})

    @extend_schema(
        request=Input,
        responses={200: PushSubscriptionOut, 201: PushSubscriptionOut},
        extensions=errors(
            "invalid_endpoint",
            "insecure_endpoint",
            "endpoint_not_allowed",
            "invalid_p256dh",
            "invalid_auth",
        ),
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        subscription, created = services.push_subscription_save(
            user=signed_in(request),
            endpoint=v["endpoint"],
            p256dh=v["keys"]["p256dh"],
            auth=v["keys"]["auth"],
            user_agent=request.headers.get("User-Agent", ""),
        )
        return Response(PushSubscriptionOut(subscription).data, status=201 if created else 200)

    @extend_schema(
        operation_id="push_subscriptions_destroy_by_endpoint",
        parameters=[Filters],
        responses={204: None},
        extensions=errors("subscription_not_found"),
    )
    def delete(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        services.push_subscription_delete(
            user=signed_in(request), endpoint=filters.validated_data["endpoint"]
        )
        return Response(status=204)


class PushTestOut(serializers.Serializer[Any]):
    sent = serializers.IntegerField(help_text="Devices the test notification went to.")
    gone = serializers.IntegerField(help_text="Subscriptions the push service no longer knows.")
    failed = serializers.IntegerField(help_text="Devices the push service refused or missed.")


class PushTestApi(APIView):
    """Send a test notification to every device of yours that takes them: what "it is your
    turn" will look like there."""

    @extend_schema(
        operation_id="push_test",
        request=None,
        responses={200: PushTestOut},
        extensions=errors("no_push_subscription"),
    )
    def post(self, request: Request) -> Response:
        return Response(services.push_send_test(user=signed_in(request)))


class PushSubscriptionDetailApi(APIView):
    @extend_schema(
        operation_id="push_subscriptions_destroy",
        responses={204: None},
        extensions=errors("subscription_not_found"),
    )
    def delete(self, request: Request, subscription_id: int) -> Response:
        services.push_subscription_delete(user=signed_in(request), subscription_id=subscription_id)
        return Response(status=204)
