from django.urls import path

from core.admin_inspect import apis

urlpatterns = [
    path("matches", apis.StaffMatchListApi.as_view(), name="staff-matches"),
    path("matches/import", apis.StaffMatchImportApi.as_view(), name="staff-match-import"),
    path("matches/<int:match_id>", apis.StaffMatchDetailApi.as_view(), name="staff-match"),
    path(
        "matches/<int:match_id>/events",
        apis.StaffMatchEventsApi.as_view(),
        name="staff-match-events",
    ),
    path("matches/<int:match_id>/at", apis.StaffMatchAtApi.as_view(), name="staff-match-at"),
    path(
        "matches/<int:match_id>/verify",
        apis.StaffMatchVerifyApi.as_view(),
        name="staff-match-verify",
    ),
    path(
        "matches/<int:match_id>/export",
        apis.StaffMatchExportApi.as_view(),
        name="staff-match-export",
    ),
    path(
        "matches/<int:match_id>/abort", apis.StaffMatchAbortApi.as_view(), name="staff-match-abort"
    ),
    path(
        "matches/<int:match_id>/award", apis.StaffMatchAwardApi.as_view(), name="staff-match-award"
    ),
    path(
        "matches/<int:match_id>/replace-seat",
        apis.StaffMatchReplaceSeatApi.as_view(),
        name="staff-match-replace-seat",
    ),
    path(
        "matches/<int:match_id>/rollback",
        apis.StaffMatchRollbackApi.as_view(),
        name="staff-match-rollback",
    ),
    path("audit", apis.StaffAuditApi.as_view(), name="staff-audit"),
]
