from django.urls import path

from core.tournaments import apis

P = "tournaments/<int:tournament_id>"
urlpatterns = [
    path("tournaments", apis.TournamentListApi.as_view(), name="tournaments"),
    path(P, apis.TournamentDetailApi.as_view(), name="tournament"),
    path(f"{P}/rounds", apis.TournamentRoundsApi.as_view(), name="tournament-rounds"),
    path(f"{P}/events", apis.TournamentEventsApi.as_view(), name="tournament-events"),
    path(f"{P}/register", apis.TournamentRegisterApi.as_view(), name="tournament-register"),
    path(f"{P}/withdraw", apis.TournamentWithdrawApi.as_view(), name="tournament-withdraw"),
    path(f"{P}/invite", apis.TournamentInviteApi.as_view(), name="tournament-invite"),
    path(f"{P}/bots", apis.TournamentBotsApi.as_view(), name="tournament-bots"),
    path(f"{P}/start", apis.TournamentStartApi.as_view(), name="tournament-start"),
    path(f"{P}/next-round", apis.TournamentNextRoundApi.as_view(), name="tournament-next-round"),
    path(f"{P}/points", apis.TournamentPointsApi.as_view(), name="tournament-points"),
    path(f"{P}/result", apis.TournamentResultApi.as_view(), name="tournament-result"),
    path(f"{P}/remove", apis.TournamentRemoveApi.as_view(), name="tournament-remove"),
    path(f"{P}/cancel", apis.TournamentCancelApi.as_view(), name="tournament-cancel"),
]
