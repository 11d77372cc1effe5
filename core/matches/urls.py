from django.urls import path

from core.matches import apis

urlpatterns = [
    path("games", apis.GameListApi.as_view(), name="games"),
    path("games/<slug:slug>", apis.GameDetailApi.as_view(), name="game"),
    path("matches", apis.MatchListApi.as_view(), name="matches"),
    path("matches/<int:match_id>", apis.MatchDetailApi.as_view(), name="match"),
    path("matches/<int:match_id>/join", apis.MatchJoinApi.as_view(), name="match-join"),
    path("matches/<int:match_id>/leave", apis.MatchLeaveApi.as_view(), name="match-leave"),
    path("matches/<int:match_id>/start", apis.MatchStartApi.as_view(), name="match-start"),
    path("matches/<int:match_id>/events", apis.MatchEventsApi.as_view(), name="match-events"),
    path("matches/<int:match_id>/legal", apis.MatchLegalApi.as_view(), name="match-legal"),
    path("matches/<int:match_id>/replay", apis.MatchReplayApi.as_view(), name="match-replay"),
    path("matches/<int:match_id>/commands", apis.MatchCommandApi.as_view(), name="match-commands"),
    path("matches/<int:match_id>/undo", apis.MatchUndoApi.as_view(), name="match-undo"),
    path("matches/<int:match_id>/resign", apis.MatchResignApi.as_view(), name="match-resign"),
    path("matches/<int:match_id>/chat", apis.MatchChatApi.as_view(), name="match-chat"),
]
