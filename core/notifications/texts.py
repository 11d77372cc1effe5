"""What a notification says, per kind and language: one title and one line, shared by push,
email and webhooks, and the daily digest's wording."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db.models import Prefetch

from core.matches.models import Match, Seat
from core.matches.names import ABSENT, seat_names
from core.matches.presenters import day_words
from games.narration import Reader
from games.registry import UnknownGame, get_engine

# Per kind and language: (title, body). No match numbers, no seat numbers, no timestamps: the
# game, the other players by name (core.matches.names, as the match screen names them), the
# result in words and the deadline as a time of the reader's day (games/WORDS.md).
TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "your_turn": {
        "en": ("Your turn: {game}", "It is your turn in {game}{with_others}."),
        "cs": ("Jste na tahu: {game}", "Jste na tahu ve hře {game}.{others_cs}"),
    },
    "invited": {
        "en": ("Invitation to {game}", "{creator} invites you to play {game}{with_others}."),
        "cs": ("Pozvánka ke hře {game}", "{creator} vás zve ke hře {game}.{others_cs}"),
    },
    "match_finished": {
        "en": ("{game} has ended", "{game}{with_others} has ended{result}."),
        "cs": ("Partie {game} skončila", "Partie {game} skončila{result}.{others_cs}"),
    },
    "deadline_soon": {
        "en": ("Time is running out: {game}", "Move by {deadline} in {game}{with_others}."),
        "cs": ("Dochází čas: {game}", "Táhněte do {deadline} ve hře {game}.{others_cs}"),
    },
    "tournament_round": {
        "en": ("A new round of {tournament}", "A new round of {tournament} has begun."),
        "cs": ("Nové kolo: {tournament}", "Začalo nové kolo turnaje {tournament}."),
    },
}

DIGEST: dict[str, dict[str, str]] = {
    "en": {
        "subject": "Ludoteka: your daily digest ({count})",
        "turns": "Your turn:",
        "turn": "{game}{with_others} — {left}",
        "no_deadline": "no deadline",
        "left": "{hours} h left",
        "other": "Since yesterday:",
    },
    "cs": {
        "subject": "Ludoteka: denní přehled ({count})",
        "turns": "Jste na tahu:",
        "turn": "{game}{others_paren} — {left}",
        "no_deadline": "bez termínu",
        "left": "zbývá {hours} h",
        "other": "Od včerejška:",
    },
}


@dataclass(frozen=True)
class MatchWords:
    """What a notification needs to know of its match to say it in words."""

    game: str
    names: tuple[str, ...]
    user_seats: dict[int, int]  # user id -> seat
    outcome: dict[str, Any] | None
    creator: str | None


def match_words(match_ids: Iterable[int | None]) -> dict[int, MatchWords]:
    """The words of several matches at once (two queries), for a page of notifications."""
    ids = {m for m in match_ids if m}
    if not ids:
        return {}
    matches = (
        Match.objects.filter(pk__in=ids)
        .select_related("created_by")
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
    )
    out = {}
    for match in matches:
        seats = list(match.seats.all())
        out[match.pk] = MatchWords(
            game=match.game,
            names=seat_names(match, seats),
            user_seats={
                s.user_id: s.index
                for s in seats
                if s.user_id is not None and s.kind == Seat.Kind.HUMAN
            },
            outcome=match.outcome,
            creator=match.created_by.public_name if match.created_by else None,
        )
    return out


def _others(words: MatchWords | None, user_id: int | None) -> list[str]:
    if words is None:
        return []
    mine = words.user_seats.get(user_id) if user_id is not None else None
    return [n for seat, n in enumerate(words.names) if seat != mine and n != ABSENT]


def others_of(words: MatchWords | None, user_id: int | None, language: str) -> str:
    """The other players of the match, listed: "alice and Bot Karel" / "alice a Bot Karel"."""
    reader = Reader("cs" if language == "cs" else "en", None, ())
    return reader.join(_others(words, user_id))


def _result(words: MatchWords | None, reader: Reader) -> str:
    """ ": alice wins" / ": vítězí alice", from the outcome's ranks."""
    if words is None or not words.outcome or not words.outcome.get("ranks"):
        return ""
    winners = [seat for seat, rank in enumerate(words.outcome["ranks"]) if rank == 1]
    if not winners:
        return ""
    if len(winners) == 1:
        text = reader.line(
            winners[0], en=("you win", "{who} wins"), cs=("zvítězili jste", "vítězí {who}")
        )
        # ``line`` capitalises a sentence; here it follows a colon.
        text = text if text.startswith(reader.name(winners[0])) else text[:1].lower() + text[1:]
    elif reader.lang == "en":
        text = f"{reader.join([reader.name(w) for w in winners])} share the win"
    else:
        text = f"o vítězství se dělí {reader.join([reader.name(w) for w in winners])}"
    return f": {text}"


def _moment(value: Any, zone: str, lang: str) -> str:
    """A deadline as a time of the reader's day: "3 December, 14:30" / "3. prosince 14:30"."""
    try:
        when = datetime.fromisoformat(str(value)).astimezone(ZoneInfo(zone))
    except (ValueError, KeyError):
        return ""
    separator = ", " if lang == "en" else " "
    return f"{day_words(when.date(), lang)}{separator}{when:%H:%M}"


def _fields(
    language: str,
    match_id: int | None,
    payload: dict[str, Any],
    user_id: int | None,
    zone: str,
    words: MatchWords | None,
) -> dict[str, Any]:
    lang = "cs" if language == "cs" else "en"
    mine = words.user_seats.get(user_id) if words and user_id is not None else None
    reader = Reader(lang, mine, words.names if words else ())  # type: ignore[arg-type]
    listed = reader.join(_others(words, user_id))
    return {
        "tournament": "",
        **payload,
        "game": game_name(str(payload.get("game") or (words.game if words else ""))),
        "with_others": f" with {listed}" if listed else "",
        "others_cs": f" Spoluhráči: {listed}." if listed else "",
        "others_paren": f" ({listed})" if listed else "",
        "creator": (words.creator if words and words.creator else "Ludoteka"),
        "result": _result(words, reader),
        "deadline": _moment(payload.get("deadline"), zone, lang),
    }


def site_url() -> str:
    return str(settings.LUDOTEKA_SITE_URL).rstrip("/")


def match_url(match_id: int | None) -> str:
    return f"{site_url()}/matches/{match_id}" if match_id else f"{site_url()}/"


def game_name(slug: str) -> str:
    try:
        return get_engine(slug).name
    except UnknownGame:
        return slug


def render(
    kind: str,
    language: str,
    match_id: int | None,
    payload: dict[str, Any],
    *,
    user_id: int | None = None,
    zone: str = "UTC",
    words: MatchWords | None = None,
) -> tuple[str, str]:
    """(title, body) of a notification in ``language`` (English when there is no text) for
    the user ``user_id`` (who "you" are among the match's players), deadlines in ``zone``.
    ``words``: the match's, when the caller loaded them for a whole page."""
    texts = TEXTS.get(kind, TEXTS["your_turn"])
    title, body = texts.get(language, texts["en"])
    if words is None and match_id:
        words = match_words([match_id]).get(match_id)
    fields = _fields(language, match_id, payload, user_id, zone, words)
    return title.format(**fields), body.format(**fields)


def render_both(
    kind: str,
    match_id: int | None,
    payload: dict[str, Any],
    *,
    user_id: int | None,
    zone: str = "UTC",
    words: MatchWords | None = None,
) -> dict[str, dict[str, str]]:
    """``{"title": {en, cs}, "body": {en, cs}}``: what the in-app list shows."""
    out: dict[str, dict[str, str]] = {"title": {}, "body": {}}
    for lang in ("en", "cs"):
        title, body = render(kind, lang, match_id, payload, user_id=user_id, zone=zone, words=words)
        out["title"][lang], out["body"][lang] = title, body
    return out


def message(
    kind: str,
    language: str,
    match_id: int | None,
    payload: dict[str, Any],
    *,
    user_id: int | None = None,
    zone: str = "UTC",
) -> dict[str, Any]:
    """The small JSON a push or webhook carries: no game state, nothing secret."""
    title, body = render(kind, language, match_id, payload, user_id=user_id, zone=zone)
    return {
        "kind": kind,
        "match": match_id,
        "game": payload.get("game"),
        "title": title,
        "body": body,
        "url": match_url(match_id),
        "tag": f"match-{match_id}" if match_id else kind,
    }
