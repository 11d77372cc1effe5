from django.urls import path

from core.accounts import account_apis, apis

urlpatterns = [
    path("register", apis.RegisterApi.as_view(), name="register"),
    path("password-rules", apis.PasswordRulesApi.as_view(), name="password-rules"),
    path("login", apis.LoginApi.as_view(), name="login"),
    path("logout", apis.LogoutApi.as_view(), name="logout"),
    path("me", apis.MeApi.as_view(), name="me"),
    path("me/vacations", apis.VacationListApi.as_view(), name="vacations"),
    path("me/vacations/<int:vacation_id>/end", apis.VacationEndApi.as_view(), name="vacation-end"),
    path("me/email/resend", account_apis.EmailResendApi.as_view(), name="email-resend"),
    path("email/verify", account_apis.EmailVerifyApi.as_view(), name="email-verify"),
    path("me/password", account_apis.PasswordChangeApi.as_view(), name="password-change"),
    path("password/reset", account_apis.PasswordResetApi.as_view(), name="password-reset"),
    path(
        "password/reset/confirm",
        account_apis.PasswordResetConfirmApi.as_view(),
        name="password-reset-confirm",
    ),
    path("me/devices", account_apis.DeviceListApi.as_view(), name="devices"),
    path(
        "me/devices/<int:device_id>", account_apis.DeviceRevokeApi.as_view(), name="device-revoke"
    ),
    path(
        "me/devices/revoke-others",
        account_apis.DeviceRevokeOthersApi.as_view(),
        name="devices-revoke-others",
    ),
    path("me/export", account_apis.ExportApi.as_view(), name="account-export"),
    path("me/delete", account_apis.AccountDeleteApi.as_view(), name="account-delete"),
]
