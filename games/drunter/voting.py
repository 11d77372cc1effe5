"""Outhouse votes ("Jak se hlasuje o kadibudkách", cited "vote N" by paragraph): the votes a hand
allows, whose vote it is, and the count of the revealed cards."""

from __future__ import annotations

from games.drunter.data import BOARD
from games.drunter.state import JEIN_BIT, NO_BITS, SHRUG_BIT, YES_BITS, State


def vote_masks(hand: int, shrug_with_others: bool = False) -> list[int]:
    """Every vote a hand allows: the shrug alone, or any non-empty set of the other cards (with
    ``shrug_with_others``, any non-empty set of the hand)."""
    if shrug_with_others:
        out = []
        sub = hand
        while sub:
            out.append(sub)
            sub = (sub - 1) & hand
        return out
    others = hand & ~SHRUG_BIT
    out = [SHRUG_BIT] if hand & SHRUG_BIT else []
    sub = others
    while sub:
        out.append(sub)
        sub = (sub - 1) & others
    return out


def vote_seat(s: State) -> int:
    """The next voter: cards are laid face down one player after another from the placer."""
    for seat in s.voters:
        if s.cast[seat] < 0:
            return seat
    return -1


def tally(s: State) -> tuple[int, int]:
    """Yes and no votes of the revealed cards plus the declared jokers (vote, 4th paragraph)."""
    yes = no = 0
    for seat in s.voters:
        mask = s.cast[seat]
        if mask <= 0:
            continue
        for i in range(len(BOARD.vote_cards)):
            bit = 1 << i
            if not mask & bit:
                continue
            if bit & YES_BITS:
                yes += BOARD.vote_values[i]
            elif bit & NO_BITS:
                no += BOARD.vote_values[i]
            elif bit == JEIN_BIT:
                if s.declared[seat] == 1:
                    yes += BOARD.vote_values[i]
                elif s.declared[seat] == 0:
                    no += BOARD.vote_values[i]
    return yes, no
