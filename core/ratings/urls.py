from django.urls import path

from core.ratings import apis

urlpatterns = [
    path("ratings", apis.RatingListApi.as_view(), name="ratings"),
    path("users/<str:username>/ratings", apis.UserRatingsApi.as_view(), name="user-ratings"),
]
