"""Event texts for the match log, redaction of secrets, and undo barriers."""

from __future__ import annotations

from typing import Any

from games.base import EventText
from games.catan.data import DEV_CARDS

Event = dict[str, Any]

EVENT_TEXTS: dict[str, EventText] = {
    "GameCreated": EventText(
        "A game of Catan for {n_players} players begins.",
        "Začíná hra Osadníci z Katanu pro {n_players} hráče.",
    ),
    "SettlementBuilt": EventText(
        "Player {seat} builds a settlement.", "Hráč {seat} staví vesnici."
    ),
    "RoadBuilt": EventText("Player {seat} builds a road.", "Hráč {seat} staví cestu."),
    "CityBuilt": EventText("Player {seat} builds a city.", "Hráč {seat} staví město."),
    "StartingResourcesTaken": EventText(
        "Player {seat} takes the starting resources.", "Hráč {seat} bere startovní suroviny."
    ),
    "DevelopmentCardBought": EventText(
        "Player {seat} buys a development card.", "Hráč {seat} kupuje akční kartu."
    ),
    "DiceRolled": EventText("Player {seat} rolls {dice}.", "Hráč {seat} hází {dice}."),
    "CardDiscarded": EventText(
        "Player {seat} discards a card ({card}).", "Hráč {seat} odhazuje kartu ({card})."
    ),
    "RobberMoved": EventText(
        "Player {seat} moves the robber to hex {hex}.",
        "Hráč {seat} přesouvá zloděje na políčko {hex}.",
    ),
    "CardStolen": EventText(
        "Player {seat} steals a card from player {victim}.",
        "Hráč {seat} krade kartu hráči {victim}.",
    ),
    "KnightPlayed": EventText("Player {seat} plays a knight.", "Hráč {seat} hraje rytíře."),
    "RoadBuildingPlayed": EventText(
        "Player {seat} plays Road Building.", "Hráč {seat} hraje Stavbu silnic."
    ),
    "YearOfPlentyPlayed": EventText(
        "Player {seat} plays Year of Plenty: {resources}.",
        "Hráč {seat} hraje Vynález: {resources}.",
    ),
    "MonopolyPlayed": EventText(
        "Player {seat} plays Monopoly on {resource}.", "Hráč {seat} hraje Monopol na {resource}."
    ),
    "PointCardLaid": EventText(
        "Player {seat} lays out a point card.", "Hráč {seat} vykládá kartu s bodem."
    ),
    "BankTraded": EventText(
        "Player {seat} trades {ratio} {give} for 1 {get} with the bank.",
        "Hráč {seat} měnil {ratio}× {give} za 1× {get} s bankem.",
    ),
    "DraftStarted": EventText(
        "Player {seat} starts composing an offer.", "Hráč {seat} sestavuje nabídku."
    ),
    "DraftExtended": EventText(
        "Player {seat} adds {resource} to the {side} side.",
        "Hráč {seat} přidává {resource} na stranu {side}.",
    ),
    "DraftCancelled": EventText(
        "Player {seat} drops the offer.", "Hráč {seat} ruší rozpracovanou nabídku."
    ),
    "OfferMade": EventText(
        "Player {seat} offers {give} for {get}.", "Hráč {seat} nabízí {give} za {get}."
    ),
    "OfferAnswered": EventText(
        "Player {seat} answers the offer (accept: {accept}).",
        "Hráč {seat} odpovídá na nabídku (přijímá: {accept}).",
    ),
    "CounterOffered": EventText(
        "Player {seat} counters: {give} for {get}.", "Hráč {seat} protinabízí {give} za {get}."
    ),
    "TradeMade": EventText(
        "Player {seat} trades with player {partner}.", "Hráč {seat} obchoduje s hráčem {partner}."
    ),
    "OfferWithdrawn": EventText(
        "Player {seat} withdraws the offer.", "Hráč {seat} stahuje nabídku."
    ),
    "TurnEnded": EventText("Player {seat} ends the turn.", "Hráč {seat} končí tah."),
    "WarDeclared": EventText(
        "Player {seat} declares war on player {defender}.",
        "Hráč {seat} vyhlašuje válku hráči {defender}.",
    ),
    "WarDecided": EventText(
        "War: attack {attack} against defence {defence}; the {winner} wins.",
        "Válka: útok {attack} proti obraně {defence}; vítězí {winner}.",
    ),
    "WarCardChosen": EventText(
        "Player {seat} picks a card for the attacker.", "Hráč {seat} vybírá kartu pro útočníka."
    ),
    "WarSpoilsTaken": EventText(
        "Player {seat} plunders cards from player {victim}.",
        "Hráč {seat} plení karty hráče {victim}.",
    ),
    "KnightReturned": EventText(
        "Player {seat} returns a knight to the bank.", "Hráč {seat} vrací rytíře do banku."
    ),
    "KnightCaptured": EventText(
        "Player {seat} captures a knight of player {victim}.",
        "Hráč {seat} získává rytíře hráče {victim}.",
    ),
    "WarCardTaken": EventText(
        "Player {seat} takes a card from player {victim}.",
        "Hráč {seat} bere kartu hráči {victim}.",
    ),
    "WarEnded": EventText("The war is over.", "Válka skončila."),
    "SeatForfeited": EventText("Player {seat} leaves the game.", "Hráč {seat} opouští hru."),
}

_DEV = frozenset(DEV_CARDS)


def redact(event: Event, seat: int | None) -> Event | None:
    """Hide what ``seat`` could not see at the table: the deck order, a bought card, a stolen
    card, a discarded development card, private drafts and the defender's picks in war."""
    etype = event["type"]
    if etype == "GameCreated":
        shown = dict(event)
        shown["deck"] = len(event["deck"])
        return shown
    if etype == "DevelopmentCardBought":
        return event if seat == event["seat"] else {**event, "card": None}
    if etype in ("CardStolen", "WarCardTaken"):
        if seat in (event["seat"], event["victim"]):
            return event
        return {**event, "card": None}
    if etype == "WarSpoilsTaken":
        if seat in (event["seat"], event["victim"]):
            return event
        return {**event, "cards": len(event["cards"])}
    if etype == "CardDiscarded":
        if seat == event["seat"] or event["card"] not in _DEV:
            return event
        return {**event, "card": "development"}
    if etype in ("WarCardChosen", "DraftStarted", "DraftExtended", "DraftCancelled"):
        return event if seat == event["seat"] else None
    return event


_UNDOABLE = frozenset(
    {
        "SettlementBuilt",
        "RoadBuilt",
        "CityBuilt",
        "BankTraded",
        "DraftStarted",
        "DraftExtended",
        "DraftCancelled",
        "RoadBuildingPlayed",
        "YearOfPlentyPlayed",
        "PointCardLaid",
    }
)


def is_undo_barrier(event: Event) -> bool:
    """Builds, bank trades, drafts and the simple cards can be taken back; anything that drew a
    card or dice, revealed something, involved another player or ended the turn cannot."""
    if event["type"] == "SettlementBuilt" and event.get("free"):
        return False
    return event["type"] not in _UNDOABLE
