"""One log line per event, as the reader may see it (games/WORDS.md): the reader is "you", the
others by name, things and places by ``words.py``; Czech in the present tense.

``narrate`` reads only the (already redacted) event and the tables built at import: it runs for
every event, for every viewer, on every request.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from games.base import Event
from games.java import events as ev
from games.java.words import (
    CARDS,
    PALACE_WORDS,
    TILE_WORDS,
    action_points,
    cost_words,
    lake_words,
    place_of,
    points,
)
from games.narration import Reader, Words


def clause(r: Reader, seat: int, en: Words, cs: Words, **fields: Any) -> str:
    """A clause inside a sentence (not capitalised): ``en``/``cs`` are (you form, other form)."""
    you_form, other_form = en if r.lang == "en" else cs
    template = you_form if r.is_you(seat) else other_form
    values = {k: r.pick(v) if isinstance(v, tuple) else v for k, v in fields.items()}
    return template.format(who=r.name(seat), **values)


def names(r: Reader, seats: list[int]) -> str:
    return r.join([r.name(s) for s in seats])


def _setup(e: Event, r: Reader) -> str:
    n = e["players"]
    first = r.line(
        0,
        (
            "The game begins with {n} players; you have the first turn.",
            "The game begins with {n} players; {who} has the first turn.",
        ),
        (
            "Začíná hra pro {n} hráče; první tah máte vy.",
            "Začíná hra pro {n} hráče; první tah má {who}.",
        ),
        n=n,
    )
    open_card = CARDS[e["open"]].shows if e["open"] is not None else None
    hand = e["hands"][r.viewer] if r.viewer is not None and r.viewer < len(e["hands"]) else []
    if hand:
        shown = r.join(
            [
                f"{n}× {card}" if n > 1 else card
                for card, n in Counter(CARDS[c].short for c in hand).items()
            ]
        )
        second = r.say(
            "Your secret festival cards: {cards}; the open card {open}.",
            "Vaše tajné slavnostní karty: {cards}; odkrytá karta {open}.",
            cards=shown,
            open=open_card,
        )
    else:
        second = r.say(
            "Everyone holds {cards} secret festival cards; the open card {open}.",
            "Každý drží {cards} tajné slavnostní karty; odkrytá karta {open}.",
            cards=len(e["hands"][0]) if not e.get("hand_sizes") else e["hand_sizes"][0],
            open=open_card,
        )
    return f"{first} {second}"


def _token(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "You use an action token: one more action point this turn.",
            "{who} uses an action token: one more action point this turn.",
        ),
        (
            "Používáte akční žeton: v tomto tahu máte o akční bod víc.",
            "{who} používá akční žeton: v tomto tahu má o akční bod víc.",
        ),
    )


def _land(e: Event, r: Reader) -> str:
    line = _land_laid(e, r)
    if not e.get("last_three"):  # not the last one, or an event stored before the field
        return line
    # "Hráč, který položí na plán poslední díl o třech polích ze společné zásoby, provede ihned
    # po svém tahu závěrečné bodování. Po něm ještě provedou svůj poslední tah ... ostatní hráči"
    final = r.line(
        e["seat"],
        (
            "It is the last three-space land tile: you score the final scoring right after this "
            "turn, and everyone else has one last turn.",
            "It is the last three-space land tile: {who} scores the final scoring right after "
            "this turn, and everyone else has one last turn.",
        ),
        (
            "Je to poslední trojdílné území: hned po tomto tahu provádíte závěrečné bodování "
            "a ostatní hráči mají ještě po jednom posledním tahu.",
            "Je to poslední trojdílné území: hned po tomto tahu provádí {who} závěrečné "
            "bodování a ostatní hráči mají ještě po jednom posledním tahu.",
        ),
    )
    return f"{line} {final}"


def _land_laid(e: Event, r: Reader) -> str:
    kind = e["tile"]
    village = e["village"]
    anchor = place_of(village[0] if village else e["rice"][0])
    cost = e["cost"]
    over = cost - 1  # 1 AP a tile, +1 per space overhanging the grid on the ground
    price = action_points(r, cost)
    if over:
        price += r.pick(
            (
                f" ({over} of its spaces overhang the grid)"
                if over > 1
                else " (one of its spaces overhangs the grid)",
                f" ({over} pole přečnívají přes okraj)"
                if over > 1
                else " (jedno pole přečnívá přes okraj)",
            )
        )
    fields = {"tile": TILE_WORDS[kind], "level": e["level"], "price": price}
    if village and kind != "village":
        return r.line(
            e["seat"],
            (
                "You lay a {tile} at level {level}, its village {at}, for {price}.",
                "{who} lays a {tile} at level {level}, its village {at}, for {price}.",
            ),
            (
                "Pokládáte {tile} do {level}. patra, vesnicí {to}, za {price}.",
                "{who} pokládá {tile} do {level}. patra, vesnicí {to}, za {price}.",
            ),
            at=f"on {anchor.en}",
            to=anchor.cs_to,
            **fields,
        )
    return r.line(
        e["seat"],
        (
            "You lay a {tile} at level {level} on {at} for {price}.",
            "{who} lays a {tile} at level {level} on {at} for {price}.",
        ),
        (
            "Pokládáte {tile} do {level}. patra {to} za {price}.",
            "{who} pokládá {tile} do {level}. patra {to} za {price}.",
        ),
        at=anchor.en,
        to=anchor.cs_to,
        **fields,
    )


def _water(e: Event, r: Reader) -> str:
    at = place_of(e["cell"])
    return r.line(
        e["seat"],
        (
            "You lay a water tile on {at} for {price}.",
            "{who} lays a water tile on {at} for {price}.",
        ),
        (
            "Zakládáte vodní nádrž {at_cs} za {price}.",
            "{who} zakládá vodní nádrž {at_cs} za {price}.",
        ),
        at=at.en,
        at_cs=at.cs_at,
        price=action_points(r, e["cost"]),
    )


def _lake(e: Event, r: Reader) -> str:
    lake = lake_words(e["cells"])
    winner = e["seat"]
    if winner is None:
        result = r.pick(
            (
                "no one stands alone highest on its shore, so nobody scores",
                "na břehu nikdo nestojí jednoznačně nejvýše, body nezískává nikdo",
            )
        )
    else:
        result = clause(
            r,
            winner,
            (
                "you stand highest on its shore and score {pts}",
                "{who} stands highest on its shore and scores {pts}",
            ),
            (
                "nejvýše na břehu stojíte vy a získáváte {pts}",
                "nejvýše na břehu stojí {who} a získává {pts}",
            ),
            pts=points(r, e["points"]),
        )
    return r.line(
        e["by"],
        (
            "You enclose {lake}: {result}.",
            "{who} encloses {lake}: {result}.",
        ),
        (
            "Obklopujete krajinou {lake_cs}: {result}.",
            "{who} obklopuje krajinou {lake_cs}: {result}.",
        ),
        lake=lake.en,
        lake_cs=lake.cs_acc,
        result=result,
    )


def _enter(e: Event, r: Reader) -> str:
    to = place_of(e["to"])
    return r.line(
        e["seat"],
        (
            "You bring a developer onto the island at {to} {cost}.",
            "{who} brings a developer onto the island at {to} {cost}.",
        ),
        (
            "Nasazujete figurku {to_cs} {cost}.",
            "{who} nasazuje figurku {to_cs} {cost}.",
        ),
        to=to.en,
        to_cs=to.cs_to,
        cost=cost_words(r, e["cost"]),
    )


def _move(e: Event, r: Reader) -> str:
    frm, to = place_of(e["from"]), place_of(e["to"])
    return r.line(
        e["seat"],
        (
            "You move a developer from {frm} to {to} {cost}.",
            "{who} moves a developer from {frm} to {to} {cost}.",
        ),
        (
            "Přesouváte figurku {frm_cs} {to_cs} {cost}.",
            "{who} přesouvá figurku {frm_cs} {to_cs} {cost}.",
        ),
        frm=frm.en,
        to=to.en,
        frm_cs=frm.cs_from,
        to_cs=to.cs_to,
        cost=cost_words(r, e["cost"]),
    )


def _remove(e: Event, r: Reader) -> str:
    frm = place_of(e["from"])
    return r.line(
        e["seat"],
        (
            "You take a developer off the island from {frm} {cost}.",
            "{who} takes a developer off the island from {frm} {cost}.",
        ),
        (
            "Stahujete z ostrova figurku {frm_cs} {cost}.",
            "{who} stahuje z ostrova figurku {frm_cs} {cost}.",
        ),
        frm=frm.en,
        frm_cs=frm.cs_from,
        cost=cost_words(r, e["cost"]),
    )


def _palace_built(e: Event, r: Reader) -> str:
    at = place_of(e["cell"])
    return r.line(
        e["seat"],
        (
            "You build a {palace} on {at} and score {pts}: the village is now a city.",
            "{who} builds a {palace} on {at} and scores {pts}: the village is now a city.",
        ),
        (
            "Stavíte {palace} {at_cs} a získáváte {pts}: z vesnice je město.",
            "{who} staví {palace} {at_cs} a získává {pts}: z vesnice je město.",
        ),
        palace=PALACE_WORDS[e["value"]],
        at=at.en,
        at_cs=at.cs_at,
        pts=points(r, e["points"]),
    )


def _palace_enlarged(e: Event, r: Reader) -> str:
    at = place_of(e["cell"])
    return r.line(
        e["seat"],
        (
            "You enlarge the palace on {at} to value {value} and score {pts}.",
            "{who} enlarges the palace on {at} to value {value} and scores {pts}.",
        ),
        (
            "Rozšiřujete palác {at_cs} na hodnotu {value} a získáváte {pts}.",
            "{who} rozšiřuje palác {at_cs} na hodnotu {value} a získává {pts}.",
        ),
        at=at.en,
        at_cs=at.cs_at,
        value=e["value"],
        pts=points(r, e["points"]),
    )


def _card_taken(e: Event, r: Reader) -> str:
    seat = e["seat"]
    if e["source"] == "open":
        card = CARDS[e["card"]]
        took = r.line(
            seat,
            (
                "You take the open festival card {card}",
                "{who} takes the open festival card {card}",
            ),
            (
                "Berete odkrytou slavnostní kartu {card}",
                "{who} bere odkrytou slavnostní kartu {card}",
            ),
            card=card.with_,
        )
        after = e.get("open")
        if after is None:
            return took + "."
        return took + r.say(
            "; the new open card {shows}.",
            "; nová odkrytá karta {shows}.",
            shows=CARDS[after].shows,
        )
    card_name = e.get("card")
    if card_name is None:  # drawn by someone else: which card stays hidden
        return r.line(
            seat,
            (
                "You draw a festival card from the deck.",
                "{who} draws a festival card from the deck.",
            ),
            ("Dobíráte z balíku slavnostní kartu.", "{who} dobírá z balíku slavnostní kartu."),
        )
    return r.line(
        seat,
        (
            "You draw a festival card from the deck: the card {card}.",
            "{who} draws a festival card from the deck: the card {card}.",
        ),
        (
            "Dobíráte z balíku slavnostní kartu {card}.",
            "{who} dobírá z balíku slavnostní kartu {card}.",
        ),
        card=CARDS[card_name].with_,
    )


def _reshuffled(e: Event, r: Reader) -> str:
    return r.say(
        "The deck is empty: the discard pile ({cards}) is shuffled into a new deck.",
        "Balík je prázdný: odkládací balíček ({cards}) se zamíchá a je z něj nový balík.",
        cards=r.count(e["count"], ("card", "cards"), ("karta", "karty", "karet")),
    )


def _revealed(e: Event, r: Reader) -> str:
    return r.say(
        "A new open festival card is turned up: it {shows}.",
        "Otáčí se nová odkrytá slavnostní karta: {shows}.",
        shows=CARDS[e["card"]].shows,
    )


def _festival_called(e: Event, r: Reader) -> str:
    at = place_of(e["cell"])
    bidders = e["bidders"]
    seat = e["seat"]
    if len(bidders) <= 1:
        rest = clause(
            r,
            seat,
            (
                "no one else has a developer in the city, so only you bid",
                "no one else has a developer in the city, so only {who} bids",
            ),
            (
                "nikdo jiný nemá ve městě figurku, přihazujete jen vy",
                "nikdo jiný nemá ve městě figurku, přihazuje jen {who}",
            ),
        )
    else:
        rest = r.pick(("bidding order: ", "pořadí v dražbě: ")) + ", ".join(
            r.name(s) for s in bidders
        )
    return r.line(
        seat,
        (
            "You hold a festival in the palace on {at}; {rest}.",
            "{who} holds a festival in the palace on {at}; {rest}.",
        ),
        (
            "Pořádáte slavnost v paláci {at_cs}; {rest}.",
            "{who} pořádá slavnost v paláci {at_cs}; {rest}.",
        ),
        at=at.en,
        at_cs=at.cs_at,
        rest=rest,
    )


def _card_bid(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        ("You lay the festival card {card}.", "{who} lays the festival card {card}."),
        ("Vykládáte slavnostní kartu {card}.", "{who} vykládá slavnostní kartu {card}."),
        card=CARDS[e["card"]].with_,
    )


def _bid_finished(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "You stop laying cards for this round of the auction.",
            "{who} stops laying cards for this round of the auction.",
        ),
        (
            "V tomto kole dražby už kartu nevykládáte.",
            "{who} v tomto kole dražby už kartu nevykládá.",
        ),
    )


def _bid_passed(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "You pass and leave the festival auction.",
            "{who} passes and leaves the festival auction.",
        ),
        (
            "Pasujete a z dražby o slavnost odstupujete.",
            "{who} pasuje a z dražby o slavnost odstupuje.",
        ),
    )


def symbols_line(r: Reader, bidders: list[int], symbols: list[int]) -> str:
    """ "alice 3, you 2, Bob 0" (matching symbols per bidder)."""
    return ", ".join(f"{r.name(s)} {n}" for s, n in zip(bidders, symbols, strict=True))


def festival_result(r: Reader, winners: list[int], pts: list[int], value: int) -> str:
    """Who won the festival and what it brought, one sentence."""
    if not winners:
        return r.say("Nobody wins.", "Nikdo nevyhrává.")
    if len(winners) == 1:
        w = winners[0]
        return r.line(
            w,
            ("You win and score {pts}.", "{who} wins and scores {pts}."),
            ("Vyhráváte a získáváte {pts}.", "{who} vyhrává a získává {pts}."),
            pts=points(r, pts[w]),
        )
    share = pts[winners[0]]
    who = names(r, winners)
    if share == 0:
        return r.say(
            "Tied for the most symbols ({who}): a palace of value {value} gives tied winners no "
            "points.",
            "Shoda v počtu symbolů ({who}): palác s hodnotou {value} při shodě nedává žádné body.",
            who=who,
            value=value,
        )
    return r.say(
        "Tied for the most symbols ({who}): each scores {pts}.",
        "Shoda v počtu symbolů ({who}): každý získává {pts}.",
        who=who,
        pts=points(r, share),
    )


def _festival_resolved(e: Event, r: Reader) -> str:
    at = place_of(e["cell"])
    first = r.say(
        "Festival in the {palace} on {at}, matching symbols: {counts}.",
        "Slavnost v paláci s hodnotou {value} {at_cs}, odpovídající symboly: {counts}.",
        palace=PALACE_WORDS[e["value"]],
        value=e["value"],
        at=at.en,
        at_cs=at.cs_at,
        counts=symbols_line(r, e["bidders"], e["symbols"]),
    )
    return f"{first} {festival_result(r, e['winners'], e['points'], e['value'])}"


def _island_completed(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "Nobody could lay a land tile for a whole round, so the island is complete: you score "
            "your final scoring now, and everyone else has one last turn.",
            "Nobody could lay a land tile for a whole round, so the island is complete: {who} "
            "scores the final scoring now, and everyone else has one last turn.",
        ),
        (
            "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový: hned provádíte "
            "závěrečné bodování a ostatní mají ještě jeden poslední tah.",
            "Celé kolo nikdo nemohl položit díl krajiny, ostrov je tedy hotový: {who} hned provádí "
            "závěrečné bodování a ostatní mají ještě jeden poslední tah.",
        ),
    )


def city_list(r: Reader, values: list[int]) -> str:
    """ "the cities of palaces 10 and 6" / "ve městech s paláci 10 a 6"."""
    vals = r.join([str(v) for v in sorted(values, reverse=True)])
    if len(values) == 1:
        return r.pick((f"the city of the palace {vals}", f"ve městě s palácem {vals}"))
    return r.pick((f"the cities of the palaces {vals}", f"ve městech s paláci {vals}"))


def final_parts(r: Reader, cities: list[dict[str, Any]]) -> str:
    """ "first in the city of the palace 10, second in the cities of the palaces 6 and 4"."""
    first = [c["value"] for c in cities if c["place"] == 1]
    second = [c["value"] for c in cities if c["place"] == 2]
    parts = []
    if first:
        parts.append(r.pick(("first in ", "1. místo ")) + city_list(r, first))
    if second:
        parts.append(r.pick(("second in ", "2. místo ")) + city_list(r, second))
    return ", ".join(parts)


def _final_scored(e: Event, r: Reader) -> str:
    seat = e["seat"]
    if not e["cities"]:
        return r.line(
            seat,
            (
                "Your final scoring: no points (you are first or second in no city).",
                "{who}'s final scoring: no points (first or second in no city).",
            ),
            (
                "V závěrečném bodování nezískáváte nic: v žádném městě nemáte 1. ani 2. místo.",
                "{who} v závěrečném bodování nezískává nic: v žádném městě nemá 1. ani 2. místo.",
            ),
        )
    return r.line(
        seat,
        (
            "Your final scoring: {pts}, {parts}.",
            "{who}'s final scoring: {pts}, {parts}.",
        ),
        (
            "V závěrečném bodování získáváte {pts}: {parts}.",
            "{who} v závěrečném bodování získává {pts}: {parts}.",
        ),
        pts=points(r, e["points"]),
        parts=final_parts(r, e["cities"]),
    )


def _turn_ended(e: Event, r: Reader) -> str:
    seat, nxt = e["seat"], e["next"]
    if nxt is None:
        next_words = r.pick(("that was the last turn", "to byl poslední tah"))
    else:
        next_words = clause(
            r,
            nxt,
            ("it is your turn", "{who} is next"),
            ("jste na tahu", "na tahu je {who}"),
        )
    if e["stalled"]:
        return r.line(
            seat,
            (
                "You end the turn without land, as no land tile fits anywhere; {next}.",
                "{who} ends the turn without land, as no land tile fits anywhere; {next}.",
            ),
            (
                "Končíte tah bez krajiny, žádný díl se nikam nevejde; {next}.",
                "{who} končí tah bez krajiny, žádný díl se nikam nevejde; {next}.",
            ),
            next=next_words,
        )
    return r.line(
        seat,
        ("You end the turn; {next}.", "{who} ends the turn; {next}."),
        ("Končíte tah; {next}.", "{who} končí tah; {next}."),
        next=next_words,
    )


def _forfeited(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        (
            "You leave the game: your developers leave the island and your festival cards are "
            "discarded face up.",
            "{who} leaves the game: their developers leave the island and their festival cards "
            "are discarded face up.",
        ),
        (
            "Vzdáváte hru: vaše figurky opouštějí ostrov a vaše slavnostní karty jdou lícem "
            "nahoru na odkládací balíček.",
            "{who} vzdává hru: všechny své figurky stahuje z ostrova a své slavnostní karty "
            "odkládá lícem nahoru.",
        ),
    )


def _game_ended(e: Event, r: Reader) -> str:
    scores = e["scores"]
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    table = ", ".join(f"{r.name(s)} {scores[s]}" for s in order)
    return r.say("The game is over. Points: {table}.", "Hra končí. Body: {table}.", table=table)


NARRATORS: dict[str, Callable[[Event, Reader], str]] = {
    ev.GAME_SET_UP: _setup,
    ev.TOKEN_USED: _token,
    ev.LAND_LAID: _land,
    ev.WATER_LAID: _water,
    ev.LAKE_SCORED: _lake,
    ev.FIGURE_ENTERED: _enter,
    ev.FIGURE_MOVED: _move,
    ev.FIGURE_REMOVED: _remove,
    ev.PALACE_BUILT: _palace_built,
    ev.PALACE_ENLARGED: _palace_enlarged,
    ev.CARD_TAKEN: _card_taken,
    ev.DECK_RESHUFFLED: _reshuffled,
    ev.OPEN_CARD_REVEALED: _revealed,
    ev.FESTIVAL_CALLED: _festival_called,
    ev.CARD_BID: _card_bid,
    ev.BID_FINISHED: _bid_finished,
    ev.BID_PASSED: _bid_passed,
    ev.FESTIVAL_RESOLVED: _festival_resolved,
    ev.ISLAND_COMPLETED: _island_completed,
    ev.FINAL_SCORED: _final_scored,
    ev.TURN_ENDED: _turn_ended,
    ev.PLAYER_FORFEITED: _forfeited,
    ev.GAME_ENDED: _game_ended,
}


def narrate(event: Event, reader: Reader) -> str | None:
    """The event's line for ``reader`` (``event`` is already redacted for them)."""
    handler = NARRATORS.get(event["type"])
    return handler(event, reader) if handler is not None else None
