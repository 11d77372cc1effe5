"""Tournaments API: list and create, one tournament, its rounds and history, registration, the
organiser's actions.

One thin view per endpoint: parse input with a serializer, call one service or selector, shape
the output. Every refusal is ``{code, message}`` with a 4xx status, and writes nothing.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.accounts.caller import signed_in
from core.api import fields as strict
from core.api.pagination import Pagination
from core.api.schema import ENGINE, errors
from core.tournaments import selectors, services
from core.tournaments.models import Tournament

# --- output -----------------------------------------------------------------------------------


class TournamentSummaryOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    players_per_table = serializers.IntegerField()
    private = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Tournament.Status.choices)
    round = serializers.IntegerField(help_text="The current round; 0 before the start.")
    entrant_count = serializers.IntegerField()
    organiser = serializers.CharField(allow_null=True)
    starts_at = serializers.DateTimeField(allow_null=True)
    registration_closes_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)


class TournamentPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = TournamentSummaryOut(many=True)


class EntrantOut(serializers.Serializer[Any]):
    entrant = serializers.IntegerField(help_text="The entrant's number in this tournament.")
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True, help_text="Null for a bot.")
    bot_level = serializers.CharField(allow_null=True)
    rating = serializers.FloatField(allow_null=True, help_text="At the start (or registration).")
    seed = serializers.IntegerField(allow_null=True)
    withdrawn = serializers.BooleanField()


class StandingOut(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    entrant = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)
    withdrawn = serializers.BooleanField()
    points = serializers.FloatField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    byes = serializers.IntegerField()
    game_points = serializers.FloatField(help_text="The sum of the in-game scores.")
    adjustments = serializers.FloatField(help_text="The organiser's bonuses and penalties.")
    tiebreaks = serializers.DictField(
        child=serializers.FloatField(),
        help_text="buchholz and sonneborn_berger (two players), game_points and head_to_head "
        "(tables of three or more).",
    )
    out_in_round = serializers.IntegerField(
        allow_null=True, help_text="Single elimination: the round one went out in."
    )


class MeOut(serializers.Serializer[Any]):
    entrant = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class TournamentOut(TournamentSummaryOut):
    version = serializers.IntegerField(help_text="Events in the tournament's history.")
    rounds_planned = serializers.IntegerField(
        allow_null=True, help_text="Null before the start, and in single elimination."
    )
    round_deadline = serializers.DateTimeField(allow_null=True)
    config = serializers.DictField(help_text="The whole configuration, defaults filled in.")
    entrants = EntrantOut(many=True)
    standings = StandingOut(many=True)
    me = MeOut(allow_null=True)
    is_organiser = serializers.BooleanField()
    can_register = serializers.BooleanField()
    can_withdraw = serializers.BooleanField()


class SeatOut(serializers.Serializer[Any]):
    seat = serializers.IntegerField(help_text="0 moves first.")
    entrant = serializers.IntegerField(allow_null=True, help_text="Null: a bot fills the seat.")
    name = serializers.CharField()


class ResultOut(serializers.Serializer[Any]):
    ranks = serializers.ListField(child=serializers.IntegerField(), help_text="Per seat.")
    scores = serializers.ListField(child=serializers.FloatField(), help_text="Per seat.")
    forfeits = serializers.ListField(child=serializers.IntegerField())
    how = serializers.CharField(help_text="finished, aborted, round_deadline or adjusted.")
    reason = serializers.CharField(allow_null=True, help_text="The organiser's, if adjusted.")


class TableOut(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    match = serializers.IntegerField(allow_null=True)
    match_status = serializers.CharField(allow_null=True)
    seats = SeatOut(many=True)
    result = ResultOut(allow_null=True)


class ByeOut(serializers.Serializer[Any]):
    entrant = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class RoundOut(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    deadline = serializers.DateTimeField(allow_null=True)
    finished = serializers.BooleanField()
    tables = TableOut(many=True)
    byes = ByeOut(many=True)


class RoundsOut(serializers.Serializer[Any]):
    results = RoundOut(many=True)


class EventOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField()
    payload = serializers.DictField()
    actor = serializers.CharField(allow_null=True, help_text="Who acted; null: the system.")
    created_at = serializers.DateTimeField()


class EventsOut(serializers.Serializer[Any]):
    results = EventOut(many=True)


# --- views ------------------------------------------------------------------------------------


def _detail(tournament_id: int, request: Request, status: int = 200) -> Response:
    t = selectors.tournament_get(tournament_id=tournament_id, user=signed_in(request))
    return Response(
        selectors.tournament_detail(tournament=t, user=signed_in(request)), status=status
    )


class TournamentListApi(APIView):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentListFilters"

        status = strict.QueryChoiceField(choices=Tournament.Status.choices, required=False)
        game = strict.QueryCharField(required=False, max_length=32)
        mine = strict.QueryBooleanField(
            required=False, default=False, help_text="Only those I organise or entered."
        )

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentCreateInput"

        name = serializers.CharField(max_length=100)
        game = serializers.CharField(max_length=32)
        format = serializers.ChoiceField(choices=Tournament.Format.choices)
        players_per_table = serializers.IntegerField(min_value=2, max_value=16)
        options = serializers.DictField(required=False, default=dict)
        time_control = serializers.DictField(
            required=False, allow_null=True, default=None, help_text="As for a match."
        )
        rated = serializers.BooleanField(required=False, default=True)
        private = serializers.BooleanField(required=False, default=False)
        rounds = serializers.IntegerField(required=False, allow_null=True, default=None)
        games = serializers.IntegerField(required=False, default=3, help_text="Series only.")
        advance = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            help_text="Single elimination at tables of 3+: the top K of each table go through.",
        )
        placement_points = serializers.DictField(
            child=serializers.ListField(
                child=serializers.FloatField(
                    min_value=-services.MAX_POINTS, max_value=services.MAX_POINTS
                )
            ),
            required=False,
            allow_null=True,
            default=None,
            help_text='Points per place by table size, e.g. {"4": [3, 2, 1, 0]}.',
        )
        bye_points = serializers.FloatField(
            required=False,
            allow_null=True,
            default=None,
            min_value=-services.MAX_POINTS,
            max_value=services.MAX_POINTS,
        )
        series_scoring = serializers.ChoiceField(
            choices=["placement", "score", "margin"], required=False, allow_null=True, default=None
        )
        min_rating = serializers.FloatField(
            required=False,
            allow_null=True,
            default=None,
            min_value=-services.MAX_RATING,
            max_value=services.MAX_RATING,
        )
        min_finished_matches = serializers.IntegerField(
            required=False, default=0, min_value=0, max_value=services.MAX_FINISHED_MATCHES
        )
        bots_allowed = serializers.BooleanField(required=False, default=False)
        bot_level = serializers.CharField(
            required=False, allow_null=True, default=None, max_length=16
        )
        round_start = serializers.ChoiceField(
            choices=["auto", "manual"], required=False, default="auto"
        )
        round_hours = serializers.IntegerField(required=False, allow_null=True, default=None)
        registration_closes_at = serializers.DateTimeField(
            required=False, allow_null=True, default=None
        )
        starts_at = serializers.DateTimeField(required=False, allow_null=True, default=None)
        max_players = serializers.IntegerField(required=False, allow_null=True, default=None)
        timeout_withdraws = serializers.BooleanField(required=False, default=False)

    @extend_schema(
        operation_id="tournaments_list",
        parameters=[Filters],
        responses={200: TournamentPageOut},
        extensions=errors(),
    )
    def get(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        qs = selectors.tournament_list(user=signed_in(request), **filters.validated_data)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response([selectors.tournament_summary(t) for t in page])

    @extend_schema(
        operation_id="tournaments_create",
        request=Input,
        responses={201: TournamentOut},
        extensions=errors("unknown_game", "invalid_tournament", "invalid_time_control", ENGINE),
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        spec = services.TournamentSpec(**data.validated_data)
        t = services.tournament_create(user=signed_in(request), spec=spec)
        return _detail(t.pk, request, status=201)


class TournamentDetailApi(APIView):
    @extend_schema(
        operation_id="tournaments_get",
        responses={200: TournamentOut},
        extensions=errors("tournament_not_found"),
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return _detail(tournament_id, request)


class TournamentRoundsApi(APIView):
    @extend_schema(
        operation_id="tournaments_rounds",
        responses={200: RoundsOut},
        extensions=errors("tournament_not_found"),
        description="Every round's pairings: tables in seat order (seat 0 moves first), their "
        "matches and results, and the byes.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        t = selectors.tournament_get(tournament_id=tournament_id, user=signed_in(request))
        return Response({"results": selectors.tournament_rounds(tournament=t)})


class TournamentEventsApi(APIView):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentEventsFilters"

        since = serializers.IntegerField(required=False, default=0, min_value=0)

    @extend_schema(
        operation_id="tournaments_events",
        parameters=[Filters],
        responses={200: EventsOut},
        extensions=errors("tournament_not_found"),
        description="The tournament's history (its event stream) after `since`.",
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        t = selectors.tournament_get(tournament_id=tournament_id, user=signed_in(request))
        events = selectors.tournament_events(tournament=t, since=filters.validated_data["since"])
        return Response({"results": events})


class _Action(APIView, ABC):
    """A POST that runs one service and answers with the tournament."""

    @abstractmethod
    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        """The action itself: one service call."""

    def handle(self, request: Request, tournament_id: int, serializer: Any = None) -> Response:
        data: dict[str, Any] = {}
        if serializer is not None:
            parsed = serializer(data=request.data)
            parsed.is_valid(raise_exception=True)
            data = parsed.validated_data
        self.run(request, tournament_id, data)
        return _detail(tournament_id, request)


class TournamentRegisterApi(_Action):
    @extend_schema(
        operation_id="tournaments_register",
        request=None,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_invited",
            "rating_too_low",
            "too_few_matches",
            "already_registered",
            "registration_closed",
            "tournament_full",
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_register(tournament_id=tournament_id, user=signed_in(request))


class TournamentWithdrawApi(_Action):
    @extend_schema(
        operation_id="tournaments_withdraw",
        request=None,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_registered",
            "already_withdrawn",
            "tournament_over",
            "not_enough_players",
        ),
        description="Before the start the registration is undone; after it you are paired no "
        "more and your running matches are resigned.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_withdraw(tournament_id=tournament_id, user=signed_in(request))


class TournamentInviteApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentInviteInput"

        usernames = serializers.ListField(
            child=serializers.CharField(max_length=150), min_length=1, max_length=256
        )

    @extend_schema(
        operation_id="tournaments_invite",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "not_private",
            "tournament_over",
            "unknown_user",
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_invite(
            tournament_id=tournament_id, user=signed_in(request), usernames=data["usernames"]
        )


class TournamentBotsApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentBotsInput"

        count = serializers.IntegerField(min_value=1, max_value=256)
        level = serializers.CharField(required=False, allow_null=True, default=None)

    @extend_schema(
        operation_id="tournaments_add_bots",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "bots_not_allowed",
            "registration_closed",
            "tournament_full",
            "unknown_bot_level",
        ),
        description="The organiser enters bots (when the tournament allows bots).",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_add_bots(
            tournament_id=tournament_id,
            user=signed_in(request),
            count=data["count"],
            level=data["level"],
        )


class TournamentStartApi(_Action):
    @extend_schema(
        operation_id="tournaments_start",
        request=None,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "already_started",
            "not_enough_players",
        ),
        description="The organiser closes registration, seeds and starts round 1.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_start(tournament_id=tournament_id, user=signed_in(request))


class TournamentNextRoundApi(_Action):
    @extend_schema(
        operation_id="tournaments_next_round",
        request=None,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "not_running",
            "round_not_finished",
        ),
        description="The organiser starts the next round once the current one has finished "
        "(tournaments with manual round start); after the last round, this finishes it.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_next_round(tournament_id=tournament_id, user=signed_in(request))


class TournamentPointsApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentPointsInput"

        entrant = serializers.IntegerField()
        points = serializers.FloatField(
            min_value=-services.MAX_POINTS,
            max_value=services.MAX_POINTS,
            help_text="Added to the entrant's points (negative: a penalty; not zero).",
        )
        reason = strict.TextField(max_length=500, help_text="Why (required).")

    @extend_schema(
        operation_id="tournaments_adjust_points",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "not_running",
            "entrant_not_found",
            "reason_required",
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_adjust_points(
            tournament_id=tournament_id, user=signed_in(request), **data
        )


class TournamentResultApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentResultInput"

        round = serializers.IntegerField(min_value=1)
        table = serializers.IntegerField(min_value=1)
        ranks = serializers.ListField(child=serializers.IntegerField(), help_text="Per seat.")
        scores = serializers.ListField(
            child=serializers.FloatField(
                min_value=-services.MAX_SCORE, max_value=services.MAX_SCORE
            ),
            required=False,
            allow_null=True,
            default=None,
        )
        reason = strict.TextField(max_length=500, help_text="Why (required).")

    @extend_schema(
        operation_id="tournaments_set_result",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "not_running",
            "round_not_found",
            "table_not_found",
            "bracket_moved_on",
            "reason_required",
        ),
        description="The organiser sets or corrects a table's result, with a reason.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_set_result(tournament_id=tournament_id, user=signed_in(request), **data)


class TournamentRemoveApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentRemoveInput"

        entrant = serializers.IntegerField()
        reason = strict.TextField(max_length=500, help_text="Why (required).")

    @extend_schema(
        operation_id="tournaments_remove_entrant",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "entrant_not_found",
            "already_withdrawn",
            "tournament_over",
            "not_enough_players",
            "reason_required",
        ),
        description="The organiser withdraws a player or a bot, with a reason.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_remove_entrant(
            tournament_id=tournament_id, user=signed_in(request), **data
        )


class TournamentCancelApi(_Action):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "TournamentCancelInput"

        reason = strict.TextField(max_length=500, help_text="Why (required).")

    @extend_schema(
        operation_id="tournaments_cancel",
        request=Input,
        responses={200: TournamentOut},
        extensions=errors(
            "tournament_not_found",
            "not_the_organiser",
            "tournament_over",
            "reason_required",
        ),
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        return self.handle(request, tournament_id, self.Input)

    def run(self, request: Request, tournament_id: int, data: dict[str, Any]) -> None:
        services.tournament_cancel(tournament_id=tournament_id, user=signed_in(request), **data)
