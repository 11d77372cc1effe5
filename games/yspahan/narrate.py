"""The match log in players' words (games/WORDS.md): one line per event, as the reader may see it.

``narrate`` gets the event already redacted for the reader (views.redact): a card drawn by
another seat arrives without its ``card``, a shuffle without the deck's order. Nothing here looks
at a state; every name comes from the tables of ``words.py``, built at import.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.base import Event
from games.narration import Reader, Words
from games.yspahan import data as D
from games.yspahan import words as W
from games.yspahan.events import tower_rows

# ----------------------------------------------------------------------------- small phrases


def _n(r: Reader, n: int, noun: W.Noun) -> str:
    return r.count(n, *noun)


def _gain(r: Reader, n: int, noun: W.Noun) -> str:
    """ "+3 camels" / "+3 velbloudi"; none at all: "no points" / "žádné body"."""
    if n == 0:
        return r.pick((f"no {noun[0][1]}", f"žádné {noun[1][1]}"))
    return f"+{_n(r, n, noun)}"


def _souk_of(shop: int) -> Words:
    return W.SOUK[D.SHOP_SOUK[shop]]


def _souk_gen(shop: int) -> str:
    return W.SOUK_CS_GEN[D.SHOP_SOUK[shop]]


def _card(card: str) -> Words:
    en, cs = W.CARD[card]
    return (f"“{en}”", f"„{cs}“")


def _names(r: Reader, seats: Sequence[int]) -> str:
    """Players in a list, the reader as "you" / "vy" (a list after a colon keeps the nominative)."""
    return r.join([r.name(seat) for seat in seats])


def _scores(r: Reader, points: Sequence[int], seats: Sequence[int] | None = None) -> str:
    """ "alice 9 points, you 4 points" over ``seats`` (all with points when not given)."""
    chosen = [s for s in range(len(points)) if points[s]] if seats is None else list(seats)
    return ", ".join(f"{r.name(s)} {_n(r, points[s], W.POINTS)}" for s in chosen)


# English digits as words for the dice ("two 6s"); never more than 12 dice of a value.
_EN_COUNT: tuple[str, ...] = ("no", "one", "two", "three", "four", "five", "six", "seven")
_EN_COUNT += ("eight", "nine", "ten", "eleven", "twelve")
_CS_FACE = {
    1: ("jednička", "jedničky", "jedniček"),
    2: ("dvojka", "dvojky", "dvojek"),
    3: ("trojka", "trojky", "trojek"),
    4: ("čtyřka", "čtyřky", "čtyřek"),
    5: ("pětka", "pětky", "pětek"),
    6: ("šestka", "šestky", "šestek"),
}


def _dice(r: Reader, count: int, value: int, yellow: int) -> str:
    if r.lang == "en":
        text = f"{_EN_COUNT[count]} {value}{'s' if count > 1 else ''}"
        if yellow:
            if yellow == count:
                text += " (yellow)" if count == 1 else " (all yellow)"
            else:
                text += f" ({_EN_COUNT[yellow]} yellow)"
        return text
    text = r.count(count, ("", ""), _CS_FACE[value])
    if yellow == count:
        text += " (žlutá)" if count == 1 else " (všechny žluté)"
    elif yellow:
        text += f" (z toho {yellow} {'žlutá' if yellow == 1 else 'žluté'})"
    return text


# What each tower row's dice are "for": the English label, the Czech accusative after "na".
_ROW_FOR: tuple[Words, ...] = (
    ("camels", "velbloudy"),
    ("bags", "pytle"),
    ("barrels", "sudy"),
    ("chests", "truhly"),
    ("vases", "vázy"),
    ("gold", "peníze"),
)


def _tower(r: Reader, white: list[int], yellow: list[int]) -> str:
    """ "one 1 for camels, three 4s for barrels" / "1 jednička na velbloudy, 3 čtyřky na sudy"."""
    parts = []
    for row, (value, w, y) in enumerate(tower_rows(white, yellow)):
        if w + y:
            dice = _dice(r, w + y, value, y)
            parts.append(
                r.pick((f"{dice} for {_ROW_FOR[row][0]}", f"{dice} na {_ROW_FOR[row][1]}"))
            )
    return r.join(parts)


# ----------------------------------------------------------------------------- the events


def _game_started(e: Event, r: Reader) -> str:
    n = e["n_players"]
    text = r.line(
        e["first"],
        en=(
            "Yspahan begins for {n} players: 3 weeks of 7 days; you start the first day.",
            "Yspahan begins for {n} players: 3 weeks of 7 days; {who} starts the first day.",
        ),
        cs=(
            "Začíná Yspahan pro {n} hráče: 3 týdny po 7 dnech; první den začínáte vy.",
            "Začíná Yspahan pro {n} hráče: 3 týdny po 7 dnech; první den začíná {who}.",
        ),
        n=n,
    )
    if n == 2 and e["options"].get("two_player_rules", "published") == "published":
        text += " " + r.say(
            "With two, each day's first player takes the first and the third turn.",
            "Ve dvou hraje počáteční hráč každého dne první a třetí tah.",
        )
    return text


def _deck_shuffled(e: Event, r: Reader) -> str:
    count = e["count"]
    if count == D.N_CARD_TYPES * D.COPIES_PER_CARD:
        return r.say(
            "All {n} cards are shuffled face down into the deck.",
            "Všech {n} karet se zamíchá lícem dolů do balíčku.",
            n=count,
        )
    return r.say(
        "The deck is empty: the played cards are shuffled into a new deck of {cards}.",
        "Balíček došel: zahrané karty se zamíchají do nového balíčku ({cards}).",
        cards=_n(r, count, W.CARDS_NOM),
    )


def _dice_rolled(e: Event, r: Reader) -> str:
    bought = e["yellow_bought"]
    tower = _tower(r, e["white"], e["yellow"])
    if not bought:
        return r.line(
            e["seat"],
            en=("You roll: {tower}.", "{who} rolls: {tower}."),
            cs=("Házíte: {tower}.", "{who} hází: {tower}."),
            tower=tower,
        )
    return r.line(
        e["seat"],
        en=(
            "You buy {dice} for {gold} and roll: {tower}.",
            "{who} buys {dice} for {gold} and rolls: {tower}.",
        ),
        cs=(
            "Kupujete {dice} za {gold} a házíte: {tower}.",
            "{who} kupuje {dice} za {gold} a hází: {tower}.",
        ),
        dice=_n(r, bought, W.DICE_ACC),
        gold=_n(r, bought, W.GOLD),
        tower=tower,
    )


def _card_played(e: Event, r: Reader) -> str:
    card, amount = e["card"], e.get("amount", 0)
    fields: dict[str, object] = {"card": _card(card)}
    # (English you, English other, Czech you, Czech other) after "You play {card}" and co.
    tail: tuple[str, str, str, str]
    if card in ("3_camels", "3_gold"):
        fields["gain"] = _gain(r, 3, W.CAMELS_NOM if card == "3_camels" else W.GOLD)
        tail = (": {gain}.",) * 4
    elif card == "cube_to_caravan":
        tail = (
            ": a cube from your supply joins the caravan.",
            ": a cube from supply joins the caravan.",
            ": kostička z vaší zásoby jde do karavany.",
            ": kostička ze zásoby jde do karavany.",
        )
    elif card == "cube_to_souk":
        fields["souk"] = (_souk_of(e["shop"])[0], _souk_gen(e["shop"]))
        tail = (
            " and put a cube in the {souk}.",
            " and puts a cube in the {souk}.",
            " a nasazujete kostičku do {souk}.",
            " a nasazuje kostičku do {souk}.",
        )
    elif card in ("swap_camels_gold", "gold_to_vp", "camels_to_vp"):
        if card == "swap_camels_gold" and amount > 0:
            give, take = _n(r, amount, W.GOLD), _n(r, amount, W.CAMELS_ACC)
        elif card == "swap_camels_gold":
            give, take = _n(r, -amount, W.CAMELS_ACC), _n(r, -amount, W.GOLD)
        elif card == "gold_to_vp":
            give, take = _n(r, amount, W.GOLD), _n(r, amount, W.POINTS)
        else:
            give, take = _n(r, amount, W.CAMELS_ACC), _n(r, 2 * amount, W.POINTS)
        fields["give"], fields["take"] = give, take
        tail = (": {give} for {take}.",) * 2 + (": {give} za {take}.",) * 2
    elif card == "build_no_camels":
        tail = (": the building costs no camels.",) * 2 + (": budova nestojí žádné velbloudy.",) * 2
    else:  # build_no_gold
        tail = (": the building costs no gold.",) * 2 + (": budova nestojí žádné peníze.",) * 2
    return r.line(
        e["seat"],
        en=("You play {card}" + tail[0], "{who} plays {card}" + tail[1]),
        cs=("Hrajete kartu {card}" + tail[2], "{who} hraje kartu {card}" + tail[3]),
        **fields,
    )


def _bonus_card_discarded(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=(
            "You discard {card} to raise your row action by 1.",
            "{who} discards {card} to raise the row action by 1.",
        ),
        cs=(
            "Odhazujete kartu {card} a zvyšujete hodnotu akce řádku o 1.",
            "{who} odhazuje kartu {card} a zvyšuje hodnotu akce řádku o 1.",
        ),
        card=_card(e["card"]),
    )


def _inspected(r: Reader, to: int, owners: Sequence[int]) -> str:
    """Whose cubes the supervisor inspects where it stopped: "yours and Bob's" / "vaše a hráče
    Bob" (a name keeps the nominative after "hráče"). One shop beside the space: one cube."""
    one = len(D.CELL_SHOPS[to]) == 1
    owners = sorted(owners, key=lambda seat: not r.is_you(seat))
    if r.lang == "en":
        whose = r.join(["yours" if r.is_you(o) else f"{r.name(o)}'s" for o in owners])
        return f"It inspects the {'cube' if one else 'cubes'} beside it: {whose}."
    others = [r.name(o) for o in owners if not r.is_you(o)]
    parts = [("vaši" if one else "vaše")] if len(others) < len(owners) else []
    if others:
        parts.append(f"{'hráče' if len(others) == 1 else 'hráčů'} {r.join(others)}")
    whose = " a ".join(parts)
    return f"Dozorce kontroluje {'kostičku' if one else 'kostičky'} vedle sebe: {whose}."


def _supervisor_moved(e: Event, r: Reader) -> str:
    cost = e["cost"]
    en = (
        "You use the {row} to move the supervisor {steps} to the {space}",
        "{who} uses the {row} to move the supervisor {steps} to the {space}",
    )
    cs = (
        "Využíváte {row} a posouváte dozorce o {steps} na {space}",
        "{who} využívá {row} a posouvá dozorce o {steps} na {space}",
    )
    if cost:
        en = (en[0] + ", paying {gold}.", en[1] + ", paying {gold}.")
        cs = (cs[0] + "; platíte za to {gold}.", cs[1] + "; platí za to {gold}.")
    else:
        en = (en[0] + ".", en[1] + ".")
        cs = (cs[0] + ".", cs[1] + ".")
    text = r.line(
        e["seat"],
        en=en,
        cs=cs,
        row=W.ROW[e["row"]],
        steps=_n(r, e["distance"], W.SPACES),
        space=(W.SPACE[e["to"]][0], W.SPACE_CS_ACC[e["to"]]),
        gold=_n(r, cost, W.GOLD),
    )
    if not e["affected"]:
        return text + " " + r.say("No cube stands beside it.", "Vedle něj žádná kostička není.")
    return text + " " + _inspected(r, e["to"], e["affected"])


def _inspection_chosen(e: Event, r: Reader) -> str:
    mover, owner = e["seat"], e["owner"]
    if r.is_you(owner):
        decide = r.pick(
            (
                "send it to the caravan, or pay 1 camel to send one from your supply instead.",
                "do karavany pošlete buď ji, nebo za 1 velblouda kostičku ze své zásoby.",
            )
        )
    else:
        # A name keeps its own case: fill with "{who}" at the start.
        decide = r.fill(
            r.pick(
                (
                    "{who} sends it to the caravan, or pays 1 camel to send one from supply "
                    "instead.",
                    "{who} rozhoduje, zda do karavany půjde ona, nebo za 1 velblouda kostička ze "
                    "zásoby.",
                )
            ),
            who=r.name(owner),
        )
    if owner == mover:
        en = (
            "You inspect your own cube in the {souk} next: {decide}",
            "{who} inspects their own cube in the {souk} next: {decide}",
        )
        cs = (
            "Dále kontrolujete svou kostičku v {souk}: {decide}",
            "{who} dále kontroluje svou kostičku v {souk}: {decide}",
        )
    elif r.is_you(owner):  # the reader owns the cube and someone else moved
        en = ("", "{who} inspects your cube in the {souk} next: {decide}")
        cs = ("", "{who} dále kontroluje vaši kostičku v {souk}: {decide}")
    else:
        en = (
            "You inspect {owner}'s cube in the {souk} next: {decide}",
            "{who} inspects {owner}'s cube in the {souk} next: {decide}",
        )
        cs = (
            "Dále kontrolujete kostičku hráče {owner} v {souk}: {decide}",
            "{who} dále kontroluje kostičku hráče {owner} v {souk}: {decide}",
        )
    return r.line(
        mover,
        en=en,
        cs=cs,
        souk=(_souk_of(e["shop"])[0], _souk_gen(e["shop"])),
        decide=decide,
        owner=r.name(owner),
    )


def _cube_entered_caravan(e: Event, r: Reader) -> str:
    seat, source, section = e["seat"], e["source"], e["section"]
    fields: dict[str, object] = {"section": section, "gain": _gain(r, e["points"], W.POINTS)}
    if source == "shop":
        fields["souk"] = (_souk_of(e["shop"])[0], _souk_gen(e["shop"]))
        en = (
            "Your cube from the {souk} joins the caravan in section {section}: {gain}.",
            "{who}'s cube from the {souk} joins the caravan in section {section}: {gain}.",
        )
        cs = (
            "Vaše kostička z {souk} jde do {section}. sekce karavany: {gain}.",
            "Kostička hráče {who} z {souk} jde do {section}. sekce karavany: {gain}.",
        )
    elif source == "supply":
        fields["souk"] = (_souk_of(e["shop"])[0], _souk_gen(e["shop"]))
        en = (
            "You pay 1 camel to send a cube from supply to the caravan in section {section} "
            "({gain}); your cube stays in the {souk}.",
            "{who} pays 1 camel to send a cube from supply to the caravan in section {section} "
            "({gain}); {who}'s cube stays in the {souk}.",
        )
        cs = (
            "Platíte 1 velblouda a posíláte kostičku ze zásoby do {section}. sekce karavany "
            "({gain}); vaše kostička v {souk} zůstává.",
            "{who} platí 1 velblouda a posílá kostičku ze zásoby do {section}. sekce karavany "
            "({gain}); kostička hráče {who} v {souk} zůstává.",
        )
    else:  # card
        en = (
            "Your cube from supply joins the caravan in section {section}: {gain}.",
            "{who}'s cube from supply joins the caravan in section {section}: {gain}.",
        )
        cs = (
            "Vaše kostička ze zásoby jde do {section}. sekce karavany: {gain}.",
            "Kostička hráče {who} ze zásoby jde do {section}. sekce karavany: {gain}.",
        )
    return r.line(seat, en=en, cs=cs, **fields)


def _caravan_scored(e: Event, r: Reader) -> str:
    points = e["points"]
    if not any(points):
        return r.say(
            "End of the week: the caravan is empty and scores nothing.",
            "Konec týdne: karavana je prázdná a nic nepřináší.",
        )
    scores = _scores(r, points)
    if e["reason"] == "full":
        return r.say(
            "The caravan is full and scores (each player's cubes × the section of their last "
            "one): {scores}; its cubes go back to their owners.",
            "Karavana je plná a boduje (počet kostiček hráče × sekce jeho poslední): {scores}; "
            "kostičky se z ní vrací hráčům.",
            scores=scores,
        )
    return r.say(
        "End of the week, the caravan scores (each player's cubes × the section of their last "
        "one): {scores}; its cubes stay.",
        "Konec týdne, boduje karavana (počet kostiček hráče × sekce jeho poslední): {scores}; "
        "kostičky v ní zůstávají.",
        scores=scores,
    )


def _row_taken(e: Event, r: Reader) -> str:
    row, value, gain = e["row"], e["value"], e["gain"]
    if row == D.ROW_CAMELS:
        what, building = "+" + _n(r, gain, W.CAMELS_NOM), "extra_camel"
    elif row == D.ROW_GOLD:
        what, building = "+" + _n(r, gain, W.GOLD), "extra_gold"
    else:
        quarter = W.QUARTER[D.QUARTERS[row - 1]]
        cubes = _n(r, gain, W.CUBES_NOM)
        what = r.pick(
            (f"{cubes} for the {quarter.en} quarter", f"{cubes} do sektoru {quarter.cs_gen}")
        )
        building = "extra_cube"
    if gain > value:
        number = W.BUILDING_NUMBER[building]
        what += r.pick(
            (
                f" ({gain - value} of them from building {number})",
                f" (z toho {gain - value} díky budově {number})",
            )
        )
    return r.line(
        e["seat"],
        en=("You take the {row}: {what}.", "{who} takes the {row}: {what}."),
        cs=("Využíváte {row}: {what}.", "{who} využívá {row}: {what}."),
        row=W.ROW[row],
        what=what,
    )


def _cube_placed(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=("You place a cube in the {souk}.", "{who} places a cube in the {souk}."),
        cs=("Nasazujete kostičku do {souk}.", "{who} nasazuje kostičku do {souk}."),
        souk=(_souk_of(e["shop"])[0], _souk_gen(e["shop"])),
    )


def _card_drawn(e: Event, r: Reader) -> str:
    seat, row = e["seat"], e.get("row")
    known = e.get("card") is not None
    empty = "card" in e and e["card"] is None
    if e["reason"] == "building":
        en = ("You draw a card for building 4", "{who} draws a card for building 4")
        cs = ("Berete si kartu díky budově 4", "{who} si bere kartu díky budově 4")
    elif row is None:
        en = ("No row is left for you, so you draw a card", "{who} can use no row and draws a card")
        cs = (
            "Nemůžete využít žádný řádek, a tak si berete kartu",
            "{who} nemůže využít žádný řádek, a tak si bere kartu",
        )
    else:
        en = ("You use the {row} to draw a card", "{who} uses the {row} to draw a card")
        cs = ("Využíváte {row} a berete si kartu", "{who} využívá {row} a bere si kartu")
    if empty:
        tail = (", but the deck is empty.", ", ale balíček je prázdný.")
    elif known:
        tail = (": {card}.", ": {card}.")
    else:
        tail = (".", ".")
    return r.line(
        seat,
        en=(en[0] + tail[0], en[1] + tail[0]),
        cs=(cs[0] + tail[1], cs[1] + tail[1]),
        row=W.ROW[row] if row is not None else "",
        card=_card(e["card"]) if known else "",
    )


def _building_built(e: Event, r: Reader) -> str:
    camels, gold, points = e["camels"], e["gold"], e["points"]
    price = [_n(r, camels, W.CAMELS_ACC)] if camels else []
    price += [_n(r, gold, W.GOLD)] if gold else []
    cost = r.pick(("for ", "za ")) + r.join(price) if price else r.pick(("for free", "zdarma"))
    fields = {
        "building": (W.BUILDING[e["building"]][0], W.BUILDING_CS_ACC[e["building"]]),
        "cost": cost,
        "gain": _gain(r, points, W.POINTS),
    }
    if e["main"]:
        en = (
            "Instead of a dice action, you build {building} {cost}: {gain}.",
            "Instead of a dice action, {who} builds {building} {cost}: {gain}.",
        )
        cs = (
            "Místo akce s kostkami stavíte {building} {cost}: {gain}.",
            "Místo akce s kostkami staví {who} {building} {cost}: {gain}.",
        )
    else:
        en = (
            "You build {building} {cost}: {gain}.",
            "{who} builds {building} {cost}: {gain}.",
        )
        cs = ("Stavíte {building} {cost}: {gain}.", "{who} staví {building} {cost}: {gain}.")
    return r.line(e["seat"], en=en, cs=cs, **fields)


def _turn_ended(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=("You end your turn.", "{who} ends the turn."),
        cs=("Končíte tah.", "{who} končí tah."),
    )


def _round_ended(e: Event, r: Reader) -> str:
    epoch, day, nxt = e["epoch"], e["day"], e["next"]
    if e["cleared"]:
        text = r.say(
            "Week {epoch} is over: all cubes leave the marketplace.",
            "Končí {epoch}. týden: všechny kostičky opouštějí tržiště.",
            epoch=epoch,
        )
    elif e["returned"]:
        text = r.say(
            "Day {day} of week {epoch} is over: {cubes} from unfinished souks go back to "
            "their owners."
            if len(e["returned"]) > 1
            else "Day {day} of week {epoch} is over: {cubes} from an unfinished souk goes back "
            "to its owner.",
            "Končí {day}. den {epoch}. týdne: z nedokončených bazarů se majitelům vrací {cubes}.",
            day=day,
            epoch=epoch,
            cubes=_n(r, len(e["returned"]), W.CUBES_NOM),
        )
    else:
        text = r.say(
            "Day {day} of week {epoch} is over.",
            "Končí {day}. den {epoch}. týdne.",
            day=day,
            epoch=epoch,
        )
    if nxt is None:
        return text + " " + r.say("That was the last day.", "To byl poslední den.")
    order = nxt["order"]
    last_day = nxt["epoch"] == D.EPOCHS and nxt["day"] == D.DAYS_PER_EPOCH
    if last_day and len(r.names) == 4:
        # The last day with 4 players (the reader knows every seat's name, so the count):
        # fewest points first ("Průběh kola"), also when a seat has left.
        return (
            text
            + " "
            + r.say(
                "On the last day the fewest points play first: {order}.",
                "Poslední den hrají nejdřív ti s nejméně body: {order}.",
                order=_names(r, order),
            )
        )
    start = r.line(
        nxt["first"],
        en=(
            "Week {w}, day {d}: you start.",
            "Week {w}, day {d}: {who} starts.",
        ),
        cs=(
            "Týden {w}, den {d}: začínáte vy.",
            "Týden {w}, den {d}: začíná {who}.",
        ),
        w=nxt["epoch"],
        d=nxt["day"],
    )
    return text + " " + start


def _market_scored(e: Event, r: Reader) -> str:
    epoch = e["epoch"]
    by_seat: dict[int, list[str]] = {}
    for souk_id, owner, gain in e["souks"]:
        souk = D.SOUK_IDS.index(souk_id)
        name = r.pick(W.SOUK[souk])
        if gain != D.SOUK_POINTS[souk]:
            name += r.pick((" +2 for building 5", " +2 za budovu 5"))
        by_seat.setdefault(owner, []).append(name)
    if not by_seat:
        return r.say(
            "End of week {epoch}: no souk is complete, the marketplace scores nothing.",
            "Konec {epoch}. týdne: žádný bazar není zaplněný, tržiště nic nepřináší.",
            epoch=epoch,
        )
    parts = [
        f"{r.name(seat)} {_n(r, e['points'][seat], W.POINTS)} ({r.join(souks)})"
        for seat, souks in sorted(by_seat.items())
    ]
    return r.say(
        "End of week {epoch}, the completed souks score: {parts}.",
        "Konec {epoch}. týdne, body za zaplněné bazary: {parts}.",
        epoch=epoch,
        parts="; ".join(parts),
    )


def _game_ended(e: Event, r: Reader) -> str:
    scores = e["scores"]
    order = sorted(range(len(scores)), key=lambda s: -scores[s])
    return r.say(
        "The game is over. Points: {scores}.",
        "Hra končí. Body: {scores}.",
        scores=_scores(r, scores, order),
    )


def _seat_forfeited(e: Event, r: Reader) -> str:
    return r.line(
        e["seat"],
        en=(
            "You leave the game; your cubes stay on the board.",
            "{who} leaves the game; the cubes stay on the board.",
        ),
        cs=(
            "Opouštíte hru; vaše kostičky na plánu zůstávají.",
            "{who} opouští hru; kostičky na plánu zůstávají.",
        ),
    )


NARRATE: dict[str, Callable[[Event, Reader], str]] = {
    "GameStarted": _game_started,
    "DeckShuffled": _deck_shuffled,
    "DiceRolled": _dice_rolled,
    "CardPlayed": _card_played,
    "BonusCardDiscarded": _bonus_card_discarded,
    "SupervisorMoved": _supervisor_moved,
    "InspectionChosen": _inspection_chosen,
    "CubeEnteredCaravan": _cube_entered_caravan,
    "CaravanScored": _caravan_scored,
    "RowTaken": _row_taken,
    "CubePlaced": _cube_placed,
    "CardDrawn": _card_drawn,
    "BuildingBuilt": _building_built,
    "TurnEnded": _turn_ended,
    "RoundEnded": _round_ended,
    "MarketScored": _market_scored,
    "GameEnded": _game_ended,
    "SeatForfeited": _seat_forfeited,
}


def narrate(event: Event, reader: Reader) -> str | None:
    """The log line of ``event`` (already redacted for the reader) in the reader's words."""
    line = NARRATE.get(event["type"])
    return line(event, reader) if line is not None else None
