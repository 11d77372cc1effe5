from django.urls import path

from core.push import apis

urlpatterns = [
    path("key", apis.PushKeyApi.as_view(), name="push-key"),
    path("test", apis.PushTestApi.as_view(), name="push-test"),
    path("subscriptions", apis.PushSubscriptionListApi.as_view(), name="push-subscriptions"),
    path(
        "subscriptions/<int:subscription_id>",
        apis.PushSubscriptionDetailApi.as_view(),
        name="push-subscription",
    ),
]
