"""Words for players (games/WORDS.md): random games of every engine at 2 and 4 players (its
extremes where it has no 4), every event narrated for every seat and a spectator in both
languages, the ending explained, options and bots described; nothing a player reads may look
like an internal identifier."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games.narration import LANGS, BotWords, OptionWords, Reader
from games.registry import GAME_MODULES, get_engine
from games.testing import fold, play_random_game

NAMES = ("alice", "Bob", "Bot Tereza", "dan")

# Identifier-like tokens: snake_case, a word glued to digits ("rice_field4", "wall_1",
# "hex16"), numbered places and players, raw CamelCase type names, braces left unfilled.
SUSPECT = [
    re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    re.compile(r"\b[A-Za-z]+\d+\b"),
    re.compile(
        r"\b(space|hex|field|cell|land|node|edge|corner|seat|player|pole|hráč|hráče|hráči|"
        r"políčko|místo)\s+#?\d+",
        re.IGNORECASE,
    ),
    re.compile(r"\b[A-Z][a-z]+[A-Z][A-Za-z]+\b"),  # FigurePlaced, TileChosen
    re.compile(r"[{}]"),
    re.compile(r"\bHráč Vy\b|\bPlayer You\b|\bNone\b|\bTrue\b|\bFalse\b"),
]


def suspects(text: str) -> list[str]:
    return [m.group(0) for rx in SUSPECT for m in rx.finditer(text)]


def _counts(engine: Any) -> list[int]:
    return sorted({engine.min_players, min(4, engine.max_players)})


# Every registered game has the words: an engine without them fails here, it is not skipped.
CASES = [(slug, n) for slug in GAME_MODULES for n in _counts(get_engine(slug))]


@pytest.mark.parametrize(("slug", "n"), CASES)
def test_every_event_reads_as_words_for_every_reader(slug: str, n: int) -> None:
    engine = get_engine(slug)
    names = NAMES[:n]
    for seed in (1, 2):
        played = play_random_game(engine, n, seed=seed)
        bad: list[str] = []
        for event in played.events:
            for viewer in [*range(n), None]:
                shown = engine.redact(event, viewer)
                if shown is None:
                    continue
                for lang in LANGS:
                    text = engine.narrate(shown, Reader(lang, viewer, names))
                    if text is None:
                        continue
                    assert text.strip(), (event["type"], viewer, lang)
                    found = suspects(text)
                    if found:
                        bad.append(f"{event['type']} [{lang}, seat {viewer}]: {text!r} {found}")
        assert not bad, "\n".join(bad[:20])


@pytest.mark.parametrize(("slug", "n"), CASES)
def test_the_ending_is_explained_in_words(slug: str, n: int) -> None:
    engine = get_engine(slug)
    played = play_random_game(engine, n, seed=3)
    assert played.finished
    for viewer in [*range(n), None]:
        for lang in LANGS:
            explained = engine.explain(played.state, Reader(lang, viewer, NAMES[:n]))
            assert explained is not None
            assert explained["summary"].strip()
            assert explained["sections"], "the ending explains how it was counted"
            texts = [explained["summary"]]
            for section in explained["sections"]:
                texts += [section["title"], *section["lines"]]
                table = section.get("table")
                if table:
                    texts += [c for c in table["columns"] if isinstance(c, str)]
                    texts += [c for row in table["rows"] for c in row if isinstance(c, str)]
            found = [s for t in texts for s in suspects(t)]
            assert not found, (lang, viewer, found)


@pytest.mark.parametrize(("slug", "n"), CASES)
def test_a_state_from_a_snapshot_with_the_events_explains_as_one_folded_from_zero(
    slug: str, n: int
) -> None:
    """``explain(state, reader, events)``: the platform may hold a state loaded from a snapshot
    and passes the match's events redacted for the reader; the ending is the same as from a
    state folded from the first event."""
    engine = get_engine(slug)
    played = play_random_game(engine, n, seed=3)
    loaded = engine.state_from_json(engine.state_to_json(played.state))
    from_zero = fold(engine, played.events)
    for viewer in [*range(n), None]:
        shown = [e for e in (engine.redact(x, viewer) for x in played.events) if e is not None]
        for lang in LANGS:
            reader = Reader(lang, viewer, NAMES[:n])
            explained = engine.explain(loaded, reader, shown)
            assert explained is not None
            assert explained == engine.explain(from_zero, reader, shown), (viewer, lang)


@pytest.mark.parametrize("slug", list(GAME_MODULES))
def test_options_and_bots_are_described_in_both_languages(slug: str) -> None:
    engine = get_engine(slug)
    for option in engine.options:
        words = engine.option_words[option.name]
        assert isinstance(words, OptionWords)
        for text in (*words.label, *words.help):
            assert text.strip() and not suspects(text), (option.name, text)
        if option.kind == "choice":
            assert words.choices is not None
            assert set(words.choices) == set(option.choices), option.name
            for pair in words.choices.values():
                assert all(p.strip() and not suspects(p) for p in pair), (option.name, pair)
    for category, entries in engine.glossary.items():
        assert entries, category
        for key, pair in entries.items():
            assert isinstance(key, str) and len(pair) == 2, (category, key)
            assert all(p.strip() and not suspects(p) for p in pair), (category, key, pair)
    assert engine.default_bot_level in engine.player_bot_levels
    assert set(engine.player_bot_levels) <= set(engine.bot_levels)
    for level in engine.player_bot_levels:
        words = engine.bot_words[level]
        assert isinstance(words, BotWords)
        for text in (*words.label, *words.help, *words.strength):
            assert text.strip() and not suspects(text), (level, text)


def test_the_reader_is_you_and_czech_needs_no_gender() -> None:
    en, cs = Reader("en", 1, NAMES[:2]), Reader("cs", 1, NAMES[:2])
    forms = {"en": ("You pass.", "{who} passes."), "cs": ("Pasujete.", "{who} pasuje.")}
    assert en.line(1, forms["en"], forms["cs"]) == "You pass."
    assert en.line(0, forms["en"], forms["cs"]) == "alice passes."
    assert cs.line(1, forms["en"], forms["cs"]) == "Pasujete."
    assert cs.line(0, forms["en"], forms["cs"]) == "alice pasuje."
    assert cs.obj(1, "dat") == "vám" and cs.obj(0, "dat") == "alice"
    assert cs.count(3, ("tile", "tiles"), ("karta", "karty", "karet")) == "3 karty"
    assert cs.count(5, ("tile", "tiles"), ("karta", "karty", "karet")) == "5 karet"
    assert en.join(["a", "b", "c"]) == "a, b and c"
    assert suspects("Player 0 placed rice_field4 on space 91")
    assert not suspects("You place a rice field, strength 4, on Kyoto.")
