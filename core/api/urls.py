from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

urlpatterns = [
    path("accounts/", include("core.accounts.urls")),
    path("", include("core.notifications.urls")),
    path("push/", include("core.push.urls")),
    path("", include("core.matches.urls")),
    path("", include("core.analysis.urls")),
    path("", include("core.ratings.urls")),
    path("", include("core.tournaments.urls")),
    path("staff/", include("core.admin_inspect.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view: its start-up script is a file (?script), not inline (core/csp.py).
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
]
