"""Words for players: how an engine puts its events, its ending, its options and its bots into
sentences a player reads, in English and Czech, for one reader.

A :class:`Reader` is who reads a line: the language, the reading seat (``None``: a spectator) and
every seat's display name. Engines write sentences through it, so that

* players are named by name, and the reader is "you" ("You place…", "Pokládáte…"), never
  "Player 0" or "Hráč Vy";
* Czech needs no gender: log lines are in the present tense ("alice pokládá"), where the verb
  does not agree with the subject's gender, and a name stays in the nominative (a user name does
  not decline); the reader in another case is ``obj`` ("vás", "vám"…);
* every value a sentence names (a tile, a place, a card) is a :data:`Words` pair ``(en, cs)``,
  picked by the reader's language when the sentence is filled.

See ``games/WORDS.md`` for the whole contract (``narrate``, ``explain``, option and bot words,
the players' rules pages) and the style the five games share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NotRequired, TypedDict

Lang = Literal["en", "cs"]
LANGS: tuple[Lang, ...] = ("en", "cs")

# A phrase in both languages: (English, Czech).
Words = tuple[str, str]

# Czech forms of "vy" (the reader, addressed politely as in the rest of the app) by case.
_CS_YOU = {
    "nom": "vy",
    "gen": "vás",
    "dat": "vám",
    "acc": "vás",
    "loc": "vás",
    "ins": "vámi",
}
Case = Literal["nom", "gen", "dat", "acc", "loc", "ins"]

# The name of a seat whose player is gone (a deleted account): read as words, not a dash.
NO_NAME = "—"
_NO_NAME_WORDS: Words = ("a deleted player", "smazaný účet")


@dataclass(frozen=True)
class Reader:
    """Who reads: ``lang``, the reading ``viewer`` seat (``None``: a spectator or the staff) and
    ``names[seat]`` for every seat."""

    lang: Lang
    viewer: int | None
    names: tuple[str, ...]

    def is_you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.viewer

    def pick(self, words: Words | str) -> str:
        """One language of a pair (a plain string is the same in both)."""
        if isinstance(words, str):
            return words
        return words[0] if self.lang == "en" else words[1]

    def name(self, seat: int) -> str:
        """The seat's name as a subject in the third person; the reader's own seat reads "you"
        ("vy"): prefer :meth:`line`, which picks the verb form too."""
        if self.is_you(seat):
            return "you" if self.lang == "en" else "vy"
        if 0 <= seat < len(self.names):
            name = self.names[seat]
            return self.pick(_NO_NAME_WORDS) if name == NO_NAME else name
        return "?"

    def obj(self, seat: int, case: Case = "acc") -> str:
        """The seat as an object: "you" / the reader's Czech pronoun in ``case``; anyone else by
        name (names stay in the nominative in Czech)."""
        if self.is_you(seat):
            return "you" if self.lang == "en" else _CS_YOU[case]
        return self.name(seat)

    def possessive(self, seat: int) -> str:
        """English only: "your" / "alice's" (Czech: write "váš"/"vaše" or "hráče X" in the
        template, as its noun's gender needs)."""
        return "your" if self.is_you(seat) else f"{self.name(seat)}'s"

    def line(self, seat: int | None, en: Words, cs: Words, **fields: Any) -> str:
        """A sentence about what ``seat`` does: ``en`` and ``cs`` are each ``(you_form,
        other_form)``; the other form names the actor with ``{who}``. Fields that are
        :data:`Words` pairs are picked by language; the first letter is capitalised unless the
        sentence starts with a name."""
        you_form, other_form = en if self.lang == "en" else cs
        template = you_form if self.is_you(seat) else other_form
        who = self.name(seat) if seat is not None else ""
        return self.fill(template, who=who, **fields)

    def say(self, en: str, cs: str, **fields: Any) -> str:
        """A sentence with no actor ("The game is over."), filled like :meth:`line`."""
        return self.fill(en if self.lang == "en" else cs, **fields)

    def fill(self, template: str, **fields: Any) -> str:
        values = {k: self.pick(v) if isinstance(v, tuple) else v for k, v in fields.items()}
        text = template.format(**values)
        if template.startswith("{who}"):
            return text  # a user name keeps its own case ("alice passes.")
        return text[:1].upper() + text[1:]

    def join(self, items: Sequence[str]) -> str:
        """ "a, b and c" / "a, b a c"."""
        items = [i for i in items if i]
        if len(items) <= 1:
            return "".join(items)
        last = " and " if self.lang == "en" else " a "
        return ", ".join(items[:-1]) + last + items[-1]

    def count(self, n: int, en: tuple[str, str], cs: tuple[str, str, str]) -> str:
        """``n`` with its noun: English ``(one, many)``, Czech ``(1, 2-4, 5+ and 0)``:
        ``count(3, ("tile", "tiles"), ("karta", "karty", "karet"))`` -> "3 tiles" / "3 karty"."""
        if self.lang == "en":
            return f"{n} {en[0] if n == 1 else en[1]}"
        form = cs[0] if n == 1 else cs[1] if 2 <= n <= 4 else cs[2]
        return f"{n} {form}"


def readers(viewer: int | None, names: Sequence[str]) -> dict[Lang, Reader]:
    """One reader per language for the same seat."""
    return {lang: Reader(lang, viewer, tuple(names)) for lang in LANGS}


class Table(TypedDict):
    """A small table of the ending: column headings and rows of cells (text or numbers)."""

    columns: list[str]
    rows: list[list[str | int | float]]


class Section(TypedDict):
    """One part of the ending's explanation: a title, sentences, and optionally a table."""

    title: str
    lines: list[str]
    table: NotRequired[Table]


class Explanation(TypedDict):
    """How a finished game was counted, for one reader: ``summary`` says why it ended and who
    won (one or two sentences); ``sections`` go through the scoring as the rules count it."""

    summary: str
    sections: list[Section]


@dataclass(frozen=True)
class OptionWords:
    """An option in the players' words: ``label`` (a few words), ``help`` (one or two sentences:
    what it changes, and what the default does) and, for a choice, a label per value."""

    label: Words
    help: Words
    choices: Mapping[Any, Words] | None = None

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "label": {"en": self.label[0], "cs": self.label[1]},
            "help": {"en": self.help[0], "cs": self.help[1]},
        }
        if self.choices:
            out["choice_labels"] = {
                str(value): {"en": w[0], "cs": w[1]} for value, w in self.choices.items()
            }
        return out


@dataclass(frozen=True)
class BotWords:
    """A bot level in the players' words: ``label`` ("Beginner"), ``help`` (how it plays, one
    sentence) and ``strength`` (its measured strength, from the game's README)."""

    label: Words
    help: Words
    strength: Words

    def schema(self) -> dict[str, Any]:
        return {
            "label": {"en": self.label[0], "cs": self.label[1]},
            "help": {"en": self.help[0], "cs": self.help[1]},
            "strength": {"en": self.strength[0], "cs": self.strength[1]},
        }
