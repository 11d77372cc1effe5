"""Analysis API: a finished match's analysis (read, or queue it), and a hint during play.

``GET /api/matches/{id}/analysis``: the analysis or its status, for whoever may see the match.
``POST`` the same: queue it (202) for an older match or one whose analysis is out of date (the
bot, the rules or the analysis changed since) or failed; 200 when a current one is queued,
running or done already.
``POST /api/matches/{id}/hint``: the search bot's move for your seat now, where the match allows
hints (``hints`` in the match: a friendly match created with ``hints: true``, or one against bots
alone; never rated or tournament matches). Each hint is recorded in the match's stream as a
``HintUsed`` event that every seat reads ("alice used a hint."); asking again before anyone moves
answers the same move and records nothing more.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core.analysis import hints, selectors, services
from core.analysis.models import MatchAnalysis
from core.api.schema import errors
from core.matches.apis import TextsOut

_Free = serializers.DictField  # a game's command or event: a JSON object of its own shape


class AnalysisTagsOut(serializers.Serializer[Any]):
    bot = serializers.CharField(help_text="The bot family whose search made the estimates.")
    rules_version = serializers.IntegerField()
    analysis_version = serializers.IntegerField(help_text="The estimates' version.")
    format_version = serializers.IntegerField(help_text="The stored words' version.")


class AnalysisProgressOut(serializers.Serializer[Any]):
    done = serializers.IntegerField()
    total = serializers.IntegerField()


class GhostOut(serializers.Serializer[Any]):
    type = serializers.CharField()
    actor = serializers.IntegerField()
    # The field shadows Serializer.data in the stubs; the schema names the event's data so.
    data = _Free(  # type: ignore[assignment]
        help_text="The preferred move's first event, as the seat would have seen it."
    )


class DecisionPointOut(serializers.Serializer[Any]):
    seq_before = serializers.IntegerField(help_text="The replay step before the move.")
    seq_after = serializers.IntegerField(help_text="The replay step after the move.")
    seat = serializers.IntegerField()
    chance_before = serializers.FloatField(help_text="The seat's estimated chance to win, 0-1.")
    chance_after = serializers.FloatField()
    preferred = _Free(allow_null=True, help_text="The command the bot preferred.")
    preferred_chance = serializers.FloatField()
    cost = serializers.FloatField(help_text="What the played move cost in chance (0 or more).")
    turning = serializers.BooleanField(help_text="A turning point: the move cost a lot.")
    preferred_text = TextsOut(help_text="The preferred move in words, for the reader.")
    ghost = GhostOut(allow_null=True)


class AnalysisOut(serializers.Serializer[Any]):
    match = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["none", *MatchAnalysis.Status.values])
    current = serializers.BooleanField(help_text="Made by today's bot, rules and analysis.")
    tags = AnalysisTagsOut()
    progress = AnalysisProgressOut()
    points = DecisionPointOut(many=True, help_text="Every human seat's decisions, in order.")


class HintOut(serializers.Serializer[Any]):
    command = _Free(help_text="The move the bot would play for your seat now.")
    text = TextsOut(help_text="That move in words.")
    ghost = GhostOut(allow_null=True)
    version = serializers.IntegerField(help_text="The match's version with the hint recorded.")


_SEE = ("match_not_found", "private_match")


class MatchAnalysisApi(APIView):
    @extend_schema(
        operation_id="matches_analysis_retrieve",
        description="A finished match's analysis, or its status (`none`: not asked for yet). "
        "For whoever may see the match; every human seat's decisions are shown, the game being "
        "over. Each point: the seat's estimated chance to win before and after its move (from "
        "its own information then), the move the search bot preferred (in words, and its first "
        "event as `ghost` for the board) and what the played move cost.",
        request=None,
        responses={200: AnalysisOut},
        extensions=errors(*_SEE),
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(selectors.analysis_get(match_id=match_id, user=request.user))

    @extend_schema(
        operation_id="matches_analysis_create",
        description="Queue the analysis of a finished match (202): an older match, one whose "
        "analysis failed, or one analysed by another bot, rules or analysis version (`current` "
        "false). 200 when a current one is already queued, running or done.",
        request=None,
        responses={200: AnalysisOut, 202: AnalysisOut},
        extensions=errors(*_SEE, "match_not_finished", "no_analysis"),
    )
    def post(self, request: Request, match_id: int) -> Response:
        queued = services.analysis_request(match_id=match_id, user=request.user)
        out = selectors.analysis_get(match_id=match_id, user=request.user)
        return Response(out, status=202 if queued else 200)


class MatchHintApi(APIView):
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "hint"  # a second or two of search each

    @extend_schema(
        operation_id="matches_hint_create",
        description="The search bot's move for your seat now, from your seat's information "
        "only, in words. Only in a match with `hints` true: a friendly match created with "
        "`hints: true` (the invited agree by joining), or one against bots alone; never a rated "
        "or a tournament's match (403 `hints_not_allowed`). The match records the hint as a "
        "`HintUsed` event that every seat reads; asking again before anyone moves answers the "
        "same move and records nothing more.",
        request=None,
        responses={200: HintOut},
        extensions=errors(
            *_SEE,
            "not_a_player",
            "hints_not_allowed",
            "match_not_active",
            "not_your_turn",
            "stale_version",
        ),
    )
    def post(self, request: Request, match_id: int) -> Response:
        return Response(hints.match_hint(match_id=match_id, user=request.user))
