"""Matches API: games, lobby, views, events (JSON and NDJSON), legal commands, commands, chat.

One thin view per endpoint: parse input with a serializer, call one service or selector, shape
the output. Errors are ``{code, message}`` from ``core.api.errors``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_view,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core.accounts.caller import signed_in
from core.api import fields as strict
from core.api.pagination import Pagination
from core.api.schema import ENGINE, errors
from core.matches import gamewords, hotpath, selectors, services
from core.matches.commands import Answer, engine_for
from core.matches.models import Match, Seat
from games.registry import GAME_MODULES

# --- output (what the views answer; the documentation Schemathesis checks every answer against)
# Game-specific parts (an engine's view, its legal commands, an event's data, an outcome's
# details) are free-form objects; their envelope is exact.

_Free = serializers.DictField  # a JSON object of any shape (``additionalProperties: {}``)


class TextsOut(serializers.Serializer[Any]):
    en = serializers.CharField(allow_blank=True)
    cs = serializers.CharField(allow_blank=True)


# Some output fields bear the name of a Field or Serializer attribute (label, required, fields,
# data): the stubs see an override, but DRF's metaclass takes declared fields off the class.
class GameOptionOut(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["bool", "int", "choice"])
    default = serializers.JSONField(help_text="The option's value when not given.")
    description = serializers.CharField(help_text="For developers; players read label and help.")
    label = TextsOut(help_text="A few words naming the option.")  # type: ignore[assignment]
    help = TextsOut(help_text="What it changes, and what the default does.")
    choice_labels = serializers.DictField(
        child=TextsOut(), required=False, help_text="Per value of a choice, its words."
    )
    choices = serializers.ListField(child=serializers.JSONField(), required=False)
    minimum = serializers.IntegerField(required=False)
    maximum = serializers.IntegerField(required=False)
    implies = serializers.DictField(
        child=_Free(), required=False, help_text="Per value of this option, the options it sets."
    )


class CommandFieldOut(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["int", "str", "bool", "list", "dict", "any"])
    description = serializers.CharField()
    required = serializers.BooleanField()  # type: ignore[assignment]


class CommandSpecOut(serializers.Serializer[Any]):
    type = serializers.CharField()
    description = serializers.CharField()
    fields = CommandFieldOut(many=True)  # type: ignore[assignment]


class BotLevelOut(serializers.Serializer[Any]):
    level = serializers.CharField()
    description = serializers.CharField(help_text="For developers: how this level plays.")
    label = TextsOut(help_text='The level in a word ("Beginner").')  # type: ignore[assignment]
    help = TextsOut(help_text="How it plays, one sentence.")
    strength = TextsOut(help_text="Its measured strength; empty while not measured.")


class GameOut(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    rules_version = serializers.IntegerField()
    bot_levels = serializers.ListField(
        child=serializers.CharField(), help_text="Every level a seat may be given (the API's)."
    )
    player_bot_levels = serializers.ListField(
        child=serializers.CharField(), help_text="The levels offered to players, weakest first."
    )
    default_bot_level = serializers.CharField(help_text="The level a new match starts with.")
    bots = BotLevelOut(many=True, help_text="The levels offered to players, in words.")
    options = GameOptionOut(many=True, help_text="Presets (options that set others) first.")
    commands = CommandSpecOut(many=True)
    glossary = serializers.DictField(
        child=serializers.DictField(child=TextsOut()),
        help_text="The game's names of things and places, by category and key (games/WORDS.md).",
    )


class GameListOut(serializers.Serializer[Any]):
    results = GameOut(many=True)


class GameDetailOut(GameOut):
    rules = serializers.CharField(
        allow_blank=True, help_text="For developers: the rules as implemented (Markdown)."
    )
    rules_for_players = TextsOut(
        help_text="The rules for players (Markdown, with `:::option name=value` blocks)."
    )
    events = serializers.DictField(
        child=TextsOut(),
        required=False,
        help_text="Only from a game whose events are not yet narrated: per event type, a "
        "template. Read each event's `text` instead.",
    )


class MatchSeatOut(serializers.Serializer[Any]):
    index = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Seat.Kind.choices)
    user = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    deleted = serializers.BooleanField(help_text="The player has deleted their account.")
    accepted = serializers.BooleanField(help_text="False for an invitation not yet accepted.")
    bot_level = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=Seat.Status.choices)
    to_move = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    score = serializers.FloatField(allow_null=True)
    reserve_seconds = serializers.FloatField(
        allow_null=True, help_text="A reserve clock's time left; null: untouched (full)."
    )
    on_vacation_until = serializers.DateField(
        allow_null=True, required=False, help_text="In a lobby or active match's detail only."
    )


class TimeControlOut(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["none", "per_move", "reserve"])
    move_seconds = serializers.IntegerField(required=False)
    reserve_seconds = serializers.IntegerField(required=False)
    increment_seconds = serializers.IntegerField(required=False)
    policy = serializers.ChoiceField(choices=["bot_move", "zombie", "forfeit"], required=False)
    vacation = serializers.BooleanField(required=False)


class OutcomeOut(serializers.Serializer[Any]):
    ranks = serializers.ListField(child=serializers.IntegerField(), help_text="Per seat; 1 won.")
    scores = serializers.ListField(child=serializers.FloatField(), help_text="Per seat.")
    tiebreak = serializers.CharField(allow_null=True, required=False)
    details = _Free(required=False, help_text="Game-specific.")


class RatingChangeOut(serializers.Serializer[Any]):
    user = serializers.CharField(allow_null=True, help_text="Null: a deleted account.")
    rank = serializers.IntegerField()
    before = serializers.FloatField()
    after = serializers.FloatField()
    mu_before = serializers.FloatField()
    mu_after = serializers.FloatField()
    sigma_before = serializers.FloatField()
    sigma_after = serializers.FloatField()


class MatchSummaryOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    game = serializers.CharField()
    options = _Free()
    n_players = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    version = serializers.IntegerField()
    rules_version = serializers.IntegerField()
    created_by = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    outcome = OutcomeOut(allow_null=True)
    rated = serializers.BooleanField()
    hints = serializers.BooleanField(help_text="The seats may ask for a hint (POST .../hint).")
    visibility = serializers.ChoiceField(choices=Match.Visibility.choices)
    autostart = serializers.BooleanField()
    time_control = TimeControlOut()
    turn_started_at = serializers.DateTimeField(allow_null=True)
    deadline = serializers.DateTimeField(allow_null=True)
    seats = MatchSeatOut(many=True)


class MatchPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = MatchSummaryOut(many=True)


class EndingTableOut(serializers.Serializer[Any]):
    columns = serializers.ListField(child=serializers.CharField(allow_blank=True))
    rows = serializers.ListField(
        child=serializers.ListField(child=serializers.JSONField()),
        help_text="Cells: text or numbers.",
    )


class EndingSectionOut(serializers.Serializer[Any]):
    title = serializers.CharField()
    lines = serializers.ListField(child=serializers.CharField())
    table = EndingTableOut(required=False)


class EndingOut(serializers.Serializer[Any]):
    summary = serializers.CharField(help_text="Why the game ended and who won.")
    sections = EndingSectionOut(many=True, help_text="The scoring, as the rules count it.")


class EndingTextsOut(serializers.Serializer[Any]):
    en = EndingOut()
    cs = EndingOut()


class MatchDetailOut(MatchSummaryOut):
    seat = serializers.IntegerField(allow_null=True, help_text="Yours; null for a spectator.")
    view = _Free(allow_null=True, help_text="The engine's view for your seat; null in a lobby.")
    active_seats = serializers.ListField(child=serializers.IntegerField())
    rating_changes = RatingChangeOut(many=True, required=False, help_text="Once finished.")
    explanation = EndingTextsOut(
        allow_null=True,
        help_text="Once finished: how the game was counted, for your seat; null while it runs, "
        "after a staff decision, or for a game that does not explain its ending.",
    )


class MatchEventOut(serializers.Serializer[Any]):
    seq = serializers.IntegerField()
    type = serializers.CharField(required=False, help_text="Absent: an event hidden from you.")
    actor = serializers.IntegerField(allow_null=True, required=False)
    at = serializers.DateTimeField(required=False)
    data = _Free(required=False, help_text="The event as you may see it (game-specific).")  # type: ignore[assignment]
    text = TextsOut(
        required=False,
        help_text="The log line for you, players by name and you as 'you'; empty: the event "
        "says nothing to a player.",
    )


class MatchEventsOut(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    events = MatchEventOut(many=True)


class MatchReplayOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = _Free()
    active_seats = serializers.ListField(child=serializers.IntegerField())
    explanation = EndingTextsOut(
        allow_null=True, help_text="At the step where the game ended: how it was counted."
    )


class MatchLegalOut(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    seat = serializers.IntegerField()
    commands = serializers.ListField(child=_Free(), help_text="Game-specific commands.")


class CommandAnswerOut(serializers.Serializer[Any]):
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Match.Status.choices)
    seat = serializers.IntegerField()
    events = MatchEventOut(many=True, help_text="The command's events, as your seat sees them.")
    view = _Free()
    active_seats = serializers.ListField(child=serializers.IntegerField())
    legal_commands = serializers.ListField(child=_Free())
    replayed = serializers.BooleanField(help_text="True: a retry of a command_id already done.")


class ChatMessageOut(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    user = serializers.CharField(allow_null=True)
    name = serializers.CharField(allow_null=True)
    text = serializers.CharField()
    at = serializers.DateTimeField()


class ChatPageOut(serializers.Serializer[Any]):
    count = serializers.IntegerField()
    next = serializers.URLField(allow_null=True)
    previous = serializers.URLField(allow_null=True)
    results = ChatMessageOut(many=True)


def _game_out(slug: str, full: bool) -> dict[str, Any]:
    engine = engine_for(slug)
    out: dict[str, Any] = {
        "slug": engine.slug,
        "name": engine.name,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "rules_version": engine.rules_version,
        "bot_levels": list(engine.bot_levels),
        "player_bot_levels": gamewords.player_bot_levels(engine),
        "default_bot_level": gamewords.default_bot_level(engine),
        "bots": gamewords.bots_out(engine),
        "options": gamewords.options_out(engine),
        "commands": [c.schema() for c in engine.commands],
        "glossary": gamewords.glossary_out(engine),
    }
    if full:
        out["rules"] = gamewords.developer_readme(engine)
        out["rules_for_players"] = gamewords.rules_for_players(engine)
    return out


class GameListApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(operation_id="games_list", responses={200: GameListOut}, extensions=errors())
    def get(self, request: Request) -> Response:
        return Response({"results": [_game_out(slug, full=False) for slug in GAME_MODULES]})


class GameDetailApi(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameDetailOut}, extensions=errors("unknown_game"))
    def get(self, request: Request, slug: str) -> Response:
        return Response(_game_out(slug, full=True))


class SeatIn(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=["me", "user", "bot", "open"])
    username = strict.CharField(required=False, default="", allow_blank=True)
    level = strict.CharField(required=False, default="", allow_blank=True)


class MatchListApi(APIView):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchListFilters"

        mine = strict.QueryBooleanField(required=False, default=False)
        my_turn = strict.QueryBooleanField(required=False, default=False)
        joinable = strict.QueryBooleanField(required=False, default=False)
        status = strict.QueryChoiceField(choices=Match.Status.choices, required=False)
        game = strict.QueryCharField(required=False)

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchListInput"

        game = strict.CharField(max_length=32)
        players = strict.IntegerField(min_value=1, max_value=16)
        options = serializers.DictField(required=False, default=dict)
        seats = SeatIn(many=True, required=False)
        autostart = strict.BooleanField(required=False, default=True)
        # {kind: none|per_move|reserve, move_seconds | reserve_seconds + increment_seconds,
        #  policy: bot_move|zombie|forfeit, vacation: bool}; checked by the service (422).
        time_control = serializers.JSONField(required=False, allow_null=True, default=None)
        rated = strict.BooleanField(required=False, default=True)  # False: a friendly match
        hints = strict.BooleanField(
            required=False,
            default=False,
            help_text="A friendly match only: every seat may ask the bot for a hint "
            "(POST /api/matches/{id}/hint); the invited accept it by joining. A match against "
            "bots alone allows hints anyway; rated and tournament matches never.",
        )
        # private: only its seats (invited ones too) and staff see it, and it is not listed.
        visibility = serializers.ChoiceField(
            choices=Match.Visibility.choices, required=False, default=Match.Visibility.PUBLIC
        )

    @extend_schema(
        operation_id="matches_list",
        parameters=[Filters],
        responses={200: MatchPageOut},
        extensions=errors(),
    )
    def get(self, request: Request) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        qs = selectors.match_list(user=signed_in(request), **filters.validated_data)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response([selectors.match_summary(m) for m in page])

    @extend_schema(
        request=Input,
        responses={201: MatchDetailOut},
        extensions=errors(
            "unknown_game",
            "seat_count",
            "creator_seat",
            "unknown_user",
            "duplicate_player",
            "unknown_bot_level",
            "invalid_time_control",
            "hints_in_rated_match",
            ENGINE,
        ),
    )
    def post(self, request: Request) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        seats = [services.SeatSpec(**s) for s in v["seats"]] if v.get("seats") else None
        match = services.match_create(
            user=signed_in(request),
            game=v["game"],
            n_players=v["players"],
            options=v["options"],
            seats=seats,
            autostart=v["autostart"],
            time_control=v["time_control"],
            rated=v["rated"],
            visibility=v["visibility"],
            hints=v["hints"],
        )
        match = selectors.match_get(match.pk)
        return Response(selectors.match_detail(match=match, user=signed_in(request)), status=201)


def _conditional(request: Request | HttpRequest, etag: str, build: Callable[[], Any]) -> Response:
    """Answer 304 when the client's ``If-None-Match`` holds ``etag`` (weak comparison, RFC 9110
    13.1.2), else ``build()``'s answer; either way with the ETag, to be revalidated each time."""
    # META, not ``request.headers``: that mapping is built from the whole of META on first
    # use, for this one header (a tenth of a ``GET .../legal``'s own CPU).
    tags = parse_etags(request.META.get("HTTP_IF_NONE_MATCH", ""))
    if "*" in tags or etag.removeprefix("W/") in {t.removeprefix("W/") for t in tags}:
        response = Response(status=304)
    else:
        response = Response(build())
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"
    patch_vary_headers(response, ("Authorization", "Cookie"))
    return response


_ETAG_PARAMETER = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="The ETag of the answer you have: 304 with no body if it is still current.",
)


class MatchDetailApi(APIView):
    @extend_schema(
        parameters=[_ETAG_PARAMETER],
        responses={200: MatchDetailOut, 304: None},
        extensions=errors("match_not_found", "private_match"),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(match_id, user=signed_in(request))
        head = selectors.match_detail_head(match=match, user=signed_in(request))
        return _conditional(
            request,
            selectors.detail_etag(head),
            lambda: selectors.match_detail(match=match, user=signed_in(request), head=head),
        )


class _LobbyAction(APIView):
    action = ""

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "LobbyActionInput"

        seat = strict.IntegerField(required=False, min_value=0)

    @extend_schema(request=Input, responses={200: MatchDetailOut})
    def post(self, request: Request, match_id: int) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        if self.action == "join":
            match = services.match_join(
                match_id=match_id,
                user=signed_in(request),
                seat_index=data.validated_data.get("seat"),
            )
        elif self.action == "leave":
            match = services.match_leave(match_id=match_id, user=signed_in(request))
        else:
            match = services.match_start(match_id=match_id, user=signed_in(request))
        match = selectors.match_get(match.pk)
        return Response(selectors.match_detail(match=match, user=signed_in(request)))


@extend_schema_view(
    post=extend_schema(
        extensions=errors(
            "match_not_found",
            "match_not_in_lobby",
            "private_match",
            "already_seated",
            "no_open_seat",
        )
    )
)
class MatchJoinApi(_LobbyAction):
    action = "join"


@extend_schema_view(
    post=extend_schema(
        extensions=errors("match_not_found", "private_match", "match_not_in_lobby", "not_a_player")
    )
)
class MatchLeaveApi(_LobbyAction):
    action = "leave"


@extend_schema_view(
    post=extend_schema(
        extensions=errors(
            "match_not_found",
            "private_match",
            "not_the_creator",
            "match_not_in_lobby",
            "seats_not_filled",
        )
    )
)
class MatchStartApi(_LobbyAction):
    action = "start"


class MatchEventsApi(APIView):
    """Events after ``since``, redacted for the requester; NDJSON with ``?format=ndjson``."""

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchEventsFilters"

        since = strict.QueryIntegerField(
            required=False,
            default=0,
            min_value=0,
            max_value=2**31 - 1,
            help_text="Return events with seq > since.",
        )
        format = strict.QueryChoiceField(choices=["json", "ndjson"], required=False, default="json")

    @extend_schema(
        parameters=[Filters],
        responses={200: MatchEventsOut},
        extensions=errors("match_not_found", "private_match"),
    )
    def get(self, request: Request, match_id: int) -> Response | StreamingHttpResponse:
        # A serializer, not str.isdigit(): "²" is a digit to isdigit() and no number to int().
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        match = selectors.match_get(match_id, user=signed_in(request))
        since = filters.validated_data["since"]
        events = selectors.match_events(match=match, user=signed_in(request), since=since)
        wants_ndjson = filters.validated_data["format"] == "ndjson" or (
            "application/x-ndjson" in request.headers.get("Accept", "")
        )
        if wants_ndjson:
            lines = (json.dumps(e, ensure_ascii=False) + "\n" for e in events)
            return StreamingHttpResponse(lines, content_type="application/x-ndjson")
        return Response({"version": match.version, "events": events})


class MatchReplayApi(APIView):
    """The requester's view of the match as it was at ``version`` (a replay step)."""

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchReplayFilters"

        version = serializers.IntegerField(min_value=1)

    @extend_schema(
        parameters=[Filters],
        responses={200: MatchReplayOut},
        extensions=errors("match_not_found", "private_match", "version_out_of_range"),
    )
    def get(self, request: Request, match_id: int) -> Response:
        filters = self.Filters(data=request.query_params)
        filters.is_valid(raise_exception=True)
        match = selectors.match_get(match_id, user=signed_in(request))
        return Response(
            selectors.match_view_at(
                match=match, user=signed_in(request), version=filters.validated_data["version"]
            )
        )


class MatchLegalApi(APIView):
    hot_lane = True  # core/hotlane/lane.py may answer it (the handler reads user and headers)

    @extend_schema(
        parameters=[_ETAG_PARAMETER],
        responses={200: MatchLegalOut, 304: None},
        extensions=errors("match_not_found", "private_match", "not_a_player"),
    )
    def get(self, request: Request, match_id: int) -> Response:
        return legal_answer(request, user=request.user, match_id=match_id)


def legal_answer(request: Request | HttpRequest, *, user: Any, match_id: int) -> Response:
    """``GET .../legal``'s answer, for the view and for the fast lane (core/hotlane/lane.py)."""
    match = hotpath.read_match(match_id)
    selectors.match_check_visible(match=match, user=user)
    return _conditional(
        request,
        selectors.legal_etag(match=match, user=user),
        lambda: selectors.match_legal_commands(match=match, user=user),
    )


@extend_schema_field({"type": "object", "additionalProperties": {}})
class CommandField(serializers.JSONField):
    """A game's command: a JSON object whose shape only its game knows (its ``commands`` in
    ``GET /api/games/{slug}``); anything else is the engine's ``malformed_command``."""


def _plainly_valid_command(data: Any) -> dict[str, Any] | None:
    """``MatchCommandApi.Input``'s validated data for a body that passes it untouched (a
    command_id string of 1 to 64 characters without surrounding spaces, an expected_version
    that is a whole number of 0 or more, a non-null command), else None. The hot path skips
    the serializer, which costs a command about as much as its database write."""
    if not isinstance(data, dict) or data.get("command") is None:
        return None
    command_id = data.get("command_id")
    if not isinstance(command_id, str) or not 0 < len(command_id) <= 64:
        return None
    if command_id != command_id.strip():
        return None
    out = {"command_id": command_id, "command": data["command"]}
    if "expected_version" in data:
        version = data["expected_version"]
        if isinstance(version, bool) or not isinstance(version, int) or version < 0:
            return None
        out["expected_version"] = version
    return out


def _answer(result: Any) -> Response | HttpResponse:
    """A command's answer: its JSON as rendered by the service (``commands.Answer``)."""
    if isinstance(result, Answer):
        return HttpResponse(result.encoded, content_type="application/json")
    return Response(result)


# What every command (a move, an undo, a resignation) may be refused with before the game has
# its say: services._open_command.
_COMMAND_ERRORS = (
    "match_not_found",
    "not_a_player",
    "seat_taken_over",
    "match_not_active",
    "command_id_reused",
    "malformed_command",
)


class MatchCommandApi(APIView):
    hot_lane = True  # core/hotlane/lane.py may answer it (the handler reads user and data)

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchCommandInput"

        command_id = strict.CharField(max_length=64)
        expected_version = strict.IntegerField(required=False, min_value=0)
        command = CommandField(help_text="The game's command: {type, ...fields}.")

    @extend_schema(
        request=Input,
        responses={200: CommandAnswerOut},
        extensions=errors(
            *_COMMAND_ERRORS, "stale_version", "conflict", "not_your_turn", "game_over", ENGINE
        ),
    )
    def post(self, request: Request, match_id: int) -> Response | HttpResponse:
        return command_answer(user=request.user, match_id=match_id, data=request.data)


def command_answer(*, user: Any, match_id: int, data: Any) -> Response | HttpResponse:
    """``POST .../commands``' answer to the parsed JSON body ``data``, for the view and for the
    fast lane (core/hotlane/lane.py)."""
    v = _plainly_valid_command(data)
    if v is None:  # the serializer's coercions and messages, for anything less plain
        checked = MatchCommandApi.Input(data=data)
        checked.is_valid(raise_exception=True)
        v = checked.validated_data
    result = services.match_submit_command(
        match_id=match_id,
        user=user,
        command=v["command"],
        command_id=v["command_id"],
        expected_version=v.get("expected_version"),
    )
    return _answer(result)


class MatchUndoApi(APIView):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchUndoInput"

        command_id = strict.CharField(max_length=64)
        scope = serializers.ChoiceField(choices=["step", "turn"], default="step")
        expected_version = strict.IntegerField(required=False, min_value=0)

    @extend_schema(
        request=Input,
        responses={200: CommandAnswerOut},
        extensions=errors(*_COMMAND_ERRORS, "stale_version", "nothing_to_undo"),
    )
    def post(self, request: Request, match_id: int) -> Response | HttpResponse:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        return _answer(
            services.match_undo(match_id=match_id, user=signed_in(request), **data.validated_data)
        )


class MatchResignApi(APIView):
    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchResignInput"

        command_id = strict.CharField(max_length=64)

    @extend_schema(
        request=Input,
        responses={200: CommandAnswerOut},
        extensions=errors(*_COMMAND_ERRORS, "already_resigned"),
    )
    def post(self, request: Request, match_id: int) -> Response | HttpResponse:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        return _answer(
            services.match_resign(match_id=match_id, user=signed_in(request), **data.validated_data)
        )


class MatchChatApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "chat"

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "MatchChatInput"

        text = strict.TextField(max_length=500)

    def get_throttles(self) -> list[Any]:
        return super().get_throttles() if self.request.method == "POST" else []

    @extend_schema(
        responses={200: ChatPageOut},
        extensions=errors("match_not_found", "private_match", "not_a_player"),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get(match_id, user=signed_in(request))
        selectors.match_check_player(match=match, user=signed_in(request))
        paginator = Pagination()
        page = paginator.paginate_queryset(selectors.match_chat(match=match), request, view=self)
        return paginator.get_paginated_response([selectors.chat_out(m) for m in page])

    @extend_schema(
        request=Input,
        responses={201: ChatMessageOut},
        extensions=errors("match_not_found", "not_a_player"),
    )
    def post(self, request: Request, match_id: int) -> Response:
        data = self.Input(data=request.data)
        data.is_valid(raise_exception=True)
        message = services.chat_post(
            match_id=match_id, user=signed_in(request), **data.validated_data
        )
        return Response(selectors.chat_out(message), status=201)
