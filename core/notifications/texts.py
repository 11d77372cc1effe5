"""What a notification says, per kind and language: one title and one line, shared by push,
email and webhooks, and the daily digest's wording."""

from __future__ import annotations

from typing import Any

from django.conf import settings

from games.registry import UnknownGame, get_engine

TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "your_turn": {
        "en": ("Your turn in {game} #{match}", "It is your turn in {game} #{match}."),
        "cs": ("Jste na tahu: {game} #{match}", "Jste na tahu v partii {game} #{match}."),
    },
    "invited": {
        "en": ("Invitation to {game} #{match}", "You are invited to play {game} #{match}."),
        "cs": ("Pozvánka: {game} #{match}", "Jste zváni ke hře {game} #{match}."),
    },
    "match_finished": {
        "en": ("{game} #{match} has ended", "The match {game} #{match} has ended."),
        "cs": ("{game} #{match} skončila", "Partie {game} #{match} skončila."),
    },
    "deadline_soon": {
        "en": ("Time is running out in {game} #{match}", "Your deadline is {deadline}."),
        "cs": ("Dochází čas: {game} #{match}", "Váš termín je {deadline}."),
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
        "turn": "{game} #{match} — {left}",
        "no_deadline": "no deadline",
        "left": "{hours} h left",
        "other": "Since yesterday:",
    },
    "cs": {
        "subject": "Ludoteka: denní přehled ({count})",
        "turns": "Jste na tahu:",
        "turn": "{game} #{match} — {left}",
        "no_deadline": "bez termínu",
        "left": "zbývá {hours} h",
        "other": "Od včerejška:",
    },
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
    kind: str, language: str, match_id: int | None, payload: dict[str, Any]
) -> tuple[str, str]:
    """(title, body) of a notification in ``language`` (English when there is no text)."""
    texts = TEXTS.get(kind, TEXTS["your_turn"])
    title, body = texts.get(language, texts["en"])
    fields = {
        "tournament": "",
        "deadline": "",
        **payload,
        "match": match_id or "",
        "game": game_name(str(payload.get("game", ""))),
    }
    return title.format(**fields), body.format(**fields)


def message(
    kind: str, language: str, match_id: int | None, payload: dict[str, Any]
) -> dict[str, Any]:
    """The small JSON a push or webhook carries: no game state, nothing secret."""
    title, body = render(kind, language, match_id, payload)
    return {
        "kind": kind,
        "match": match_id,
        "game": payload.get("game"),
        "title": title,
        "body": body,
        "url": match_url(match_id),
        "tag": f"match-{match_id}" if match_id else kind,
    }
