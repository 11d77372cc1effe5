"""The staff API under ``/api/staff/``: match list, inspection, time travel, verification,
export and import, and the actions. Every endpoint refuses a caller who is not staff (401
``not_authenticated``, 403 ``staff_only``); each action also needs its own permission (403
``missing_permission``), checked before its input.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import boundedjson
from core.accounts.caller import signed_in
from core.admin_inspect import actions, answers, archive, inspection
from core.admin_inspect.models import AuditEntry
from core.api import fields as strict
from core.api.errors import ApiError
from core.api.pagination import Pagination
from core.api.parsers import JSONParser
from core.api.schema import errors
from core.matches.models import Match


class StaffApi(APIView):
    """Staff only, checked before anything else the view does."""

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)
        actions.check_staff(request.user)


def _filters(serializer: type[serializers.Serializer[Any]], request: Request) -> dict[str, Any]:
    data = serializer(data=request.query_params)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


class StaffMatchListApi(StaffApi):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffMatchListFilters"

        game = strict.QueryCharField(required=False, max_length=32)
        status = strict.QueryChoiceField(choices=Match.Status.choices, required=False)
        player = strict.QueryCharField(required=False, max_length=150, help_text="User name.")
        tournament = strict.QueryIntegerField(required=False, min_value=1, max_value=2**31 - 1)
        since = strict.QueryDateField(required=False, help_text="Created on or after (YYYY-MM-DD).")
        until = strict.QueryDateField(required=False, help_text="Created on or before.")
        q = strict.QueryCharField(
            required=False, max_length=150, help_text="A match id or part of a player's name."
        )

    @extend_schema(
        extensions=errors("staff_only"),
        operation_id="staff_matches_list",
        parameters=[Filters],
        responses={200: answers.StaffMatchPageOut},
    )
    def get(self, request: Request) -> Response:
        qs = inspection.staff_match_list(**_filters(self.Filters, request))
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response([inspection.staff_match_row(m) for m in page])


class StaffMatchDetailApi(StaffApi):
    @extend_schema(
        extensions=errors("staff_only", "match_not_found"),
        responses={200: answers.StaffMatchDetailOut},
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(inspection.staff_match_detail(inspection.staff_match_get(match_id)))


class StaffMatchEventsApi(StaffApi):
    """The full event stream, secrets included, with who could see each event."""

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffMatchEventsFilters"

        since = strict.QueryIntegerField(
            required=False, default=0, min_value=0, max_value=2**31 - 1
        )

    @extend_schema(
        extensions=errors("staff_only", "match_not_found"),
        parameters=[Filters],
        responses={200: answers.StaffEventsOut},
    )
    def get(self, request: Request, match_id: int) -> Response:
        since = _filters(self.Filters, request)["since"]
        match = inspection.staff_match_get(match_id)
        return Response(
            {
                "id": match.pk,
                "version": match.version,
                "events": inspection.staff_match_events(match, since=since),
            }
        )


class StaffMatchAtApi(StaffApi):
    """Time travel: the full state after event ``seq``, the change from the event before, and
    with ``seat`` (a number or ``spectator``) what that seat saw then."""

    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffMatchAtFilters"

        seq = strict.QueryIntegerField(min_value=0, max_value=2**31 - 1)
        seat = strict.QueryCharField(
            required=False, max_length=16, help_text="A seat number, or 'spectator'."
        )

    @extend_schema(
        extensions=errors("staff_only", "match_not_found", "seq_out_of_range", "unknown_seat"),
        parameters=[Filters],
        responses={200: answers.StaffMatchAtOut},
    )
    def get(self, request: Request, match_id: int) -> Response:
        f = _filters(self.Filters, request)
        match = inspection.staff_match_get(match_id)
        seat = inspection.parse_seat(match, f.get("seat"))
        return Response(inspection.staff_match_at(match, seq=f["seq"], seat=seat))


class StaffMatchVerifyApi(StaffApi):
    """The hash chain recomputed and the stream replayed from zero against the snapshots (a
    read, POST as it may take a while and is never cached)."""

    @extend_schema(
        extensions=errors("staff_only", "match_not_found"),
        request=None,
        responses={200: answers.StaffVerifyOut},
    )
    def post(self, request: Request, match_id: int) -> Response:
        return Response(inspection.staff_match_verify(inspection.staff_match_get(match_id)))


class StaffMatchExportApi(StaffApi):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffMatchExportFilters"

        format = strict.QueryChoiceField(choices=["json", "ndjson"], required=False, default="json")

    @extend_schema(
        extensions=errors("staff_only", "match_not_found"),
        parameters=[Filters],
        responses={
            (200, "application/json"): answers.ExportOut,
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR, description="The header line, then one event a line."
            ),
        },
    )
    def get(self, request: Request, match_id: int) -> Response | StreamingHttpResponse:
        fmt = _filters(self.Filters, request)["format"]
        match = inspection.staff_match_get(match_id)
        name = f"ludoteka-{match.game}-{match.pk}"
        if fmt == "ndjson":
            response = StreamingHttpResponse(
                archive.export_ndjson(match), content_type="application/x-ndjson"
            )
            response["Content-Disposition"] = f'attachment; filename="{name}.ndjson"'
            return response
        out = Response(archive.export_json(match))
        out["Content-Disposition"] = f'attachment; filename="{name}.json"'
        return out


class NDJSONParser(BaseParser):
    media_type = "application/x-ndjson"

    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            text = stream.read().decode("utf-8")
        except UnicodeDecodeError as err:
            raise ApiError(400, "bad_request", "The file is not UTF-8 text.") from err
        # Each line is a document: the text nests no deeper than its deepest line.
        if boundedjson.deeper_than(text):
            raise ParseError(f"JSON parse error - {boundedjson.TooDeep.message()}")
        return {"ndjson": text}


class StaffMatchImportApi(StaffApi):
    """A new match from an export (JSON, or NDJSON sent as ``application/x-ndjson``)."""

    parser_classes = [JSONParser, NDJSONParser]

    @extend_schema(
        extensions=errors(
            "staff_only",
            "missing_permission",
            "unsupported_format",
            "invalid_export",
            "broken_chain",
            "replay_failed",
            "state_mismatch",
            "unknown_game",
        ),
        request={
            "application/json": OpenApiTypes.OBJECT,
            "application/x-ndjson": OpenApiTypes.STR,
        },
        responses={201: answers.ImportOut},
    )
    def post(self, request: Request) -> Response:
        actions.check_permission(request.user, AuditEntry.Action.IMPORT)
        data = request.data
        ndjson = isinstance(data, dict) and set(data) == {"ndjson"}
        doc = archive.parse_ndjson(data["ndjson"]) if ndjson else data  # null: unsupported
        match, entry = actions.match_import(user=signed_in(request), doc=doc)
        return Response(
            {"id": match.pk, "version": match.version, "status": match.status, **entry.details},
            status=201,
        )


def _entry_out(entry: AuditEntry) -> dict[str, Any]:
    return {
        "id": entry.pk,
        "at": entry.created_at.isoformat(),
        "user": entry.username,
        "action": entry.action,
        "match": entry.match_id,
        "seq": entry.seq,
        "reason": entry.reason,
        "details": entry.details,
    }


def _action_answer(entry: AuditEntry) -> Response:
    match = inspection.staff_match_get(entry.match_id)
    return Response({"audit": _entry_out(entry), "match": inspection.staff_match_detail(match)})


class _ActionApi(StaffApi, ABC):
    action = ""

    def post(self, request: Request, match_id: int) -> Response:
        actions.check_permission(request.user, self.action)
        data = self.Input(data=request.data)  # type: ignore[attr-defined]
        data.is_valid(raise_exception=True)
        return _action_answer(self.run(request, match_id, data.validated_data))

    @abstractmethod
    def run(self, request: Request, match_id: int, v: dict[str, Any]) -> AuditEntry:
        """The action itself: one service call."""


# Required and saying something, as the schema states (a blank or over-long one is invalid
# input); one of spaces only reaches the action, which refuses it as ``reason_required``.
_REASON = strict.TextField(max_length=actions.REASON_MAX, help_text="Why: kept with the action.")


class StaffMatchAbortApi(_ActionApi):
    action = AuditEntry.Action.ABORT

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffAbortInput"

        reason = _REASON

    @extend_schema(
        extensions=errors(
            "staff_only",
            "missing_permission",
            "reason_required",
            "match_not_found",
            "match_not_active",
        ),
        request=Input,
        responses={200: answers.StaffActionOut},
    )
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def run(self, request: Request, match_id: int, v: dict[str, Any]) -> AuditEntry:
        return actions.match_abort(user=signed_in(request), match_id=match_id, reason=v["reason"])


class StaffMatchAwardApi(_ActionApi):
    action = AuditEntry.Action.AWARD

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffAwardInput"

        reason = _REASON
        ranks = serializers.ListField(child=strict.IntegerField(min_value=1), max_length=16)
        scores = serializers.ListField(
            child=serializers.FloatField(), max_length=16, required=False, default=None
        )

    @extend_schema(
        extensions=errors(
            "staff_only",
            "missing_permission",
            "reason_required",
            "match_not_found",
            "match_not_active",
            "invalid_ranks",
            "invalid_scores",
        ),
        request=Input,
        responses={200: answers.StaffActionOut},
    )
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def run(self, request: Request, match_id: int, v: dict[str, Any]) -> AuditEntry:
        return actions.match_award_result(
            user=signed_in(request),
            match_id=match_id,
            reason=v["reason"],
            ranks=v["ranks"],
            scores=v["scores"],
        )


class StaffMatchReplaceSeatApi(_ActionApi):
    action = AuditEntry.Action.REPLACE_SEAT

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffReplaceSeatInput"

        reason = _REASON
        seat = strict.IntegerField(min_value=0, max_value=15)
        level = strict.CharField(required=False, default="", allow_blank=True, max_length=16)

    @extend_schema(
        extensions=errors(
            "staff_only",
            "missing_permission",
            "reason_required",
            "match_not_found",
            "match_not_active",
            "unknown_seat",
            "unknown_bot_level",
            "seat_not_replaceable",
        ),
        request=Input,
        responses={200: answers.StaffActionOut},
    )
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def run(self, request: Request, match_id: int, v: dict[str, Any]) -> AuditEntry:
        return actions.match_replace_seat(
            user=signed_in(request),
            match_id=match_id,
            reason=v["reason"],
            seat=v["seat"],
            level=v["level"],
        )


class StaffMatchRollbackApi(_ActionApi):
    action = AuditEntry.Action.ROLLBACK

    class Input(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffRollbackInput"

        reason = _REASON
        to = strict.IntegerField(min_value=1, max_value=2**31 - 1, help_text="The event to keep.")

    @extend_schema(
        extensions=errors(
            "staff_only",
            "missing_permission",
            "reason_required",
            "match_not_found",
            "match_not_active",
            "seq_out_of_range",
            "rollback_crosses_undo",
            "not_a_playable_point",
            "nothing_to_roll_back",
        ),
        request=Input,
        responses={200: answers.StaffActionOut},
    )
    def post(self, request: Request, match_id: int) -> Response:
        return super().post(request, match_id)

    def run(self, request: Request, match_id: int, v: dict[str, Any]) -> AuditEntry:
        return actions.match_rollback(
            user=signed_in(request), match_id=match_id, reason=v["reason"], to=v["to"]
        )


class StaffAuditApi(StaffApi):
    class Filters(serializers.Serializer[Any]):
        class Meta:
            ref_name = "StaffAuditFilters"

        match = strict.QueryIntegerField(required=False, min_value=1, max_value=2**31 - 1)

    @extend_schema(
        extensions=errors("staff_only"), parameters=[Filters], responses={200: answers.AuditPageOut}
    )
    def get(self, request: Request) -> Response:
        f = _filters(self.Filters, request)
        qs = AuditEntry.objects.all()
        if "match" in f:
            qs = qs.filter(match_id=f["match"])
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        return paginator.get_paginated_response([_entry_out(e) for e in page])
