"""The new-match form in players' words: every option's label, effect and default, and the bot
levels offered to players with how they play and how strong they measured
(``README.md``, Bots: Strength). Texts come from the Czech rule text and the README's decisions;
no developer notes, no option names."""

from __future__ import annotations

from games.narration import BotWords, OptionWords, Words

_WITH_VARIANT = (
    "Only with the two-player variant. ",
    "Jen s variantou pro dva hráče. ",
)


def _clarification(label: Words, on: Words, off: Words) -> OptionWords:
    """A clarification of the variant's text: on by default with the variant, off without it."""
    return OptionWords(
        label=label,
        help=(
            f"{_WITH_VARIANT[0]}{on[0]} (the variant's reading, the default). Off: {off[0]}",
            f"{_WITH_VARIANT[1]}{on[1]} (výklad textu varianty; výchozí). Vypnuto: {off[1]}",
        ),
    )


OPTION_WORDS: dict[str, OptionWords] = {
    "preset": OptionWords(
        label=("Rule set", "Sada pravidel"),
        help=(
            "A ready-made set of the two-player variant's rules. Fast: 12 points, three "
            "settlements each and a chosen starting settlement. Original (the authors' own): "
            "12 points, a chosen starting settlement and the first city only after three "
            "settlements. A set turns the variant on and leaves the other rules to you; the "
            "default sets nothing.",
            "Hotová sada pravidel varianty pro dva. Zrychlená: 12 bodů, tři vesnice a volba "
            "startovní vesnice. Původní (jak ji hrají autoři): 12 bodů, volba startovní vesnice "
            "a první město až po třech vesnicích. Sada zapne variantu a ostatní pravidla nechá na "
            "vás; výchozí volba nenastavuje nic.",
        ),
        choices={
            "none": ("No set: choose the rules yourself", "Žádná sada: pravidla volíte sami"),
            "fast": ("Fast", "Zrychlená"),
            "original": ("Original", "Původní"),
        },
    ),
    "variant": OptionWords(
        label=("Two-player variant with 3-4 players", "Varianta pro dva i ve 3-4 hráčích"),
        help=(
            "Plays the Czech two-player variant with three or four players: the game ends the "
            "moment someone reaches the target, its clarifications apply and its optional rules "
            "can be switched on. Two players always play the variant. Default: off, the "
            "published rules.",
            "Hraje českou variantu pro dva i ve třech nebo čtyřech: hra končí ve chvíli, kdy "
            "někdo dosáhne cíle, platí její upřesnění a lze zapnout její volitelná pravidla. Dva "
            "hráči hrají variantu vždy. Výchozí: vypnuto, vydaná pravidla.",
        ),
    ),
    "victory_points": OptionWords(
        label=("Points to win", "Body k vítězství"),
        help=(
            "How many victory points win the game. Default: by the rules, 12 with two players "
            "and 10 with three or four.",
            "Kolik vítězných bodů vyhrává. Výchozí: podle pravidel, ve dvou 12, ve třech a ve "
            "čtyřech 10.",
        ),
        choices={
            0: (
                "By the rules (12 with two players, 10 otherwise)",
                "Podle pravidel (12 ve dvou, jinak 10)",
            ),
            10: ("10 points", "10 bodů"),
            12: ("12 points", "12 bodů"),
        },
    ),
    "beginner_board": OptionWords(
        label=("Beginners' map", "Mapa pro začátečníky"),
        help=(
            "Plays on the fixed map suggested for a first game. Default: off, a random island "
            "(terrain, numbers and harbours shuffled, a 6 and an 8 never side by side).",
            "Hraje na pevné mapě doporučené pro první hru. Výchozí: vypnuto, náhodný ostrov "
            "(terén, čísla i přístavy zamíchané, 6 a 8 nikdy vedle sebe).",
        ),
    ),
    "three_settlements": OptionWords(
        label=("Three settlements", "Tři vesnice"),
        help=(
            "Each player starts with three settlements and roads instead of two; with two "
            "players they are placed A, B, B, A, A, B (variant rule 2). Default: off, two each.",
            "Každý začíná se třemi vesnicemi a cestami místo dvou; ve dvou se staví v pořadí A, "
            "B, B, A, A, B (pravidlo 2 varianty). Výchozí: vypnuto, po dvou.",
        ),
    ),
    "choose_start_resources": OptionWords(
        label=("Choose the starting settlement", "Volba startovní vesnice"),
        help=(
            "Once everyone has placed, each player chooses which of their settlements pays the "
            "starting resources (variant rule 3). Default: off, the last settlement placed pays.",
            "Po rozmístění si každý vybere, která z jeho vesnic dá startovní suroviny (pravidlo "
            "3 varianty). Výchozí: vypnuto, suroviny dává poslední postavená vesnice.",
        ),
    ),
    "remove_five_knights": OptionWords(
        label=("Five Knights fewer", "O pět rytířů méně"),
        help=(
            "Five Knights leave the development deck, 9 stay (variant rule 4). Default: off, "
            "all 14.",
            "Z balíčku akčních karet se odstraní pět rytířů, zůstane jich 9 (pravidlo 4 "
            "varianty). Výchozí: vypnuto, všech 14.",
        ),
    ),
    "lay_out_point_cards": OptionWords(
        label=("Lay out Victory Point cards", "Vykládání karet s vítězným bodem"),
        help=(
            "On your turn you may lay a Victory Point card face up: its point counts from then "
            "on and the card can no longer be stolen, traded or discarded (variant rule 5). "
            "Default: off, point cards stay hidden in hand.",
            "Ve svém tahu smíte vyložit kartu s vítězným bodem: bod se od té chvíle počítá a o "
            "kartu už nelze přijít krádeží, obchodem ani odhozením (pravidlo 5 varianty). "
            "Výchozí: vypnuto, karty s body zůstávají skryté v ruce.",
        ),
    ),
    "war": OptionWords(
        label=("War", "Válka"),
        help=(
            "Once per turn, a player with at least two Knights played may attack another: both "
            "roll, the larger army adds to the attack, and the winner takes cards from the loser "
            "(variant rule 6, see the rules). Default: off.",
            "Jednou za tah smí hráč s alespoň dvěma zahranými rytíři napadnout jiného: oba "
            "hází, větší armáda přidává k útoku a vítěz bere poraženému karty (pravidlo 6 "
            "varianty, viz pravidla). Výchozí: vypnuto.",
        ),
    ),
    "robber_blocks_harbour": OptionWords(
        label=("The robber blocks harbours", "Zloděj blokuje přístavy"),
        help=(
            "While the robber stands on a hex, the harbour on that hex's coast cannot be used "
            "(variant rule 7). Default: off, the robber only stops the hex's production.",
            "Dokud na políčku stojí zloděj, nelze použít přístav na jeho pobřeží (pravidlo 7 "
            "varianty). Výchozí: vypnuto, zloděj jen zastaví výnos políčka.",
        ),
    ),
    "city_needs_three_settlements": OptionWords(
        label=("First city after three settlements", "První město až po třech vesnicích"),
        help=(
            "A player may build a first city only with three settlements on the board (variant "
            "rule 8). Default: off.",
            "První město smí hráč postavit, až když má na plánu tři vesnice (pravidlo 8 "
            "varianty). Výchozí: vypnuto.",
        ),
    ),
    "tied_awards_to_bank": _clarification(
        ("A tie returns Longest Road and Largest Army", "Shoda vrací Nejdelší cestu a armádu"),
        (
            "When players tie for the longest road or the largest army, the card goes back to "
            "the bank",
            "Když mají hráči stejně dlouhou cestu nebo stejně velkou armádu, jde karta do banku",
        ),
        ("the holder keeps it on a tie.", "při shodě si ji držitel ponechá."),
    ),
    "seven_counts_development_cards": _clarification(
        ("A 7 counts development cards", "Sedmička počítá i akční karty"),
        (
            "On a 7, development cards in hand count toward the 7-card limit and may be "
            "discarded, face down under the deck",
            "Při sedmičce se do limitu 7 karet počítají i akční karty v ruce a lze je odhodit "
            "lícem dolů pod balíček",
        ),
        ("only resource cards count.", "počítají se jen suroviny."),
    ),
    "steal_development_cards": _clarification(
        ("The robber steals any card", "Zloděj krade jakoukoli kartu"),
        (
            "The robber may take a development card as well as a resource; a stolen card cannot "
            "be played in the turn it was taken",
            "Zloděj smí vzít i akční kartu, nejen surovinu; ukradenou kartu nelze zahrát v tahu, "
            "kdy byla získána",
        ),
        ("resources only.", "jen suroviny."),
    ),
    "robber_may_stay": _clarification(
        ("The robber may stay", "Zloděj smí zůstat"),
        (
            "After a 7 or a Knight you may leave the robber where it stands, and then steal "
            "nothing",
            "Po sedmičce nebo rytíři smíte nechat zloděje na místě, a pak nic nekradete",
        ),
        ("the robber must move.", "zloděj se musí přesunout."),
    ),
    "theft_optional": _clarification(
        ("Robbing is optional", "Krádež je dobrovolná"),
        (
            "You may move the robber next to an opponent just to block the hex, and steal nothing",
            "Zloděje smíte postavit k soupeři jen kvůli zablokování políčka a nic nekrást",
        ),
        (
            "next to an opponent you must steal, as in the published rules.",
            "stojí-li zloděj u soupeře, musíte krást, jako ve vydaných pravidlech.",
        ),
    ),
    "no_road_building_before_roll": _clarification(
        ("No Road Building before the roll", "Stavba silnic až po hodu"),
        (
            "Road Building cannot be played before you roll, since nothing may be built then",
            "Stavbu silnic nelze zahrát před hodem kostkami, protože tehdy se nestaví",
        ),
        ("it is played like any other development card.", "hraje se jako každá akční karta."),
    ),
    "trade_offers_per_turn": OptionWords(
        label=("Trade offers per turn", "Nabídky obchodu za tah"),
        help=(
            "How many trade offers to other players you may start in one turn (counter-offers "
            "are not counted): every offer waits for the others' answers, so a limit keeps turns "
            "moving. Default: 3; 0 turns trading between players off (the bank and harbours "
            "stay).",
            "Kolik nabídek obchodu ostatním hráčům smíte za tah začít (protinabídky se "
            "nepočítají): každá nabídka čeká na odpovědi ostatních, limit tedy udržuje hru v "
            "pohybu. Výchozí: 3; 0 vypne obchod mezi hráči (obchod s bankem a v přístavech "
            "zůstává).",
        ),
    ),
}


# The levels a player may pick, the same family in every game. "ismcts" (the platform's shared
# tree search) stays in ``bot_levels`` because stored matches use it and the benchmarks compare
# against it, but it is weaker than "search" at every player count (README: 30 % against greedy
# where search has 62 %), so it is not offered.
PLAYER_BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_BOT_LEVEL = "greedy"

BOT_WORDS: dict[str, BotWords] = {
    "random": BotWords(
        label=("Beginner", "Začátečník"),
        help=(
            "Plays a random legal move and now and then offers a small trade; it does not plan.",
            "Hraje náhodný povolený tah a občas nabídne malý obchod; nic neplánuje.",
        ),
        strength=(
            "Won none of 10 test games against Casual, with 2 players and with 4.",
            "Proti Rekreačnímu hráči nevyhrál ani jednu z 10 zkušebních her, ve dvou ani ve "
            "čtyřech.",
        ),
    ),
    "greedy": BotWords(
        label=("Casual", "Rekreační hráč"),
        help=(
            "Looks one move ahead and picks what its rule of thumb likes best (production, "
            "buildings, points); it never proposes trades to players.",
            "Dívá se jeden tah dopředu a vybírá, co podle jeho odhadu nejvíc pomůže (výnosy, "
            "stavby, body); obchod hráčům sám nenabízí.",
        ),
        strength=(
            "Won 10 of 10 test games against Beginner with 2 players and 9 of 10 with 4; Strong "
            "beats it in 62 % of two-player games.",
            "Proti Začátečníkovi vyhrál 10 z 10 zkušebních her ve dvou a 9 z 10 ve čtyřech; "
            "Silný ho ve dvou porazí v 62 % her.",
        ),
    ),
    "search": BotWords(
        label=("Strong", "Silný"),
        help=(
            "Compares its best few moves by playing each of them forward many times, on fresh "
            "guesses of the hidden cards and with the same dice for each, within its thinking "
            "time.",
            "Porovnává své nejlepší tahy: každý mnohokrát dohraje dopředu na nových odhadech "
            "skrytých karet a se stejnými kostkami pro všechny, v rámci svého času na "
            "přemýšlení.",
        ),
        strength=(
            "Won 100 % of 200 two-player games against Beginner and 62 % against Casual; with "
            "4 players it finished ahead of 61 % of Casual opponents (measured with a twentieth "
            "of the thinking time it has here).",
            "Ve dvou vyhrál 100 % z 200 her proti Začátečníkovi a 62 % proti Rekreačnímu "
            "hráči; ve čtyřech skončil před 61 % soupeřů úrovně Rekreační hráč (měřeno s "
            "dvacetinou času na přemýšlení, který má tady).",
        ),
    ),
}
