"""The new-match form in the players' words (games/WORDS.md): every option of ``commands.OPTIONS``
and every bot level offered, with its measured strength from README.md ("Bots", "Strength")."""

from __future__ import annotations

from games.drunter.commands import OPTIONS
from games.narration import BotWords, OptionWords

OPTION_WORDS: dict[str, OptionWords] = {
    "extended": OptionWords(
        label=("Extended rules", "Rozšířená pravidla"),
        help=(
            "Each player gets two secret goal cards instead of one building (special cards such as"
            " “every visible 3” among them), outhouses are covered without a vote, and when the"
            " first route is blocked everyone commits one goal. Off by default: the basic game,"
            " one secret building each and outhouse votes.",
            "Každý dostane místo jedné budovy dvě tajné karty cílů (mezi nimi i zvláštní karty,"
            " např. „všechny viditelné trojky“), o kadibudkách se nehlasuje a po zablokování první"
            " trasy si každý zvolí jeden cíl. Vypnuto (výchozí): základní hra s jednou tajnou"
            " budovou a hlasováním o kadibudkách.",
        ),
    ),
    "goal_deal": OptionWords(
        label=("Dealing the goal cards", "Rozdání karet cílů"),
        help=(
            "Extended rules only. By default each player gets any two of the ten goal cards, so"
            " one may hold two buildings and another two special cards; “one of each” gives"
            " everyone one building and one special card, as the translator of the rules suggests.",
            "Jen pro rozšířená pravidla. Výchozí volba odpovídá pravidlům: každý dostane"
            " libovolné dvě z deseti karet cílů, takže někdo může mít dvě budovy a jiný dvě"
            " zvláštní karty;"
            " „jedna od každé“ dá každému jednu budovu a jednu zvláštní kartu, jak radí překladatel"
            " pravidel.",
        ),
        choices={
            "random": ("Any two cards (the rule)", "Libovolné dvě karty (podle pravidel)"),
            "balanced": (
                "One of each: a building and a special card",
                "Jedna od každé: budova a zvláštní karta",
            ),
        },
    ),
    "shrug_with_others": OptionWords(
        label=("Shrug beside other cards", "Krčení rameny i s jinými kartami"),
        help=(
            "Outhouse votes: lets a player lay the shrugging citizen together with other cards; it"
            " adds no vote but hides how many votes were cast. Off by default: the shrug is played"
            " alone, as the vote of someone who does not care.",
            "Hlasování o kadibudkách: občana, který krčí rameny, lze vyložit i spolu s jinými"
            " kartami; nepřidá hlas, ale zakryje, kolik hlasů kdo dal. Vypnuto (výchozí): krčení"
            " rameny se hraje samo jako hlas toho, komu je to jedno.",
        ),
    ),
    "tunnel_keeps_builder": OptionWords(
        label=("A tunnel keeps the builder", "Tunel drží zedníka"),
        help=(
            "On by default: a builder closed in on three sides stays on the board while a tunnel"
            " beside it leads to a free square beyond, so the route can still go on through it."
            " Off: such a builder leaves the board at once and the way through the tunnel is lost.",
            "Zapnuto (výchozí): zedník obklopený ze tří stran zůstává na plánu, dokud vedle něj"
            " vede tunel na volné pole, takže trasa může pokračovat tunelem. Vypnuto: takový"
            " zedník hned opouští plán a cesta tunelem je ztracena.",
        ),
    ),
}
assert set(OPTION_WORDS) == {o.name for o in OPTIONS}, "an option has no words"

# Strength from README.md, "Strength": 2 players at 0.3 s a move (200 games a cell), 4 players
# against random at the server's 1 s (600 games pooled) and against greedy at 0.3 s; the first
# run's 10-game cells for random and greedy against each other.
BOT_WORDS: dict[str, BotWords] = {
    "random": BotWords(
        label=("Beginner", "Začátečník"),
        help=(
            "Places any tile that fits and votes with cards picked at random: good for learning"
            " the rules.",
            "Pokládá kteroukoli placku, která pasuje, a hlasuje náhodně vybranými kartami: vhodný"
            " na seznámení s pravidly.",
        ),
        strength=(
            "Rarely wins: against Casual it won none of 10 measured two-player games and 1 of 10"
            " four-player games.",
            "Vyhrává zřídka: proti Rekreačnímu hráči ze změřených her nevyhrál ve dvou žádnou"
            " z 10 a ve čtyřech 1 z 10.",
        ),
    ),
    "greedy": BotWords(
        label=("Casual", "Rekreační hráč"),
        help=(
            "Places the tile that best saves its own buildings and covers the ones it guesses are"
            " the others' (judging by what each player covers), and votes the same way; it does"
            " not plan ahead.",
            "Pokládá placku, která nejlépe ušetří jeho budovy a zakryje ty, o kterých odhaduje, že"
            " patří ostatním (podle toho, co kdo zakrývá), a stejně hlasuje; dopředu neplánuje.",
        ),
        strength=(
            "Beat Beginner in all 10 measured two-player games and 9 of 10 four-player games;"
            " Strong wins 97 % of two-player games against it.",
            "Proti Začátečníkovi vyhrál všech 10 změřených her ve dvou a 9 z 10 ve čtyřech;"
            " Silný ho ve dvou porazí v 97 % her.",
        ),
    ),
    "search": BotWords(
        label=("Strong", "Silný"),
        help=(
            "Tries its best placements in thousands of quick imagined games, dealing the hidden"
            " cards as the others' play suggests, and picks the one that wins most; it thinks"
            " about a second a move.",
            "Zkouší své nejlepší tahy v tisících rychlých myšlených her, v nichž skryté karty"
            " rozdá podle toho, jak ostatní hrají, a vybere ten, který nejčastěji vyhrává;"
            " přemýšlí asi sekundu na tah.",
        ),
        strength=(
            "Wins 98 % of two-player games against Beginner and 97 % against Casual; with four"
            " players it finishes ahead of 96 % of Beginner opponents and 86 % of Casual ones.",
            "Ve dvou vyhrává 98 % her proti Začátečníkovi a 97 % proti Rekreačnímu hráči; ve"
            " čtyřech skončí před 96 % soupeřů na úrovni Začátečník a před 86 % soupeřů na úrovni"
            " Rekreační hráč.",
        ),
    ),
}

PLAYER_BOT_LEVELS: tuple[str, ...] = ("random", "greedy", "search")
DEFAULT_BOT_LEVEL = "greedy"
