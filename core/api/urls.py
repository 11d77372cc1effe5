from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("accounts/", include("core.accounts.urls")),
    path("", include("core.notifications.urls")),
    path("push/", include("core.push.urls")),
    path("", include("core.matches.urls")),
    path("", include("core.ratings.urls")),
    path("", include("core.tournaments.urls")),
    path("staff/", include("core.admin_inspect.urls")),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
