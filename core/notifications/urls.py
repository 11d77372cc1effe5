from django.urls import path

from core.notifications import apis

urlpatterns = [
    path("notifications", apis.NotificationListApi.as_view(), name="notifications"),
    path("notifications/read", apis.NotificationReadApi.as_view(), name="notifications-read"),
    path(
        "notifications/preferences",
        apis.NotificationPreferencesApi.as_view(),
        name="notification-preferences",
    ),
    path(
        "notifications/unsubscribe",
        apis.UnsubscribeApi.as_view(),
        name="notification-unsubscribe",
    ),
    path(
        "notifications/webhook/secret",
        apis.WebhookSecretApi.as_view(),
        name="notification-webhook-secret",
    ),
]
