from django.urls import path

from core.analysis import apis

urlpatterns = [
    path(
        "matches/<int:match_id>/analysis",
        apis.MatchAnalysisApi.as_view(),
        name="match-analysis",
    ),
    path("matches/<int:match_id>/hint", apis.MatchHintApi.as_view(), name="match-hint"),
]
