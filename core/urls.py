from django.contrib import admin
from django.urls import include, path

from core.views import home, not_found, server_error

urlpatterns = [
    path("", home, name="home"),
    path("admin/", admin.site.urls),
    path("api/", include("core.api.urls")),
    path("api-auth/", include("rest_framework.urls")),
]

handler404 = not_found
handler500 = server_error
