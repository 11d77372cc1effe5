"""Match options: the base game's, the Czech two-player variant's rules 2-8, each clarification
of the variant as a switch of its own, and named presets of the rules players actually use.

The variant (``shared/rules/catan-2p-variant.cs.txt``) is always on with two players and an option
with three or four. Its clarifications ("Poznámky a upřesnění") default to the text's reading and
apply only with the variant: without it the published base rules hold and they are stored off.

A match keeps the options it was created with: ``GameCreated`` carries them. An option that did
not exist when a match was created is missing there, and ``state.complete_options`` gives it the
behaviour of that time, so old matches replay exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import InvalidOptions, Option, check_player_count, validate_options_against
from games.catan.state import CLARIFICATIONS

# Variant rules 2-8 ("*volitelné"), off by default.
VARIANT_RULES = (
    "three_settlements",
    "choose_start_resources",
    "remove_five_knights",
    "lay_out_point_cards",
    "war",
    "robber_blocks_harbour",
    "city_needs_three_settlements",
)

# Named presets: the text's "Zrychlená verze ... podle bodů 1, 2 a 3" and "Naše původní varianta
# hry pro dva hráče se ... skládala z pravidel 1, 3 a 8". Rule 1 is the variant played to 12.
# A preset sets only its own rules; the others stay free ("Závisí na dohodě obou hráčů, která
# dalších ... pravidel budou ve hře platit"; the original set may add rule 4).
PRESETS: dict[str, dict[str, Any]] = {
    "none": {},
    "fast": {
        "variant": True,
        "victory_points": 12,
        "three_settlements": True,
        "choose_start_resources": True,
    },
    "original": {
        "variant": True,
        "victory_points": 12,
        "choose_start_resources": True,
        "city_needs_three_settlements": True,
    },
}

OPTIONS: tuple[Option, ...] = (
    Option(
        "preset",
        "choice",
        "none",
        "Named rule sets of the two-player variant: 'fast' = rules 1+2+3 (12 points, three "
        "settlements, chosen starting resources), 'original' = the authors' rules 1+3+8 (12 "
        "points, chosen starting resources, first city after three settlements). A preset sets "
        "those options (see implies) and leaves the others free; an option given with another "
        "value than its preset's is refused.",
        choices=tuple(PRESETS),
        implies=tuple((name, tuple(sets.items())) for name, sets in PRESETS.items()),
    ),
    Option(
        "variant",
        "bool",
        False,
        "Czech variant rules (rule 1 and the clarifications) with 3-4 players; always on with 2.",
    ),
    Option(
        "victory_points",
        "choice",
        0,
        "Points to win: 0 = by the rules (12 with two players, 10 otherwise), or 10 or 12.",
        choices=(0, 10, 12),
    ),
    Option("beginner_board", "bool", False, "The beginners' fixed map instead of a random one."),
    Option("three_settlements", "bool", False, "Rule 2: three settlements, order A1-B2-A2-B1."),
    Option(
        "choose_start_resources",
        "bool",
        False,
        "Rule 3: each player chooses the settlement that pays the starting resources.",
    ),
    Option("remove_five_knights", "bool", False, "Rule 4: five knights leave the deck."),
    Option("lay_out_point_cards", "bool", False, "Rule 5: point cards may be laid out for good."),
    Option("war", "bool", False, "Rule 6: war between players."),
    Option("robber_blocks_harbour", "bool", False, "Rule 7: a robber on a harbour blocks it."),
    Option(
        "city_needs_three_settlements",
        "bool",
        False,
        "Rule 8: the first city needs three settlements.",
    ),
    Option(
        "tied_awards_to_bank",
        "bool",
        True,
        "Variant clarification (with the variant only): a tie for Longest Road or Largest Army "
        "sends the card to the bank; off: the holder keeps it on a tie.",
    ),
    Option(
        "seven_counts_development_cards",
        "bool",
        True,
        "Variant clarification (with the variant only): a 7 counts development cards in hand, "
        "and a discarded one goes face down under the deck; off: only resources count.",
    ),
    Option(
        "steal_development_cards",
        "bool",
        True,
        "Variant clarification (with the variant only): the robber steals any card in hand, "
        "development cards included; off: resources only.",
    ),
    Option(
        "robber_may_stay",
        "bool",
        True,
        "Variant clarification (with the variant only): the robber may be left where it stands "
        "(nothing is stolen); off: it must move.",
    ),
    Option(
        "theft_optional",
        "bool",
        True,
        "Variant clarification (with the variant only): a player who moves the robber next to an "
        "opponent may decline to steal ('chce okrást': robbing is the player's wish); off: the "
        "theft is compulsory as in the base game.",
    ),
    Option(
        "no_road_building_before_roll",
        "bool",
        True,
        "Variant clarification (with the variant only): Road Building cannot be played before "
        "the roll; off: like any development card.",
    ),
    Option(
        "trade_offers_per_turn",
        "int",
        3,
        "Trade offers a player may start per turn (counter-offers are not counted); the "
        "published rules have no cap, an asynchronous game needs one (see the rules page). "
        "0 = no domestic trade.",
        minimum=0,
        maximum=20,
    ),
)


def validate(
    name: str, lo: int, hi: int, n_players: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The complete options of a new match, or ``InvalidOptions`` naming the conflict."""
    check_player_count(name, lo, hi, n_players)
    out = validate_options_against(OPTIONS, options)
    preset = out["preset"]
    for key, value in PRESETS[preset].items():
        if key in options and options[key] != value:
            raise InvalidOptions(
                f"Preset {preset} sets {key} to {_show(value)}; leave {key} out or choose "
                f"preset none to set it yourself."
            )
        out[key] = value
    if n_players == 2:
        out["variant"] = True  # the base game is for 3-4; two players play the variant
    elif not out["variant"]:
        used = [rule for rule in VARIANT_RULES if out[rule]]
        if used:
            raise InvalidOptions(
                f"Option(s) {', '.join(used)} belong to the two-player variant; "
                "set variant to use them with more players."
            )
        for key in CLARIFICATIONS:
            out[key] = False  # the published base rules: stored as they are in force
    return out


def _show(value: Any) -> str:
    return "true" if value is True else "false" if value is False else str(value)
