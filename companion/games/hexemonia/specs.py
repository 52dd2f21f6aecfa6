"""The actions a table records in a game of Hexemonia, described as data for the web layer."""
from __future__ import annotations

from ..core import MAX_NUMBER, MAX_TEXT_LENGTH, ActionSpec, FieldSpec, t
from .data import CITIES, GEARS, KINDS, NATURES, RESOURCES, TERRAIN_HEXES
from .terms import CITY_WORDS, KIND_WORDS, NATURE_WORDS, NONE, RESOURCE_WORDS

R = "Hexemonia rulebook"
_NATURES = tuple((n, NATURE_WORDS[n]) for n in NATURES)
_PRODUCES = (("none", t("nothing")),) + tuple((r, RESOURCE_WORDS[r]) for r in RESOURCES)
_RESOURCE = (("none", NONE),) + tuple((r, RESOURCE_WORDS[r]) for r in RESOURCES)
_GEAR = (("none", t("no gear")),) + tuple((k, g.label) for k, g in GEARS.items())


def _text(name: str, label: str, help: str = "", required: bool = False,
          parts: tuple[str, ...] = ()) -> FieldSpec:
    return FieldSpec(name, label, "text", required=required, limit=MAX_TEXT_LENGTH, help=help,
                     parts=parts)


def _hex_data(myth: bool) -> tuple[FieldSpec, ...]:
    """The printed data of a hex, entered the first time it is played (box data)."""
    head = (_text("name", t("Name on the tile"), required=True),)
    # type and nature: a few choices, one tap each (chips); unknown until read off the tile, they
    # start with none chosen, never at a made-up first value (A8)
    if not myth:
        head += (FieldSpec("kind", t("Type (title colour)"), "choice",
                           choices=tuple((k, KIND_WORDS[k]) for k in KINDS), default="",
                           usual=1),)
    head += (FieldSpec("nature", t("Nature symbol"), "choice", choices=_NATURES, default="",
                       usual=1),)
    # a tile prints only the cubes it costs: each cost starts at 0 on the form, its small values
    # as chips (still required from every other path)
    cost = () if myth else tuple(
        FieldSpec(f"cost_{r}", t("Cost: {resource}", resource=RESOURCE_WORDS[r]), high=20,
                  default=0, usual=3)
        for r in RESOURCES)
    return head + cost + (
        FieldSpec("produces", t("Production icon"), "choice", choices=_PRODUCES, default="none",
                  usual=1),
        FieldSpec("output", t("Production amount"), high=20, required=False, default=0,
                  usual=3),
    ) + (() if myth else (FieldSpec("shield", t("Shield"), high=20, required=False, default=0),)) \
        + (FieldSpec("gear", t("Special action"), "choice", choices=_GEAR, default="none"),)


def _opponent(required: bool = False) -> FieldSpec:
    return FieldSpec("opponent", t("Opponent"), "player", required=required, default=-1)


def _turn(kind: str, label: str, rule: str, fields: tuple[FieldSpec, ...] = ()) -> ActionSpec:
    """An action of the player whose turn it is. Its ``player`` field names that player (the
    page fills it in); the rules refuse it for anyone else. Left out, it is the active player
    (as the entries logged before actions named their player)."""
    acting = FieldSpec("player", t("Player"), "player", required=False, default=-1)
    return ActionSpec(kind, label, rule, (acting, *fields), actor="player")


ACTIONS: dict[str, ActionSpec] = {s.kind: s for s in (
    _turn("take", t("A) Take 2 hexes, or 1 hex and 1 resource"), f"{R}, A) Prendere 2 esagoni", (
        FieldSpec("hexes", t("Face-up hexes taken"), low=1, high=2),
        FieldSpec("resource", t("Resource taken instead of a second hex"), "choice",
                  choices=_RESOURCE, default="none"),
        # a Fate pile nobody counted ends when the table sees its last hex taken
        FieldSpec("last", t("This took the last hex of the Fate pile"), "bool", default=False,
                  required=False))),
    _turn("play_hex", t("Play a hex into the city"), f"{R}, B) Giocare esagoni",
          _hex_data(False) + (_text("pay_from", t("Pay the cost from"), t(
              "Where the cubes come from, e.g. 'Acropolis: 2c 1g; Pascolo: 1h'. Empty: all "
              "from the Acropolis.")),)),
    _turn("play_myth", t("Play a Myth"), f"{R}, B) Giocare un esagono Mito",
          _hex_data(True) + (_text("host", t("Hex that takes the Myth token"),
                                   required=True),)),
    _turn("production", t("Production"), f"{R}, Azione produttiva"),
    _turn("strategy", t("Strategy: move and swap cubes"), f"{R}, Azione strategica", (
        # a move tapped as chips comes in parts (from, to, cubes), the swaps one a hex
        _text("moves", t("Moves"), t("e.g. 'Acropolis > Pascolo: 1c 1g; Asty > Acropolis: 1h'"),
              parts=(" > ", ": ")),
        _text("swaps", t("Swaps"),
              t("e.g. 'Pascolo: h' (2 citizens -> 1 hoplite) or 'Asty: c'"), parts=("; ",)))),
    _turn("special", t("Special action of a gear hex"), f"{R}, Azione speciale", (
        _text("hex", t("Gear hex or Myth"), required=True), _opponent(),
        _text("target", t("Opponent's hex (Hades)")),
        FieldSpec("amount", t("Citizens (Hades)"), high=3, required=False, default=0),
        FieldSpec("resource", t("Resource (Spring)"), "choice", choices=_RESOURCE, default="none"),
        _text("adjacent", t("Hexes touching it (Temple, Harbour)"),
              t("e.g. 'Sorgente, Acropolis'")),
        _text("moves", t("Moves (Agora)"), t("e.g. 'Acropolis > Pascolo: 2c'")),
        _text("pay_from", t("Citizens sent back (Necropolis)"), t("e.g. 'Acropolis: 2c'")),
        _text("sources", t("Opponent's paying hex (Lighthouse, Labyrinth, Tavern)"),
              t("e.g. 'Ben: Asty'; empty: the Acropolis, else the first hex holding one")))),
    _turn("attack", t("War: attack an opponent's hex"), f"{R}, Azione bellica", (
        _opponent(required=True), _text("target", t("Hex attacked"), required=True),
        _text("adjacent", t("Opponent's hexes touching it"), t("e.g. 'Mura, Falange'")),
        _text("pay_from", t("Attacking units from"), t("e.g. 'Acropolis: 2h 1c'"), required=True),
        _text("discard_myth", t("Myth to discard if this brings a fourth")),
        _text("survivors", t("Survivors onto the conquered hex"),
              t("e.g. '2c' or '1h 1c'; empty: a mix that keeps the hex active (ruling H23)")))),
    # a check made before B and C ends them: the page asks first, unless ``anyway`` says so
    _turn("political_check", t("Political check"),
          f"{R}, D) Verificare la situazione politica",
          (FieldSpec("anyway", t("End the turn without B and C"), "bool", default=False,
                     required=False),)),
    _turn("discard", t("Discard hexes from hand"), f"{R}, D) hand limit",
          (FieldSpec("count", t("Hexes discarded"), low=1, high=20),)),
    # The turn it ends: a second tap cannot end the next player's turn too.
    _turn("end_turn", t("End the turn"), f"{R}, Turno di gioco",
          (FieldSpec("turn", t("Turn"), low=0, high=MAX_NUMBER, required=False, default=0),)),
    # a face-down Acropolis is its player's secret: the rules turn every one face up at the end
    ActionSpec("reveal", t("Reveal an Acropolis"), f"{R}, Preparazione",
               (FieldSpec("player", t("Player"), "player"),),
               own_phone=t("only {name}'s phone can reveal {name}'s Acropolis"), reveals=True),
    # the Acropolis each player drew face down, entered on their own phone (their secret)
    ActionSpec("enter_city", t("Enter my Acropolis (kept hidden)"), f"{R}, Preparazione", (
        FieldSpec("player", t("Player"), "player"),
        FieldSpec("city", t("Acropolis drawn"), "choice",
                  choices=tuple((c, CITY_WORDS[c]) for c in CITIES), usual=1)),
               own_phone=t("only {name}'s phone can enter {name}'s Acropolis")),
    ActionSpec("correct", t("Correct a value by hand"), "Corrections", (
        FieldSpec("player", t("Player"), "player"),
        FieldSpec("what", t("What"), "choice", choices=(
            ("cubes", t("cubes on a hex")), ("cost", t("printed cost of a hex")),
            ("hand", t("hand size")),
            ("fate", t("Fate pile size")), ("philosopher", t("give the Philosopher")),
            ("remove_hex", t("remove a hex")), ("remove_myth", t("remove a Myth")),
            ("last_player", t("give the Last Player marker")),
            ("active", t("make it this player's turn")))),
        _text("hex", t("Hex or Myth")),
        *(FieldSpec(r, label, required=False, default=0) for r, label in (
            ("citizens", t("Citizens")), ("hoplites", t("Hoplites")), ("gold", t("Gold")))),
        FieldSpec("value", t("Number"), required=False, default=0))),
)}

TRUTH = "The table is the truth"
_UNCHANGED = (("", t("unchanged")),)
_CUBES_ON_IT = tuple(FieldSpec(r, t("On it now: {resource}", resource=RESOURCE_WORDS[r]),
                               required=False, default=0, high=MAX_NUMBER) for r in RESOURCES)


def _correction(kind: str, label: str, fields: tuple[FieldSpec, ...]) -> ActionSpec:
    """A correction by hand of one part of a player's state (the table is the truth)."""
    return ActionSpec(kind, label, TRUTH, (FieldSpec("player", t("Player"), "player"), *fields),
                      correction=True)


#: corrections of what "Correct a value" does not reach: hexes and Myths (issue 20)
CORRECTIONS: dict[str, ActionSpec] = {s.kind: s for s in (
    _correction("correct_add_hex", t("Correction: add a hex to the city"),
                _hex_data(False) + _CUBES_ON_IT),
    _correction("correct_hex", t("Correction: a hex's nature or type"), (
        _text("hex", t("Hex"), required=True),
        FieldSpec("nature", t("Nature symbol"), "choice", choices=_UNCHANGED + _NATURES,
                  default="", required=False),
        FieldSpec("kind", t("Type (title colour)"), "choice", required=False, default="",
                  choices=_UNCHANGED + tuple((k, KIND_WORDS[k]) for k in KINDS)))),
    _correction("correct_add_myth", t("Correction: add a Myth"),
                _hex_data(True) + (_text("host", t("Hex that takes the Myth token"),
                                         required=True),)),
    _correction("correct_myth", t("Correction: a Myth's nature or token"), (
        _text("myth", t("Myth"), required=True),
        FieldSpec("nature", t("Nature symbol"), "choice", choices=_UNCHANGED + _NATURES,
                  default="", required=False),
        _text("host", t("Hex that takes the Myth token"), t("Empty: where it is now")))),
)}
ACTIONS.update(CORRECTIONS)

SETUP_CITY_FIELDS = tuple(
    f for city in CITIES for f in (
        FieldSpec(f"{city}_nature", t("{city}: nature symbol", city=CITY_WORDS[city]), "choice",
                  choices=(("", t("the usual one (check the tile)")),) + _NATURES, default="",
                  required=False, help=t("Unverified default; check the tile.")),
        FieldSpec(f"{city}_bonus_kind", t("{city}: bonus per active", city=CITY_WORDS[city]),
                  "choice",
                  choices=(("", t("the usual one (check the tile)")), ("chora", t("Chora")),
                           ("fortification", t("Fortification")), ("polis", t("Polis")),
                           ("myth", t("Myth"))), default="", required=False),
        FieldSpec(f"{city}_bonus_points", t("{city}: points each", city=CITY_WORDS[city]), high=9,
                  required=False, default=0, help=t("0: the usual number (check the tile)"))))

SETUP_FIELDS = (
    # The Fate pile is not typed: it follows from the player count and these (rulebook,
    # Preparazione); a table counts them once and the app remembers them (box data).
    FieldSpec("icon_3", t("Terrain hexes with the player-count icon 3 (2 players: they go "
                          "back in the box)"), high=TERRAIN_HEXES,
              required=False, help=t("Needed with 2 players; they go back in the box.")),
    FieldSpec("icon_4", t("Terrain hexes with the player-count icon 4 (2 or 3 players: they "
                          "go back in the box)"), high=TERRAIN_HEXES,
              required=False, help=t("Needed with 2 or 3 players; with 4 players every terrain "
                                     "hex is used. Fate pile: 51 hexes less those put back, "
                                     "4 face up and 2 per player.")),
    FieldSpec("fate", t("Fate pile after dealing, if you counted it (0: worked out from the "
                        "icons)"), high=TERRAIN_HEXES,
              required=False, default=0, help=t("0: the app counts it from the icons above.")),
    # A choice, not a "player" field: the setup form is built before the players exist.
    FieldSpec("last_player", t("Seat holding the Last Player marker"), "choice",
              choices=(("", t("the last seat listed")),) + tuple(
                  (str(i), t("Seat {n}", n=i + 1)) for i in range(4)),
              default="", required=False,
              help=t("The player to the right of the oldest.")),
    FieldSpec("revolts", t("2 players: play with the advanced rule of revolts"), "bool",
              default=False, required=False,
              help=t("Without revolts the Philosopher is worth 3 points. With 3 or 4 players "
                     "revolts are always played.")),
) + SETUP_CITY_FIELDS

PLAYER_FIELDS = (
    FieldSpec("name", t("Name"), "text"),
    # left to each player's own phone unless the host enters it (a 2-player game's face-up tiles)
    FieldSpec("city", t("Acropolis drawn (kept hidden)"), "choice", required=False, default="",
              choices=(("", t("each player enters it on their own phone")),) + tuple(
                  (c, CITY_WORDS[c]) for c in CITIES)),
)
