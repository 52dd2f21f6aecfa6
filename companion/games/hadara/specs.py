"""Hadara's forms: the setup form's fields for each player and every action's fields."""
from __future__ import annotations

from ..core import CORRECT, ActionSpec, FieldSpec, t
from .data import COLOURS, STATUES, STEP_RULES, TRACKS
from .model import EFFECT_CHANGES
from .terms import COLOUR_WORDS, EFFECT_WORDS, MEDAL_WORDS, TRACK_LABELS, TRACK_WORDS
from .wheel import DECK_ORDERS, order_key, order_words
from .wheel import RULE as WHEEL_RULE

#: the values printed on cards and tiles are almost always 0 to 5: chips, not a keyboard
SMALL = 5
#: a choice among a few drawn as chips (one tap) rather than a list (open it, then pick)
CHIPS = 1
#: the chips of an epoch card's printed cost and points, by epoch (low, high); any value beyond
#: goes in the box beside them. Guessed: "Buy 1 Card" leaves the ranges to the reference sheet.
EPOCH_CHIPS = {"cost": {1: (0, 11), 2: (4, 17), 3: (8, 23)},
               "points": {1: (0, 6), 2: (0, 9), 3: (0, 13)}}
#: the chips of a colony's or a statue's printed values (a few requirement levels, a few
#: points), of a setup card's
NEEDED, POINTS, COINS = 15, 10, 10


def _player(name: str = "player") -> FieldSpec:
    return FieldSpec(name, t("Player"), "player")


def _round() -> FieldSpec:
    """The phase A round a card is for, as the page showed it (0: not named); a second tap
    on the same player's card, once the round moved on, is refused."""
    return FieldSpec("round", t("Round"), low=0, high=9, required=False, default=0,
                     by_page=True)


def _track_fields(high: int = 20) -> tuple[FieldSpec, ...]:
    return tuple(FieldSpec(tr, TRACK_LABELS[tr], low=0, high=high, required=False, default=0,
                           usual=SMALL) for tr in TRACKS)


def _effect_fields() -> tuple[FieldSpec, ...]:
    """A purple card's effect, as the table writes it, and what it changes."""
    return (FieldSpec("effect", t("Purple card's effect (a few words)"), "text", required=False,
                      limit=EFFECT_LIMIT),
            FieldSpec("effect_changes", t("The effect changes"), "choice",
                      choices=tuple((c, EFFECT_WORDS[c]) for c in EFFECT_CHANGES),
                      required=False, default=""))


EFFECT_LIMIT = 60
_COLOURS = tuple((c, COLOUR_WORDS[c]) for c in COLOURS)
_TRACK_CHOICES = tuple((tr, TRACK_WORDS[tr]) for tr in TRACKS)
_MEDALS = tuple((m, MEDAL_WORDS[m]) for m in ("silver", "gold"))

TRUTH = "The table is the truth"


def _add_or_remove() -> FieldSpec:
    return FieldSpec("change", t("Change"), "choice",
                     choices=(("add", t("add")), ("remove", t("remove"))))


def _correction(kind: str, label: str, *fields: FieldSpec) -> ActionSpec:
    return ActionSpec(kind, label, TRUTH, (_player(), *fields), commutative=True,
                      correction=True)


#: corrections by hand of what the boards show (``corrections.py``)
CORRECTIONS = {
    "correct_card": _correction(
        "correct_card", t("Correct the cards"), _add_or_remove(),
        FieldSpec("colour", t("Colour"), "choice", choices=_COLOURS),
        FieldSpec("cost", t("Printed cost"), high=30, required=False, default=0),
        *_track_fields(), FieldSpec("points", t("Points"), high=30, required=False, default=0),
        *_effect_fields()),
    "correct_colony": _correction(
        "correct_colony", t("Correct the colonies"), _add_or_remove(),
        FieldSpec("requirement", t("Military needed"), low=0, high=40),
        FieldSpec("points", t("Points"), high=40, required=False, default=0),
        FieldSpec("side", t("Side up"), "choice",
                  choices=(("plundered", t("plundered (coin side up)")),
                           ("integrated", t("integrated (flipped)"))),
                  required=False, default="plundered"),
        *_track_fields()),
    "correct_statue": _correction(
        "correct_statue", t("Correct the statues"),
        FieldSpec("change", t("Change"), "choice", choices=(
            ("carve", t("carve it")),
            ("uncarve", t("uncarve it (take the statue and its tile off)")),
            ("flip", t("turn its tile over")))),
        FieldSpec("statue", t("Statue space"), low=1, high=STATUES),
        FieldSpec("requirement", t("Culture needed"), high=40, required=False, default=0),
        FieldSpec("points", t("Points"), high=40, required=False, default=0),
        FieldSpec("tile_track", t("Bonus tile colour"), "choice",
                  choices=(("", t("choose a colour")),) + _TRACK_CHOICES, required=False,
                  default=""),
        FieldSpec("tile_side", t("Tile side"), "choice",
                  choices=(("up", t("face up (raise the track)")),
                           ("down", t("face down (points at the end)"))),
                  required=False, default="up"),
        FieldSpec("tile_value", t("Value beside the tile space"), high=20, required=False,
                  default=0)),
    "correct_medal": _correction(
        "correct_medal", t("Correct the medals"), _add_or_remove(),
        FieldSpec("medal", t("Medal"), "choice", choices=_MEDALS),
        FieldSpec("track", t("Track (silver medals)"), "choice",
                  choices=(("", t("none (gold medal)")),) + _TRACK_CHOICES, required=False,
                  default="")),
    "correct_effect": _correction(
        "correct_effect", t("Correct a purple card's effect"),
        FieldSpec("card", t("Purple card (1 = the first bought)"), low=1, high=60),
        *_effect_fields()),
    "effect_points": _correction(
        "effect_points", t("Points of a purple card's effect on final scoring"),
        FieldSpec("card", t("Purple card (1 = the first bought)"), low=1, high=60),
        FieldSpec("points", t("Points its effect gives, as the table counts them"), high=99)),
}

ACTIONS = {
    "buy": ActionSpec("buy", t("Buy a card"), STEP_RULES["cards"] + " (Buy 1 Card)", (
        _player(), FieldSpec("colour", t("Colour"), "choice", choices=_COLOURS),
        FieldSpec("cost", t("Printed cost"), high=30, usual=SMALL),
        *_track_fields(),
        FieldSpec("points", t("Points"), high=30, required=False, default=0, usual=SMALL),
        *_effect_fields(),
        # kept apart from the printed cost: the box data remembers the card as printed
        FieldSpec("saved", t("Coins the player's purple effects take off"), high=30,
                  required=False, default=0),
        _round()),
        commutative=True, actor="player"),
    "sell": ActionSpec("sell", t("Sell a card"), STEP_RULES["cards"] + " (Sell 1 Card)",
                       (_player(), _round(),
                        # phase B: the face-up card's colour (phase A's is the wheel's deck)
                        FieldSpec("colour", t("Colour of the face-up card (phase B)"), "choice",
                                  choices=(("", t("not named")),) + _COLOURS, required=False,
                                  default="")),
                       commutative=True, actor="player"),
    "wheel": ActionSpec("wheel", t("Set the wheel"), WHEEL_RULE, (
        *(FieldSpec(f"seat{i}", t("Seat {n}'s icon points at", n=i), "choice",
                    choices=(("", t("no player")),) + _COLOURS, required=False, default="",
                    usual=CHIPS)
          for i in range(1, 6)),
        FieldSpec("decks", t("Decks clockwise around the board"), "choice",
                  choices=(("", t("as told before (none yet: the app assumes no order)")),) + tuple(
                      (order_key(o), order_words(o)) for o in DECK_ORDERS),
                  required=False, default=""))),
    "income": ActionSpec("income", t("Pay income to everyone"), STEP_RULES["income"]),
    "colony": ActionSpec("colony", t("Take a colony"), STEP_RULES["colony"], (
        _player(), FieldSpec("requirement", t("Military needed"), low=0, high=40, usual=NEEDED),
        FieldSpec("points", t("Points"), high=40, usual=POINTS),
        FieldSpec("choice", t("Plunder or integrate"), "choice",
                  choices=(("plunder", t("plunder (gain coins)")),
                           ("integrate", t("integrate (pay coins, flip)"))), usual=CHIPS),
        FieldSpec("coins", t("Coins (green to gain, red to pay)"), high=40, usual=COINS),
        *_track_fields()), commutative=True, actor="player"),
    "no_colony": ActionSpec("no_colony", t("Take no colony"), STEP_RULES["colony"], (_player(),),
                            commutative=True, actor="player"),
    "statue": ActionSpec("statue", t("Carve a statue"), STEP_RULES["statue"], (
        _player(), FieldSpec("statue", t("Statue space"), low=1, high=4, usual=4),
        FieldSpec("requirement", t("Culture needed"), high=40, usual=NEEDED),
        FieldSpec("points", t("Points"), high=40, usual=POINTS),
        FieldSpec("tile_track", t("Bonus tile colour"), "choice",
                  choices=(("", t("choose a colour")),) + _TRACK_CHOICES, required=False,
                  default="", usual=CHIPS),
        FieldSpec("tile_side", t("Tile side"), "choice",
                  choices=(("up", t("face up (raise the track)")),
                           ("down", t("face down (points at the end)"))), default="up",
                  usual=CHIPS),
        FieldSpec("tile_value", t("Value beside the tile space"), high=20, usual=SMALL)),
        commutative=True),
    "remove": ActionSpec("remove", t("Remove a card (feeding)"), STEP_RULES["feed"],
                         (_player(), FieldSpec("card", t("Card"), high=200)), commutative=True),
    "medal": ActionSpec("medal", t("Buy a medal"), STEP_RULES["medals"], (
        _player(), FieldSpec("medal", t("Medal"), "choice", choices=_MEDALS),
        FieldSpec("price", t("Price this epoch"), high=99),
        FieldSpec("track", t("Track (silver medals)"), "choice",
                  choices=(("", t("none (gold medal)")),) + _TRACK_CHOICES, required=False,
                  default="")), commutative=True),
    "next": ActionSpec("next", t("Next step"), "Hadara rulebook, The Game Round", (
        FieldSpec("closing", t("Step"), "text", required=False, limit=20),
        FieldSpec("anyway", t("Close it anyway"), "bool", required=False),)),
    CORRECT: ActionSpec(CORRECT, t("Correct a value"), "The table is the truth", (
        _player(), FieldSpec("value", t("Value"), "choice",
                             choices=(("coins", t("coins")),) + _TRACK_CHOICES),
        FieldSpec("delta", t("Change by"), low=-99, high=99)), commutative=True),
    **CORRECTIONS,
}

#: the actions each step offers, for the guide
STEP_ACTIONS = {"cards": ("buy", "sell", "next", "wheel"), "income": ("income",),
                "colony": ("colony", "no_colony", "next"), "statue": ("statue", "next"),
                "feed": ("remove", "next"), "medals": ("medal", "next")}

PLAYER_FIELDS = (
    # turn order follows the seats: they go clockwise around the table ("continuing clockwise")
    FieldSpec("name", t("Name (seats go clockwise around the table)"), "text"),
    FieldSpec("symbol", t("Player symbol"), "text", required=False, limit=20),
    # a setup card's printed values as chips (a box beside them for any beyond)
    FieldSpec("initiative", t("Setup card initiative"), low=1, high=99, usual=COINS),
    FieldSpec("side", t("Setup card side"), "choice", choices=(("A", "A"), ("B", "B")),
              default="A", usual=CHIPS),
    FieldSpec("coins", t("Starting coins"), high=99, usual=NEEDED),
    *(FieldSpec(tr, t("Starting {track}", track=TRACK_WORDS[tr]), high=30, usual=SMALL)
      for tr in TRACKS),
)
