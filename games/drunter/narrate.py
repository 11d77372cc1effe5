"""The match log in the players' words (games/WORDS.md): one line per event, for one reader.

The event given is already redacted for the reader (``views.redact``): a secret field is simply
absent, and a line never looks anything up beyond the event and the static town of
``words.py``. Czech lines are in the present tense, so that no verb agrees with a player's
gender; a player's name stays in the nominative.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games.base import Event
from games.drunter.data import BOARD, DIRECTIONS, tile_cells
from games.drunter.words import (
    BUILDINGS,
    DIRECTION_TO,
    ROUTES,
    SQUARES,
    TILE_BY_LENGTH,
    Noun,
    card_name,
    goal_noun,
)
from games.narration import Reader, Words

VOTE_VALUE = dict(zip(BOARD.vote_cards, BOARD.vote_values, strict=True))
YES_CARDS = ("JAAA", "JAA", "JA")
NO_CARDS = ("NEEE", "NEE", "NE")


# --- small phrases -----------------------------------------------------------------------------


def points_with(r: Reader, n: int) -> str:
    """ "with 12 points" / "s 12 body" (Czech instrumental: 1 bodem, else body)."""
    if r.lang == "en":
        return f"with {n} point{'' if n == 1 else 's'}"
    return f"s {n} {'bodem' if n == 1 else 'body'}"


def points(r: Reader, n: int) -> str:
    return r.count(n, ("point", "points"), ("bod", "body", "bodů"))


def cards_list(r: Reader, cards: Sequence[str]) -> str:
    return r.join([r.pick(card_name(c)) for c in cards])


def vote_sum(r: Reader, cards: Sequence[str]) -> str:
    """What a set of citizen cards says: "3 for, 1 against and JEIN" / "no vote"."""
    yes = sum(VOTE_VALUE[c] for c in cards if c in YES_CARDS)
    no = sum(VOTE_VALUE[c] for c in cards if c in NO_CARDS)
    parts = []
    if yes:
        parts.append(f"{yes} {'for' if r.lang == 'en' else 'pro'}")
    if no:
        parts.append(f"{no} {'against' if r.lang == 'en' else 'proti'}")
    if "JEIN" in cards:
        parts.append("JEIN")
    if not parts:
        return "no vote" if r.lang == "en" else "bez hlasu"
    return r.join(parts)


def names(r: Reader, seats: Sequence[int]) -> str:
    """Players in a list, the reader as "you" / "vy"."""
    return r.join([r.name(s) for s in seats])


def tile_squares(event: Event) -> list[int]:
    start = BOARD.cell(*event["cells"][0])
    return tile_cells(start, DIRECTIONS.index(event["direction"]), event["length"])


def winners_sentence(r: Reader, result: Event, reason: bool = True) -> str:
    """Why the game ended and who won, from the final result (the ``GameEnded`` fields)."""
    ranks: list[int] = result["ranks"]
    scores: list[int] = result["scores"]
    forfeited: list[bool] = result.get("forfeited") or [False] * len(ranks)
    alive = [s for s in range(len(ranks)) if not forfeited[s]]
    parts = []
    if reason:
        if len(alive) <= 1:
            who = alive[0] if alive else 0
            parts.append(
                r.line(
                    who,
                    en=(
                        "Only you are left in the game, so the game ends.",
                        "Only {who} is left in the game, so the game ends.",
                    ),
                    cs=(
                        "Ve hře zůstáváte jen vy, a tím hra končí.",
                        "Ve hře zůstává jen {who}, a tím hra končí.",
                    ),
                )
            )
        else:
            parts.append(
                r.say(
                    "Nobody can place another tile: the game is over.",
                    "Nikdo už nemůže přiložit placku: hra končí.",
                )
            )
    winners = [s for s in range(len(ranks)) if ranks[s] == 1]
    card = _scoring_card(result, winners[0]) if winners else None
    for_card: Words = ("", "")
    if card is not None:
        for_card = (f" for {card('acc')[0]}", f" za {card('acc')[1]}")
    if len(winners) == 1 and len(alive) <= 1:
        # Won because everyone else left: the points did not decide it.
        parts.append(
            r.line(winners[0], en=("You win.", "{who} wins."), cs=("Vítězíte.", "Vítězí {who}."))
        )
    elif len(winners) == 1:
        w = winners[0]
        parts.append(
            r.line(
                w,
                en=("You win {pts}{card}.", "{who} wins {pts}{card}."),
                cs=("Vítězíte {pts}{card}.", "Vítězí {who} {pts}{card}."),
                pts=points_with(r, scores[w]),
                card=for_card,
            )
        )
    elif winners:
        parts.append(
            r.say(
                "A shared win: {names}, {pts} each.",
                "Vítězství se dělí: {names}, shodně {pts}.",
                names=names(r, winners),
                pts=(points(r, scores[winners[0]]), points_with(r, scores[winners[0]])),
            )
        )
    tied = len(alive) > 1 and any(
        scores[s] == scores[w] for w in winners for s in alive if s not in winners
    )
    if tied and result.get("tiebreak") and len(winners) == 1:
        parts[-1] = parts[-1][:-1] + r.pick(
            (
                "; the tie on points is broken by the votes left on citizen cards."
                if result["tiebreak"] == "votes_left"
                else "; the tie on points is broken by the other goal card.",
                "; rovnost bodů rozhodují hlasy na zbylých kartách občanů."
                if result["tiebreak"] == "votes_left"
                else "; rovnost bodů rozhoduje druhá karta cíle.",
            )
        )
    return " ".join(parts)


def _scoring_card(result: Event, seat: int) -> Noun | None:
    """The card a seat scored: its building (basic) or its committed goal (extended), revealed
    at the end (Konec hry; extended 6)."""
    if "chosen" in result:
        return goal_noun(result["chosen"][seat])
    buildings = result.get("buildings")
    if buildings and buildings[seat] in BUILDINGS:
        return goal_noun(buildings[seat])
    return None


# --- one function per event ----------------------------------------------------------------------


def _game_started(e: Event, r: Reader) -> str:
    n = e["players"]
    hand = e["tiles"][0]
    per_length = [
        sum(hand[k * 3 + length - 1] for k in range(len(BOARD.tile_kinds))) for length in (1, 2, 3)
    ]
    total = sum(per_length)
    if r.lang == "en":
        split = f"{per_length[2]} of three squares, {per_length[1]} of two, {per_length[0]} of one"
    else:
        split = ", ".join(
            [
                r.count(per_length[2], ("", ""), ("trojkovou", "trojkové", "trojkových")),
                r.count(per_length[1], ("", ""), ("dvojkovou", "dvojkové", "dvojkových")),
                r.count(per_length[0], ("", ""), ("jednotkovou", "jednotkové", "jednotkových")),
            ]
        )
    tiles = r.count(total, ("tile", "tiles"), ("placku", "placky", "placek"))
    if e["options"].get("extended"):
        return r.say(
            "A game for {n} players begins under the extended rules: everyone gets {tiles} face up"
            " ({split}) and two secret goal cards; outhouses are covered without a vote.",
            "Začíná hra pro {n} hráče podle rozšířených pravidel: každý dostává lícem nahoru"
            " {tiles}"
            " ({split}) a dvě tajné karty cílů; o kadibudkách se nehlasuje.",
            n=n,
            tiles=tiles,
            split=split,
        )
    return r.say(
        "A game for {n} players begins: everyone gets {tiles} face up ({split}), a secret"
        " building card and eight citizen cards for the outhouse votes.",
        "Začíná hra pro {n} hráče: každý dostává lícem nahoru {tiles} ({split}), tajnou kartu"
        " budovy a osm karet občanů na hlasování o kadibudkách.",
        n=n,
        tiles=tiles,
        split=split,
    )


def _building_dealt(e: Event, r: Reader) -> str:
    building = e.get("building")
    if building is None:  # someone else's card: only that it was dealt
        return r.line(
            e["seat"],
            en=(
                "You secretly receive a building card.",
                "{who} secretly receives a building card.",
            ),
            cs=("Tajně dostáváte kartu budovy.", "{who} tajně dostává kartu budovy."),
        )
    b = BUILDINGS[building]
    return r.line(
        e["seat"],
        en=(
            "Your secret building is the {b}: at the end you score every {b} left uncovered.",
            "{who}'s secret building is the {b}.",
        ),
        cs=(
            "Vaše tajná budova je {b}: na konci získáte body za každou nezakrytou budovu tohoto"
            " typu.",
            "{who} má tajnou budovu: {b}.",
        ),
        b=b("nom"),
    )


def _goals_dealt(e: Event, r: Reader) -> str:
    cards = e.get("cards")
    if cards is None:
        return r.line(
            e["seat"],
            en=("You secretly receive two goal cards.", "{who} secretly receives two goal cards."),
            cs=("Tajně dostáváte dvě karty cílů.", "{who} tajně dostává dvě karty cílů."),
        )
    return r.line(
        e["seat"],
        en=("Your two secret goal cards: {cards}.", "{who}'s two secret goal cards: {cards}."),
        cs=("Vaše dvě tajné karty cílů: {cards}.", "{who} má dvě tajné karty cílů: {cards}."),
        cards=r.join([r.pick(goal_noun(c)("nom")) for c in cards]),
    )


def _turn_started(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=("Your turn: place a tile.", "{who} is to place a tile."),
        cs=("Jste na tahu: přiložte placku.", "Na tahu je {who}."),
    )


def _player_skipped(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=(
            "You have no tile that fits anywhere and miss your turn.",
            "{who} has no tile that fits anywhere and misses the turn.",
        ),
        cs=(
            "Žádná z vašich placek nikam nepasuje: vynecháváte.",
            "{who} vynechává: žádná placka, kterou má, nikam nepasuje.",
        ),
    )


def _tile_placed(e: Event, r: Reader) -> str:
    route = ROUTES[e["route"]]
    cells = tile_squares(e)
    covered = [SQUARES[c].noun for c in cells if SQUARES[c].building >= 0 or SQUARES[c].outhouse]
    fields: dict[str, Any] = {
        "route": route("acc"),
        "dir": DIRECTION_TO[e["direction"]],
        "tile": TILE_BY_LENGTH[e["length"]],
    }
    if covered:
        fields["covered"] = r.join([r.pick(n("acc")) for n in covered if n is not None])
        if e.get("vote"):
            return r.line(
                e["seat"],
                en=(
                    "You extend {route} {dir} with {tile}, covering {covered}: the town votes on"
                    " whether it stays.",
                    "{who} extends {route} {dir} with {tile}, covering {covered}: the town votes"
                    " on whether it stays.",
                ),
                cs=(
                    "Prodlužujete {route} {dir} {tile} a zakrýváte {covered}: město hlasuje, zda"
                    " placka zůstane.",
                    "{who} prodlužuje {route} {dir} {tile} a zakrývá {covered}: město hlasuje,"
                    " zda placka zůstane.",
                ),
                **fields,
            )
        return r.line(
            e["seat"],
            en=(
                "You extend {route} {dir} with {tile}, covering {covered}.",
                "{who} extends {route} {dir} with {tile}, covering {covered}.",
            ),
            cs=(
                "Prodlužujete {route} {dir} {tile} a zakrýváte {covered}.",
                "{who} prodlužuje {route} {dir} {tile} a zakrývá {covered}.",
            ),
            **fields,
        )
    fields["near"] = SQUARES[cells[-1]].near
    return r.line(
        e["seat"],
        en=(
            "You extend {route} {dir} with {tile}; its builder now stands {near}.",
            "{who} extends {route} {dir} with {tile}; its builder now stands {near}.",
        ),
        cs=(
            "Prodlužujete {route} {dir} {tile}; zedník teď stojí {near}.",
            "{who} prodlužuje {route} {dir} {tile}; zedník teď stojí {near}.",
        ),
        **fields,
    )


def _vote_cast(e: Event, r: Reader) -> str:
    cards = e.get("cards")
    if cards is None:  # face down: only how many
        return r.line(
            e["seat"],
            en=("You lay {n} face down.", "{who} lays {n} face down."),
            cs=("Vykládáte lícem dolů {n}.", "{who} vykládá lícem dolů {n}."),
            n=r.count(
                e["count"],
                ("citizen card", "citizen cards"),
                ("kartu občana", "karty občanů", "karet občanů"),
            ),
        )
    return r.line(
        e["seat"],
        en=("You lay {cards} face down ({sum}).", "{who} lays {cards} face down ({sum})."),
        cs=("Vykládáte lícem dolů {cards} ({sum}).", "{who} vykládá lícem dolů {cards} ({sum})."),
        cards=cards_list(r, cards),
        sum=vote_sum(r, cards),
    )


def _votes_revealed(e: Event, r: Reader) -> str:
    cast: dict[str, list[str]] = e["cards"]
    seats = [int(s) for s in cast]
    each = "; ".join(f"{r.name(s)}: {cards_list(r, cast[str(s)])}" for s in seats)
    every = [c for s in seats for c in cast[str(s)]]
    yes = sum(VOTE_VALUE[c] for c in every if c in YES_CARDS)
    no = sum(VOTE_VALUE[c] for c in every if c in NO_CARDS)
    jein = [s for s in seats if "JEIN" in cast[str(s)]]
    if jein:
        return r.say(
            "The votes are turned up — {each}. For {yes}, against {no}; JEIN still to be"
            " declared by {jein}.",
            "Hlasy se odkrývají — {each}. Pro {yes}, proti {no}; čeká se na JEIN: {jein}.",
            each=each,
            yes=yes,
            no=no,
            jein=names(r, jein),
        )
    return r.say(
        "The votes are turned up — {each}. For {yes}, against {no}.",
        "Hlasy se odkrývají — {each}. Pro {yes}, proti {no}.",
        each=each,
        yes=yes,
        no=no,
    )


def _jein_declared(e: Event, r: Reader) -> str:
    side: Words = ("for", "pro") if e["side"] == "yes" else ("against", "proti")
    return r.line(
        e["seat"],
        en=("You declare your JEIN: 2 votes {side}.", "{who} declares the JEIN: 2 votes {side}."),
        cs=("Ohlašujete svůj JEIN: 2 hlasy {side}.", "{who} ohlašuje svůj JEIN: 2 hlasy {side}."),
        side=side,
    )


def _vote_decided(e: Event, r: Reader) -> str:
    if e["accepted"]:
        return r.say(
            "The town votes {yes} for, {no} against: the tile stays and the outhouse is gone.",
            "Město hlasuje {yes} pro, {no} proti: placka zůstává a kadibudka mizí.",
            yes=e["yes"],
            no=e["no"],
        )
    placer = e.get("placer")
    if placer is None:  # an event stored before ``placer`` was recorded
        return r.say(
            "The town votes {yes} for, {no} against: the outhouse is saved, the tile is taken"
            " back and the turn passes.",
            "Město hlasuje {yes} pro, {no} proti: kadibudka zůstává, placka se bere zpět a tah"
            " přechází na dalšího.",
            yes=e["yes"],
            no=e["no"],
        )
    # "hráč si vezme svou placku s kusem cesty zpět ... Na řadě je další hráč."
    if r.is_you(placer):
        back: Words = ("you take your tile back", "placku berete zpět")
    else:
        name = r.name(placer)
        back = (f"{name} takes the tile back", f"{name} bere placku zpět")
    return r.say(
        "The town votes {yes} for, {no} against: the outhouse is saved, {back} and the turn"
        " passes.",
        "Město hlasuje {yes} pro, {no} proti: kadibudka zůstává, {back} a tah přechází na dalšího.",
        yes=e["yes"],
        no=e["no"],
        back=back,
    )


def _builder_removed(e: Event, r: Reader) -> str:
    route = ROUTES[e["route"]]
    return r.say(
        "{route} is closed in: its builder leaves the board and no tile can extend it any more.",
        "Zedník {route} opouští plán: trasa už nemá kudy pokračovat.",
        route=(route.en, route.gen),
    )


def _goal_choice_started(e: Event, r: Reader) -> str:
    route = ROUTES[e["route"]]
    return r.say(
        "{route} can no longer be extended: everyone now secretly picks which of their two goal"
        " cards counts at the end.",
        "{route} už nelze prodloužit: všichni teď tajně volí, která ze dvou karet cílů bude na"
        " konci platit.",
        route=route("acc"),
    )


def _goal_chosen(e: Event, r: Reader) -> str:
    card = e.get("card")
    if card is None:
        return r.line(
            e["seat"],
            en=("You secretly commit your goal.", "{who} secretly commits a goal."),
            cs=("Tajně volíte svůj cíl.", "{who} tajně volí svůj cíl."),
        )
    return r.line(
        e["seat"],
        en=(
            "You commit your goal: {card}; the other card only breaks a tie.",
            "{who} commits the goal: {card}.",
        ),
        cs=(
            "Volíte svůj cíl: {card}; druhá karta rozhoduje jen při rovnosti bodů.",
            "{who} volí svůj cíl: {card}.",
        ),
        card=goal_noun(card)("nom"),
    )


def _player_forfeited(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=(
            "You leave the game: your tiles go back to the box and you rank last.",
            "{who} leaves the game: their tiles go back to the box and they rank last.",
        ),
        cs=(
            "Opouštíte hru: vaše placky jdou do krabice a končíte poslední.",
            "{who} opouští hru: placky jdou do krabice a v pořadí končí poslední.",
        ),
    )


def _game_ended(e: Event, r: Reader) -> str:
    return winners_sentence(r, e)


NARRATE: dict[str, Callable[[Event, Reader], str | None]] = {
    "GameStarted": _game_started,
    "BuildingDealt": _building_dealt,
    "GoalsDealt": _goals_dealt,
    "TurnStarted": _turn_started,
    "PlayerSkipped": _player_skipped,
    "TilePlaced": _tile_placed,
    "VoteCast": _vote_cast,
    "VotesRevealed": _votes_revealed,
    "JeinDeclared": _jein_declared,
    "VoteDecided": _vote_decided,
    "BuilderRemoved": _builder_removed,
    "GoalChoiceStarted": _goal_choice_started,
    "GoalChosen": _goal_chosen,
    "PlayerForfeited": _player_forfeited,
    "GameEnded": _game_ended,
}


def narrate(event: Event, reader: Reader) -> str | None:
    """The event's line as ``reader`` may see it (``event`` is already redacted for them)."""
    line = NARRATE.get(event["type"])
    return line(event, reader) if line else None
