"""The match log in players' words: one line per event, as the reader may see it.

``narrate(event, reader)`` gets the event already redacted for the reader (``views.redact``) and
names only what is in it: a hidden card reads "a card", a bought card "a development card". Places
and things come from ``words.py``; the reader is "you" (Czech "vy", polite plural, present tense
so that no verb agrees with a gender), everyone else by name in the nominative. A line also says
what the event won or lost a player: the resources a roll pays, Longest Road or Largest Army
changing hands (recorded in the event by ``annotate.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.catan.data import DEV_CARDS, RESOURCES
from games.catan.words import (
    AWARDS,
    CARD,
    CARD_NOUNS,
    DEV_NAMES,
    HARBOUR_GEN,
    HARBOUR_NAMES,
    POINT,
    RESOURCE_ACC,
    RESOURCE_NOUNS,
    card_list,
    clause,
    edge_place,
    hex_place,
    node_place,
    resource_list,
)
from games.narration import Reader, Words

Event = Mapping[str, Any]


def _card(name: str | None) -> Words:
    """One card as an object: "1 wool" / "1 vlnu", "a Knight" / "rytíře"; hidden: "a card"."""
    return (CARD if name is None else CARD_NOUNS[name]).count(1)


# -- awards ----------------------------------------------------------------------------------------


def _award_sentence(r: Reader, key: str, change: Mapping[str, Any]) -> str:
    award = AWARDS[key]
    name = award.name
    before, after, value = change.get("from"), change.get("to"), int(change.get("value", 0))
    size = r.pick(award.unit.count(value))
    points = r.pick(POINT.count(2))
    if after is None:
        if before is None:
            return ""  # no change after all: nothing to say
        return r.line(
            before,
            en=("You lose {award}: {why} now.", "{who} loses {award}: {why} now."),
            cs=("Přicházíte o {award}: teď {why}.", "{who} přichází o {award}: teď {why}."),
            award=name,
            why=award.nobody_leads,
        )
    if before is None:
        return r.line(
            after,
            en=("You take {award} ({size}): {points}.", "{who} takes {award} ({size}): {points}."),
            cs=(
                "Získáváte {award} ({size}): {points}.",
                "{who} získává {award} ({size}): {points}.",
            ),
            award=name,
            size=size,
            points=points,
        )
    loser = clause(r, before, en=("you", "{who}"), cs=("vy o ni přicházíte", "{who} o ni přichází"))
    return r.line(
        after,
        en=(
            "You take {award} from {loser} ({size}).",
            "{who} takes {award} from {loser} ({size}).",
        ),
        cs=(
            "Získáváte {award} ({size}) a {loser}.",
            "{who} získává {award} ({size}) a {loser}.",
        ),
        award=name,
        size=size,
        loser=loser,
    )


def _with_awards(r: Reader, event: Event, line: str) -> str:
    extra = [_award_sentence(r, key, event[key]) for key in AWARDS if event.get(key)]
    return " ".join([line, *[x for x in extra if x]])


# -- the events ------------------------------------------------------------------------------------


def _game_created(r: Reader, e: Event) -> str:
    n = int(e.get("n_players", len(r.names)))
    rules = e.get("variant") and n > 2
    return r.line(
        e.get("first"),
        en=(
            "A game for {players} begins, played to {target}{rules}; you place first.",
            "A game for {players} begins, played to {target}{rules}; {who} places first.",
        ),
        cs=(
            "Začíná hra pro {players} do {target}{rules}; jako první stavíte vy.",
            "Začíná hra pro {players} do {target}{rules}; jako první staví {who}.",
        ),
        players=(f"{n} players", f"{n} hráče"),
        target=(f"{e.get('target')} points", f"{e.get('target')} bodů"),
        rules=(" with the variant's rules", " s pravidly varianty") if rules else "",
    )


def _settlement_built(r: Reader, e: Event) -> str:
    if e.get("free"):
        en = ("You place a settlement {place}.", "{who} places a settlement {place}.")
        cs = ("Umisťujete vesnici {place}.", "{who} umisťuje vesnici {place}.")
    else:
        en = ("You build a settlement {place}.", "{who} builds a settlement {place}.")
        cs = ("Stavíte vesnici {place}.", "{who} staví vesnici {place}.")
    return _with_awards(r, e, r.line(e["seat"], en, cs, place=node_place(r, e)))


def _road_built(r: Reader, e: Event) -> str:
    if e.get("free"):
        en = ("You place a road {place}.", "{who} places a road {place}.")
        cs = ("Umisťujete cestu {place}.", "{who} umisťuje cestu {place}.")
    else:
        en = ("You build a road {place}.", "{who} builds a road {place}.")
        cs = ("Stavíte cestu {place}.", "{who} staví cestu {place}.")
    return _with_awards(r, e, r.line(e["seat"], en, cs, place=edge_place(r, e)))


def _city_built(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=(
            "You upgrade your settlement to a city {place}.",
            "{who} upgrades their settlement to a city {place}.",
        ),
        cs=(
            "Stavíte město místo své vesnice {place}.",
            "{who} staví město místo své vesnice {place}.",
        ),
        place=node_place(r, e),
    )


def _starting_resources(r: Reader, e: Event) -> str:
    gains = e.get("gains") or [0] * 5
    got = resource_list(r, gains) if any(gains) else ""
    what = got or r.pick(("none, as it touches only the desert", "žádné, sousedí jen s pouští"))
    return r.line(
        e["seat"],
        en=(
            "You take your starting resources for your settlement {place}: {what}.",
            "{who} takes starting resources for the settlement {place}: {what}.",
        ),
        cs=(
            "Berete startovní suroviny za svou vesnici {place}: {what}.",
            "{who} bere startovní suroviny za svou vesnici {place}: {what}.",
        ),
        place=node_place(r, e),
        what=what,
    )


def _development_bought(r: Reader, e: Event) -> str:
    card = e.get("card")
    if card in DEV_NAMES and r.is_you(e["seat"]):
        return r.line(
            e["seat"],
            en=("You buy a development card: {card}.", ""),
            cs=("Kupujete akční kartu: {card}.", ""),
            card=DEV_NAMES[card],
        )
    return r.line(
        e["seat"],
        en=("You buy a development card.", "{who} buys a development card."),
        cs=("Kupujete akční kartu.", "{who} kupuje akční kartu."),
    )


def _dice_rolled(r: Reader, e: Event) -> str:
    a, b = e["dice"]
    total = a + b
    article = "an" if total in (8, 11) else "a"
    fields = {"roll": (f"{article} {total}", str(total)), "dice": f"{a} + {b}"}
    gains = e.get("gains")
    if gains is None:
        return r.line(
            e["seat"],
            en=(
                "You roll {roll} ({dice}): everyone holding more than 7 cards discards half of "
                "them, then you move the robber.",
                "{who} rolls {roll} ({dice}): everyone holding more than 7 cards discards half "
                "of them, then {who} moves the robber.",
            ),
            cs=(
                "Házíte {roll} ({dice}): kdo má víc než 7 karet, odhodí polovinu, a pak "
                "přesouváte zloděje.",
                "{who} hází {roll} ({dice}): kdo má víc než 7 karet, odhodí polovinu, a pak "
                "{who} přesune zloděje.",
            ),
            **fields,
        )
    seats = [p for p, g in enumerate(gains) if g and any(g)]
    seats.sort(key=lambda p: not r.is_you(p))  # the reader first, then in seat order
    parts = [
        clause(
            r,
            p,
            en=("you get {what}", "{who} gets {what}"),
            cs=("dostáváte {what}", "{who} dostává {what}"),
            what=resource_list(r, gains[p]),
        )
        for p in seats
    ]
    paid = "; ".join(parts) or r.pick(("nobody gets anything", "nikdo nic nedostává"))
    return r.line(
        e["seat"],
        en=("You roll {roll} ({dice}): {paid}.", "{who} rolls {roll} ({dice}): {paid}."),
        cs=("Házíte {roll} ({dice}): {paid}.", "{who} hází {roll} ({dice}): {paid}."),
        paid=paid,
        **fields,
    )


def _card_discarded(r: Reader, e: Event) -> str:
    card = e.get("card")
    if card in RESOURCES:
        return r.line(
            e["seat"],
            en=("You discard {card}.", "{who} discards {card}."),
            cs=("Odhazujete {card}.", "{who} odhazuje {card}."),
            card=_card(card),
        )
    shown = card if card in DEV_CARDS else "development"
    return r.line(
        e["seat"],
        en=(
            "You discard {card}, face down under the development deck.",
            "{who} discards {card}, face down under the development deck.",
        ),
        cs=(
            "Odhazujete {card} lícem dolů pod balíček akčních karet.",
            "{who} odhazuje {card} lícem dolů pod balíček akčních karet.",
        ),
        card=_card(shown),
    )


def _robber_moved(r: Reader, e: Event) -> str:
    stays = bool(e.get("stays"))
    place = hex_place(r, e, "loc" if stays else "acc")
    if e.get("war"):  # rule 6.e: the defender who repelled an attack moves it, stealing nothing
        en = (
            "Having repelled the attack, you {move} the robber {to} {hex}.",
            "Having repelled the attack, {who} {moves} the robber {to} {hex}.",
        )
        cs = (
            "Po odraženém útoku {move_cs} zloděje na {hex}.",
            "Po odraženém útoku {who} {moves_cs} zloděje na {hex}.",
        )
    else:
        en = ("You {move} the robber {to} {hex}.", "{who} {moves} the robber {to} {hex}.")
        cs = ("{move_cs} zloděje na {hex}.", "{who} {moves_cs} zloděje na {hex}.")
    return r.line(
        e["seat"],
        en,
        cs,
        hex=place,
        move="leave" if stays else "move",
        moves="leaves" if stays else "moves",
        to="on" if stays else "to",
        move_cs="necháváte" if stays else "přesouváte",
        moves_cs="nechává" if stays else "přesouvá",
    )


def _card_stolen(r: Reader, e: Event) -> str:
    thief, victim = e["seat"], e["victim"]
    card = _card(e.get("card"))
    if r.is_you(victim):
        return r.line(
            thief,
            en=("", "{who} steals {card} from you."),
            cs=("", "{who} vás okrádá o {card}."),
            card=card,
        )
    return r.line(
        thief,
        en=("You steal {card} from {victim}.", "{who} steals {card} from {victim}."),
        cs=("Okrádáte hráče {victim} o {card}.", "{who} okrádá hráče {victim} o {card}."),
        card=card,
        victim=r.name(victim),
    )


def _knight_played(r: Reader, e: Event) -> str:
    line = r.line(
        e["seat"],
        en=("You play a Knight and move the robber.", "{who} plays a Knight and moves the robber."),
        cs=("Hrajete rytíře a přesunete zloděje.", "{who} hraje rytíře a přesune zloděje."),
    )
    return _with_awards(r, e, line)


def _road_building_played(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=(
            "You play Road Building: you place two roads for free.",
            "{who} plays Road Building and places two roads for free.",
        ),
        cs=(
            "Hrajete Stavbu silnic: postavíte dvě cesty zdarma.",
            "{who} hraje Stavbu silnic a postaví dvě cesty zdarma.",
        ),
    )


def _year_of_plenty_played(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=(
            "You play Year of Plenty and take {cards} from the bank.",
            "{who} plays Year of Plenty and takes {cards} from the bank.",
        ),
        cs=(
            "Hrajete Vynález a berete si z banku {cards}.",
            "{who} hraje Vynález a bere si z banku {cards}.",
        ),
        cards=card_list(r, e.get("resources", [])),
    )


def _monopoly_played(r: Reader, e: Event) -> str:
    resource = e["resource"]
    taken = list(e.get("taken") or [])
    total = sum(taken)
    victims = [p for p, n in enumerate(taken) if n > 0]
    victims.sort(key=lambda p: not r.is_you(p))
    fields = {"resource": RESOURCE_ACC[resource], "total": RESOURCE_NOUNS[resource].count(total)}
    if not victims:
        return r.line(
            e["seat"],
            en=(
                "You play Monopoly on {resource}, but nobody has any.",
                "{who} plays Monopoly on {resource}, but nobody has any.",
            ),
            cs=(
                "Hrajete Monopol na {resource}, ale nikdo nic neodevzdává.",
                "{who} hraje Monopol na {resource}, ale nikdo nic neodevzdává.",
            ),
            **fields,
        )
    parts = r.join(
        [
            clause(
                r,
                p,
                en=(f"{taken[p]} from you", f"{taken[p]} from {{who}}"),
                cs=(f"odevzdáváte {taken[p]}", f"{{who}} odevzdává {taken[p]}"),
            )
            for p in victims
        ]
    )
    return r.line(
        e["seat"],
        en=(
            "You play Monopoly on {resource} and take {total}: {parts}.",
            "{who} plays Monopoly on {resource} and takes {total}: {parts}.",
        ),
        cs=(
            "Hrajete Monopol na {resource} a berete {total}: {parts}.",
            "{who} hraje Monopol na {resource} a bere {total}: {parts}.",
        ),
        parts=parts,
        **fields,
    )


def _point_card_laid(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=(
            "You lay out a Victory Point card: its point counts from now on and the card can no "
            "longer be lost.",
            "{who} lays out a Victory Point card: its point counts from now on.",
        ),
        cs=(
            "Vykládáte kartu s vítězným bodem: bod se od teď počítá a o kartu už nelze přijít.",
            "{who} vykládá kartu s vítězným bodem: bod se od teď počítá.",
        ),
    )


def _bank_traded(r: Reader, e: Event) -> str:
    ratio = int(e["ratio"])
    give = RESOURCE_NOUNS[e["give"]].count(ratio)
    get = RESOURCE_NOUNS[e["get"]].count(1)
    if ratio >= 4:
        en = (
            "You trade {give} for {get} with the bank.",
            "{who} trades {give} for {get} with the bank.",
        )
        cs = ("Měníte s bankem {give} za {get}.", "{who} mění s bankem {give} za {get}.")
        return r.line(e["seat"], en, cs, give=give, get=get)
    kind = "3:1" if ratio == 3 else f"2:1 {e['give']}"
    return r.line(
        e["seat"],
        en=(
            "You trade {give} for {get} at {harbour}.",
            "{who} trades {give} for {get} at {harbour}.",
        ),
        cs=("Měníte {give} za {get} v {harbour}.", "{who} mění {give} za {get} v {harbour}."),
        give=give,
        get=get,
        harbour=(HARBOUR_NAMES[kind][0].replace("the 3:1", "a 3:1"), HARBOUR_GEN[kind]),
    )


def _draft_started(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=("You start composing a trade offer.", "{who} starts composing a trade offer."),
        cs=("Začínáte sestavovat nabídku obchodu.", "{who} začíná sestavovat nabídku obchodu."),
    )


def _draft_extended(r: Reader, e: Event) -> str:
    if not r.is_you(e["seat"]):  # a draft is private: never say what is in it
        return r.line(
            e["seat"],
            en=("", "{who} changes the offer being composed."),
            cs=("", "{who} upravuje rozpracovanou nabídku."),
        )
    give = e.get("side") == "give"
    return r.line(
        e["seat"],
        en=("You add {card} to what you " + ("give." if give else "ask for."), ""),
        cs=("Přidáváte {card} k tomu, co " + ("dáte." if give else "chcete."), ""),
        card=_card(e["resource"]),
    )


def _draft_cancelled(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=("You drop the offer you were composing.", "{who} drops the offer being composed."),
        cs=("Zahazujete rozpracovanou nabídku.", "{who} zahazuje rozpracovanou nabídku."),
    )


def _offer_made(r: Reader, e: Event) -> str:
    fields = {"give": resource_list(r, e["give"]), "get": resource_list(r, e["get"])}
    if r.viewer is not None and not r.is_you(e["seat"]):
        return r.line(
            e["seat"],
            en=(
                "",
                "{who} offers {give} for {get}: you may accept, decline or make a counter-offer.",
            ),
            cs=(
                "",
                "{who} nabízí {give} za {get}: můžete přijmout, odmítnout, nebo dát protinabídku.",
            ),
            **fields,
        )
    return r.line(
        e["seat"],
        en=("You offer {give} for {get}.", "{who} offers {give} for {get}."),
        cs=("Nabízíte {give} za {get}.", "{who} nabízí {give} za {get}."),
        **fields,
    )


def _offer_answered(r: Reader, e: Event) -> str:
    if e.get("accept"):
        en = ("You accept the offer.", "{who} accepts the offer.")
        cs = ("Přijímáte nabídku.", "{who} přijímá nabídku.")
    else:
        en = ("You decline the offer.", "{who} declines the offer.")
        cs = ("Odmítáte nabídku.", "{who} odmítá nabídku.")
    return r.line(e["seat"], en, cs)


def _counter_offered(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=(
            "You make a counter-offer, giving {give} for {get}.",
            "{who} makes a counter-offer, giving {give} for {get}.",
        ),
        cs=(
            "Dáváte protinabídku: nabízíte {give} za {get}.",
            "{who} dává protinabídku: nabízí {give} za {get}.",
        ),
        give=resource_list(r, e["give"]),
        get=resource_list(r, e["get"]),
    )


def _trade_made(r: Reader, e: Event) -> str:
    seat, partner = e["seat"], e["partner"]
    give, get = resource_list(r, e["give"]), resource_list(r, e["get"])
    if r.is_you(partner):
        return r.line(
            seat,
            en=("", "{who} trades with you: you give {give} and get {get}."),
            cs=("", "{who} a vy spolu obchodujete: dáváte {give} a dostáváte {get}."),
            give=get,
            get=give,
        )
    return r.line(
        seat,
        en=(
            "You trade with {partner}: you give {give} and get {get}.",
            "{who} trades {give} for {get} with {partner}.",
        ),
        cs=(
            "Vy a {partner} spolu obchodujete: dáváte {give} a dostáváte {get}.",
            "{who} a {partner} spolu obchodují: {who} dává {give} za {get}.",
        ),
        give=give,
        get=get,
        partner=r.name(partner),
    )


def _offer_withdrawn(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=("You withdraw your offer.", "{who} withdraws the offer."),
        cs=("Stahujete svou nabídku.", "{who} stahuje svou nabídku."),
    )


def _turn_ended(r: Reader, e: Event) -> str:
    nxt = e.get("next")
    if nxt is None:  # an event stored before ``next`` was recorded (annotate.turn_passed)
        return r.line(
            e["seat"],
            en=("You end your turn.", "{who} ends the turn."),
            cs=("Končíte tah.", "{who} končí tah."),
        )
    if r.is_you(nxt):
        after: Words = ("you are next", "na tahu jste vy")
    else:
        name = r.name(nxt)
        after = (f"{name} is next", f"na tahu je {name}")
    return r.line(
        e["seat"],
        en=("You end your turn; {after}.", "{who} ends the turn; {after}."),
        cs=("Končíte tah; {after}.", "{who} končí tah; {after}."),
        after=after,
    )


def _rolls(r: Reader, rolls: list[list[int]], bonus: int = 0) -> str:
    sums = [str(sum(x)) for x in rolls]
    text = r.pick(("rolls ", "hody ")) + r.join(sums)
    if bonus > 0:
        text += r.pick((f", +{bonus} for the larger army", f", +{bonus} za větší armádu"))
    elif bonus < 0:
        text += r.pick((f", −{-bonus} for the smaller army", f", −{-bonus} za menší armádu"))
    return text


def _war_declared(r: Reader, e: Event) -> str:
    att, dfn, bonus = e["attack_rolls"], e["defence_rolls"], int(e.get("bonus", 0))
    fields = {
        "attack": max(sum(x) for x in att) + bonus,
        "defence": max(sum(x) for x in dfn),
        "att": _rolls(r, att, bonus),
        "dfn": _rolls(r, dfn),
    }
    if r.is_you(e["defender"]):
        return r.line(
            e["seat"],
            en=(
                "",
                "{who} declares war on you: attack {attack} ({att}) against your defence "
                "{defence} ({dfn}).",
            ),
            cs=(
                "",
                "{who} vám vyhlašuje válku: útok {attack} ({att}) proti vaší obraně {defence} "
                "({dfn}).",
            ),
            **fields,
        )
    return r.line(
        e["seat"],
        en=(
            "You declare war on {defender}: your attack {attack} ({att}) against defence "
            "{defence} ({dfn}).",
            "{who} declares war on {defender}: attack {attack} ({att}) against defence "
            "{defence} ({dfn}).",
        ),
        cs=(
            "Vyhlašujete válku hráči {defender}: váš útok {attack} ({att}) proti obraně "
            "{defence} ({dfn}).",
            "{who} vyhlašuje válku hráči {defender}: útok {attack} ({att}) proti obraně "
            "{defence} ({dfn}).",
        ),
        defender=r.name(e["defender"]),
        **fields,
    )


def _war_decided(r: Reader, e: Event) -> str:
    defender, attacker = e["seat"], e["attacker"]
    fields = {"attack": e["attack"], "defence": e["defence"]}
    lines = []
    if e.get("knight"):
        lines.append(
            r.line(
                defender,
                en=(
                    "You defend with a Knight from your hand: +3, and you play no development "
                    "card in your next turn.",
                    "{who} defends with a Knight from hand: +3, and no development card in "
                    "their next turn.",
                ),
                cs=(
                    "Bráníte se rytířem z ruky: +3 k obraně a v příštím tahu nezahrajete žádnou "
                    "akční kartu.",
                    "{who} se brání rytířem z ruky: +3 k obraně a v příštím tahu nezahraje "
                    "žádnou akční kartu.",
                ),
            )
        )
    if e.get("winner") == "attacker":
        lines.append(
            r.line(
                attacker,
                en=(
                    "Attack {attack} against defence {defence}: you win the war and plunder up "
                    "to 7 cards.",
                    "Attack {attack} against defence {defence}: {who} wins the war and plunders "
                    "up to 7 cards.",
                ),
                cs=(
                    "Útok {attack} proti obraně {defence}: vyhráváte válku a plundrujete až "
                    "7 karet.",
                    "Útok {attack} proti obraně {defence}: válku vyhrává {who} a plení až 7 karet.",
                ),
                **fields,
            )
        )
    else:
        lines.append(
            r.line(
                defender,
                en=(
                    "Attack {attack} against defence {defence}: you repel the attack, will move "
                    "the robber and take 2 of the attacker's cards.",
                    "Attack {attack} against defence {defence}: {who} repels the attack, will "
                    "move the robber and take 2 of the attacker's cards.",
                ),
                cs=(
                    "Útok {attack} proti obraně {defence}: odrážíte útok, přesunete zloděje a "
                    "vezmete si 2 karty útočníka.",
                    "Útok {attack} proti obraně {defence}: {who} útok odráží, přesune zloděje a "
                    "vezme si 2 karty útočníka.",
                ),
                **fields,
            )
        )
    return _with_awards(r, e, " ".join(lines))


def _war_card_chosen(r: Reader, e: Event) -> str:
    return r.line(
        e["seat"],
        en=("You pick {card} for the attacker.", "{who} picks a card for the attacker."),
        cs=("Vybíráte pro útočníka {card}.", "{who} vybírá kartu pro útočníka."),
        card=_card(e.get("card")),
    )


def _war_spoils_taken(r: Reader, e: Event) -> str:
    attacker, victim = e["seat"], e["victim"]
    cards = e.get("cards")
    n = cards if isinstance(cards, int) else len(cards or [])
    if n == 0:
        nothing = clause(
            r,
            victim,
            en=("you have no cards", "{who} has no cards"),
            cs=("nemáte žádné karty", "{who} nemá žádné karty"),
        )
        return r.line(
            attacker,
            en=("You plunder nothing: {nothing}.", "{who} plunders nothing: {nothing}."),
            cs=("Nic nepleníte: {nothing}.", "{who} nic neplení: {nothing}."),
            nothing=nothing,
        )
    fields = {"n": CARD.count(n), "victim": r.name(victim)}
    if isinstance(cards, int):
        return r.line(
            attacker,
            en=("", "{who} plunders {n} from {victim}."),
            cs=("", "{who} plení zemi hráče {victim} a bere {n}."),
            **fields,
        )
    fields["cards"] = card_list(r, cards or [])
    if r.is_you(victim):
        return r.line(
            attacker,
            en=("", "{who} plunders {n} from you: {cards}."),
            cs=("", "{who} plení vaši zemi a bere vám {n}: {cards}."),
            **fields,
        )
    return r.line(
        attacker,
        en=(
            "You plunder {n} from {victim}: {cards}.",
            "{who} plunders {n} from {victim}: {cards}.",
        ),
        cs=(
            "Pleníte zemi hráče {victim} a berete {n}: {cards}.",
            "{who} plení zemi hráče {victim} a bere {n}: {cards}.",
        ),
        **fields,
    )


def _knight_returned(r: Reader, e: Event) -> str:
    line = r.line(
        e["seat"],
        en=(
            "You return a knight from your army to the bottom of the development deck.",
            "{who} returns a knight from their army to the bottom of the development deck.",
        ),
        cs=(
            "Vracíte rytíře ze své armády pod balíček akčních karet.",
            "{who} vrací rytíře ze své armády pod balíček akčních karet.",
        ),
    )
    return _with_awards(r, e, line)


def _knight_captured(r: Reader, e: Event) -> str:
    captor, victim = e["seat"], e["victim"]
    if r.is_you(victim):
        line = r.line(
            captor,
            en=(
                "",
                "You cannot pay both cards: {who} takes a second knight from your army into "
                "theirs.",
            ),
            cs=(
                "",
                "Nemáte na zaplacení obou karet: {who} získává do své armády vašeho druhého "
                "rytíře.",
            ),
        )
    else:
        line = r.line(
            captor,
            en=(
                "The attacker cannot pay both cards: you take a second knight from {victim}'s "
                "army into yours.",
                "The attacker cannot pay both cards: {who} takes a second knight from "
                "{victim}'s army into theirs.",
            ),
            cs=(
                "Útočník nemá na zaplacení obou karet: získáváte do své armády druhého rytíře "
                "hráče {victim}.",
                "Útočník nemá na zaplacení obou karet: {who} získává do své armády druhého "
                "rytíře hráče {victim}.",
            ),
            victim=r.name(victim),
        )
    return _with_awards(r, e, line)


def _war_card_taken(r: Reader, e: Event) -> str:
    taker, victim = e["seat"], e["victim"]
    card = _card(e.get("card"))
    if r.is_you(victim):
        return r.line(
            taker,
            en=("", "{who} takes {card} from you."),
            cs=("", "{who} si bere z vaší ruky {card}."),
            card=card,
        )
    return r.line(
        taker,
        en=("You take {card} from {victim}.", "{who} takes {card} from {victim}."),
        cs=(
            "Berete si z ruky hráče {victim} {card}.",
            "{who} si bere z ruky hráče {victim} {card}.",
        ),
        card=card,
        victim=r.name(victim),
    )


def _war_ended(r: Reader, _e: Event) -> str:
    return r.say("The war is over.", "Válka končí.")


def _seat_forfeited(r: Reader, e: Event) -> str:
    line = r.line(
        e["seat"],
        en=(
            "You leave the game: your cards go back to the bank and under the development deck, "
            "and your pieces stay on the board, producing nothing.",
            "{who} leaves the game: their cards go back to the bank and under the development "
            "deck, and their pieces stay on the board, producing nothing.",
        ),
        cs=(
            "Opouštíte hru: vaše karty se vracejí do banku a pod balíček akčních karet, vaše "
            "stavby zůstávají na plánu a nic nevynášejí.",
            "{who} opouští hru: karty se vracejí do banku a pod balíček akčních karet, stavby "
            "zůstávají na plánu a nic nevynášejí.",
        ),
    )
    return _with_awards(r, e, line)


NARRATORS: dict[str, Callable[[Reader, Event], str]] = {
    "GameCreated": _game_created,
    "SettlementBuilt": _settlement_built,
    "RoadBuilt": _road_built,
    "CityBuilt": _city_built,
    "StartingResourcesTaken": _starting_resources,
    "DevelopmentCardBought": _development_bought,
    "DiceRolled": _dice_rolled,
    "CardDiscarded": _card_discarded,
    "RobberMoved": _robber_moved,
    "CardStolen": _card_stolen,
    "KnightPlayed": _knight_played,
    "RoadBuildingPlayed": _road_building_played,
    "YearOfPlentyPlayed": _year_of_plenty_played,
    "MonopolyPlayed": _monopoly_played,
    "PointCardLaid": _point_card_laid,
    "BankTraded": _bank_traded,
    "DraftStarted": _draft_started,
    "DraftExtended": _draft_extended,
    "DraftCancelled": _draft_cancelled,
    "OfferMade": _offer_made,
    "OfferAnswered": _offer_answered,
    "CounterOffered": _counter_offered,
    "TradeMade": _trade_made,
    "OfferWithdrawn": _offer_withdrawn,
    "TurnEnded": _turn_ended,
    "WarDeclared": _war_declared,
    "WarDecided": _war_decided,
    "WarCardChosen": _war_card_chosen,
    "WarSpoilsTaken": _war_spoils_taken,
    "KnightReturned": _knight_returned,
    "KnightCaptured": _knight_captured,
    "WarCardTaken": _war_card_taken,
    "WarEnded": _war_ended,
    "SeatForfeited": _seat_forfeited,
}


def narrate(event: Event, reader: Reader) -> str | None:
    """The log line of ``event`` (already redacted for ``reader``); ``None`` for a type this
    engine does not know (the platform's own events are narrated by the platform)."""
    narrator = NARRATORS.get(event.get("type", ""))
    return None if narrator is None else narrator(reader, event)
