from django.urls import path

from core.accounts import apis

urlpatterns = [
    path("register", apis.RegisterApi.as_view(), name="register"),
    path("password-rules", apis.PasswordRulesApi.as_view(), name="password-rules"),
    path("login", apis.LoginApi.as_view(), name="login"),
    path("logout", apis.LogoutApi.as_view(), name="logout"),
    path("me", apis.MeApi.as_view(), name="me"),
    path("me/vacations", apis.VacationListApi.as_view(), name="vacations"),
    path("me/vacations/<int:vacation_id>/end", apis.VacationEndApi.as_view(), name="vacation-end"),
]
