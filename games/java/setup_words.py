"""The new-match form in the players' words (games/WORDS.md): every option of ``commands.py``
with what it changes and what the default does, and the bot levels with how they play and how
strong they measured (README, Bots: Strength)."""

from __future__ import annotations

from collections.abc import Mapping

from games.narration import BotWords, OptionWords

OPTION_WORDS: Mapping[str, OptionWords] = {
    "token_timing": OptionWords(
        label=("When an action token may be used", "Kdy lze použít akční žeton"),
        help=(
            "An action token gives one more action point, once a turn and three times a game. "
            "By default it must be used at the start of the turn, before the first action, as "
            "the official rules say; the other choice allows it at any moment of the turn.",
            "Akční žeton dává o akční bod víc, jednou za tah a třikrát za hru. Ve výchozím "
            "nastavení se musí použít na začátku tahu, před první akcí, jak říkají oficiální "
            "pravidla; druhá volba ho dovolí použít kdykoli během tahu.",
        ),
        choices={
            "start_of_turn": (
                "At the start of the turn (official rule)",
                "Na začátku tahu (oficiální pravidlo)",
            ),
            "any_time": ("At any moment of the turn", "Kdykoli během tahu"),
        },
    ),
    "whole_moves": OptionWords(
        label=(
            "One move per developer between changes of the board",
            "Jeden pohyb figurky mezi změnami desky",
        ),
        help=(
            "On: a developer moves once between two changes of the board (a land tile, water or "
            "a palace laid), straight to its destination by the cheapest way, which keeps turns "
            "short and loses nothing. Off, the default as in the rules: developers move as often "
            "as the action points allow.",
            "Zapnuto: figurka se mezi dvěma změnami desky (položený díl krajiny, voda nebo "
            "palác) pohne jen jednou, rovnou do cíle nejlevnější cestou; tahy jsou kratší a nic "
            "se tím neztratí. Vypnuto, výchozí jako v pravidlech: figurky se pohybují, kolikrát "
            "to akční body dovolí.",
        ),
    ),
}

BOT_WORDS: Mapping[str, BotWords] = {
    "random": BotWords(
        label=("Beginner", "Začátečník"),
        help=(
            "Plays any allowed move at random, only never walks the same developer twice before "
            "the board changes.",
            "Hraje náhodně kterýkoli povolený tah, jen stejnou figurkou nejde dvakrát, dokud se "
            "deska nezmění.",
        ),
        strength=(
            "Won none of 10 games against Casual, with 2 players and with 4.",
            "Proti Rekreačnímu hráči ani jedna výhra z 10 her ve dvou i ve čtyřech hráčích.",
        ),
    ),
    "greedy": BotWords(
        label=("Casual", "Rekreační hráč"),
        help=(
            "Spends each action point on what looks best right now (points, the lead in cities "
            "and villages, cards, developers, lakes) without planning ahead.",
            "Každý akční bod utratí za to, co právě vypadá nejlépe (body, vedení ve městech "
            "a vesnicích, karty, figurky, vodní plochy), dopředu neplánuje.",
        ),
        strength=(
            "Won all 10 games against Beginner, with 2 players and with 4; Strong finishes ahead "
            "of it in about two games of three.",
            "Proti Začátečníkovi 10 výher z 10 her ve dvou i ve čtyřech hráčích; Silný ho "
            "předstihne zhruba ve dvou hrách ze tří.",
        ),
    ),
    "search": BotWords(
        label=("Strong", "Silný"),
        help=(
            "Plans whole turns: it tries many plans against the next player's likely reply, "
            "guessing the cards it cannot see, and plays the best one.",
            "Plánuje celé tahy: zkouší mnoho plánů proti pravděpodobné odpovědi dalšího hráče, "
            "karty, které nevidí, si domýšlí, a zahraje ten nejlepší.",
        ),
        strength=(
            "Over 200 games each: with 2 players it wins 100 % against Beginner and 66 % against "
            "Casual; with 4 players it finishes ahead of every Beginner and of 64 % of Casual "
            "opponents.",
            "Ve 200 hrách na každé srovnání: ve dvou vyhrává 100 % her proti Začátečníkovi "
            "a 66 % proti Rekreačnímu hráči; ve čtyřech skončí před všemi Začátečníky a před "
            "64 % Rekreačních hráčů.",
        ),
    ),
}

PLAYER_BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_BOT_LEVEL = "greedy"  # a newcomer can beat it; Strong is one tap away
