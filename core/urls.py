from django.contrib import admin
from django.urls import include, path, re_path

from core.views import bad_request, forbidden, home, not_found, server_error

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("api/", include("core.api.urls")),
    path("api-auth/", include("rest_framework.urls")),
    # Client-side routes of the PWA get the app shell; the server's own prefixes keep theirs.
    re_path(r"^(?!(?:api|admin|ws|static|api-auth)(?:/|$)).+$", home, name="app"),
]

handler400 = bad_request
handler403 = forbidden
handler404 = not_found
handler500 = server_error
