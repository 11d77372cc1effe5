"""The platform tests' race (``tests/core/fake_engine.py``) with words for players
(games/WORDS.md): log lines through a ``Reader``, the ending explained, options and bots in
words, a glossary and rules pages for players beside this file. Registered as ``race`` by the
``words_race_game`` fixture, so the platform can be tested with an engine that has every words
attribute and (the plain race) with one that has none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import Option
from games.narration import BotWords, Explanation, OptionWords, Reader
from tests.core.fake_engine import RaceEngine

POINTS = (("point", "points"), ("bod", "body", "bodů"))


class WordsRaceEngine(RaceEngine):
    options = (
        Option(
            "pace",
            "choice",
            "normal",
            "A preset of the target.",
            choices=("normal", "sprint"),
            implies=(("sprint", (("target", 6),)),),
        ),
        *RaceEngine.options,
    )
    option_words: Mapping[str, OptionWords] = {
        "pace": OptionWords(
            label=("Pace", "Tempo"),
            help=(
                "A sprint ends at 6 points; a normal race at the target below.",
                "Sprint končí na 6 bodech; běžný závod na cíli níže.",
            ),
            choices={"normal": ("Normal race", "Běžný závod"), "sprint": ("Sprint", "Sprint")},
        ),
        "target": OptionWords(
            label=("Finish line", "Cíl"),
            help=(
                "The race ends when everyone's points together reach it (12 by default).",
                "Závod končí, když body všech dohromady dosáhnou cíle (obvykle 12).",
            ),
        ),
    }
    bot_words: Mapping[str, BotWords] = {
        "random": BotWords(
            ("Beginner", "Začátečník"),
            ("Adds at random.", "Přidává náhodně."),
            ("Loses most races.", "Většinu závodů prohraje."),
        ),
        "greedy": BotWords(
            ("Casual", "Rekreační hráč"),
            ("Always adds three.", "Vždy přidá tři."),
            ("Wins 70 % of races against Beginner.", "Vyhraje 70 % závodů proti Začátečníkovi."),
        ),
    }
    player_bot_levels = ("random", "greedy")
    default_bot_level = "greedy"
    glossary: Mapping[str, Mapping[str, tuple[str, str]]] = {
        "amounts": {"1": ("one step", "jeden krok"), "3": ("a leap", "skok")}
    }

    def validate_options(self, n_players: int, options: Any) -> dict[str, Any]:
        out = super().validate_options(n_players, options)
        if out["pace"] == "sprint":
            out["target"] = 6
        return out

    def narrate(self, event: dict[str, Any], reader: Reader) -> str | None:
        r, seat = reader, event.get("seat")
        kind = event["type"]
        if kind == "GameStarted":
            return r.say(
                "The race to {n} points begins.", "Začíná závod do {n} bodů.", n=event["target"]
            )
        if kind == "SecretsDealt":
            if "mine" in event:
                return r.say(
                    "Your secret digit is {d}.", "Vaše tajné číslo je {d}.", d=event["mine"]
                )
            return None
        if kind == "Added":
            return r.line(
                seat,
                en=("You add {p}.", "{who} adds {p}."),
                cs=("Přidáváte {p}.", "{who} přidává {p}."),
                p=(r.count(event["amount"], *POINTS)),
            )
        if kind == "TurnEnded":
            return r.line(
                seat,
                en=("You end your turn.", "{who} ends the turn."),
                cs=("Končíte tah.", "{who} končí tah."),
            )
        if kind == "Forfeited":
            return r.line(
                seat, en=("You resign.", "{who} resigns."), cs=("Vzdáváte.", "{who} vzdává.")
            )
        return None

    def explain(
        self, state: Any, reader: Reader, events: list[Any] | None = None
    ) -> Explanation | None:
        outcome = self.outcome(state)
        if outcome is None:
            return None
        r = reader
        winner = outcome["ranks"].index(1)
        why = (
            r.line(
                state["out"][0],
                en=("You resigned.", "{who} resigned."),
                cs=("Vzdali jste.", "{who} vzdává závod."),
            )
            if state["out"]
            else r.say("The finish line was reached.", "Závod dosáhl cíle.")
        )
        won = r.line(winner, en=("You win.", "{who} wins."), cs=("Vyhráváte.", "{who} vyhrává."))
        names = [r.name(s) for s in range(state["n"])]
        return {
            "summary": f"{why} {won}",
            "sections": [
                {
                    "title": r.say("Points", "Body"),
                    "lines": [
                        r.say(
                            "Each player's points as the race ended.",
                            "Body každého hráče na konci závodu.",
                        ),
                        # What the platform passes (games/WORDS.md): the reader's events.
                        r.say("{n} events.", "Událostí: {n}.", n=len(events or ())),
                    ],
                    "table": {
                        "columns": ["", *names],
                        "rows": [[r.say("Points", "Body"), *state["points"]]],
                    },
                }
            ],
        }


ENGINE = WordsRaceEngine()
