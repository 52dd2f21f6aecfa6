"""The actions a table records in a game of Hexemonia, described as data for the web layer."""
from __future__ import annotations

from ..core import MAX_TEXT_LENGTH, ActionSpec, FieldSpec
from .data import CITIES, GEARS, KINDS, NATURES, RESOURCES

R = "Hexemonia rulebook"
_NATURES = tuple((n, n) for n in NATURES)
_PRODUCES = (("none", "nothing"),) + tuple((r, r) for r in RESOURCES)
_RESOURCE = (("none", "none"),) + tuple((r, r) for r in RESOURCES)
_GEAR = (("none", "no gear"),) + tuple((k, g.label) for k, g in GEARS.items())
_CUBES_HELP = "Where the cubes come from, e.g. 'Acropolis: 2c 1g; Pascolo: 1h'."


def _text(name: str, label: str, help: str = "", required: bool = False) -> FieldSpec:
    return FieldSpec(name, label, "text", required=required, limit=MAX_TEXT_LENGTH, help=help)


def _hex_data(myth: bool) -> tuple[FieldSpec, ...]:
    """The printed data of a hex, entered the first time it is played (box data)."""
    head = (_text("name", "Name on the tile", required=True),)
    if not myth:
        head += (FieldSpec("kind", "Type (title colour)", "choice",
                           choices=tuple((k, k) for k in KINDS)),)
    head += (FieldSpec("nature", "Nature symbol", "choice", choices=_NATURES),)
    cost = () if myth else tuple(FieldSpec(f"cost_{r}", f"Cost: {r}", high=20)
                                 for r in RESOURCES)
    return head + cost + (
        FieldSpec("produces", "Production icon", "choice", choices=_PRODUCES, default="none"),
        FieldSpec("output", "Production amount", high=20, required=False, default=0),
    ) + (() if myth else (FieldSpec("shield", "Shield", high=20, required=False, default=0),)) \
        + (FieldSpec("gear", "Special action", "choice", choices=_GEAR, default="none"),)


def _opponent(required: bool = False) -> FieldSpec:
    return FieldSpec("opponent", "Opponent", "player", required=required, default=-1)


ACTIONS: dict[str, ActionSpec] = {s.kind: s for s in (
    ActionSpec("take", "Take hexes or a resource", f"{R}, A) Prendere 2 esagoni", (
        FieldSpec("hexes", "Face-up hexes taken", low=1, high=2),
        FieldSpec("resource", "Resource taken instead of a second hex", "choice",
                  choices=_RESOURCE, default="none"))),
    ActionSpec("play_hex", "Play a hex into the city", f"{R}, B) Giocare esagoni",
               _hex_data(False) + (_text("pay_from", "Pay the cost from", _CUBES_HELP +
                                         " Empty: all from the Acropolis."),)),
    ActionSpec("play_myth", "Play a Myth", f"{R}, B) Giocare un esagono Mito",
               _hex_data(True) + (_text("host", "Hex that takes the Myth token", required=True),)),
    ActionSpec("production", "Production", f"{R}, Azione produttiva"),
    ActionSpec("strategy", "Strategy: move and swap cubes", f"{R}, Azione strategica", (
        _text("moves", "Moves", "e.g. 'Acropolis > Pascolo: 1c 1g; Asty > Acropolis: 1h'"),
        _text("swaps", "Swaps", "e.g. 'Pascolo: h' (2 citizens -> 1 hoplite) or 'Asty: c'"))),
    ActionSpec("special", "Special action of a gear hex", f"{R}, Azione speciale", (
        _text("hex", "Gear hex or Myth", required=True), _opponent(),
        _text("target", "Opponent's hex (Hades)"),
        FieldSpec("amount", "Citizens (Hades)", high=3, required=False, default=0),
        FieldSpec("resource", "Resource (Spring)", "choice", choices=_RESOURCE, default="none"),
        _text("adjacent", "Hexes touching it (Temple, Harbour)", "e.g. 'Sorgente, Acropolis'"),
        _text("moves", "Moves (Agora)", "e.g. 'Acropolis > Pascolo: 2c'"),
        _text("pay_from", "Citizens sent back (Necropolis)", "e.g. 'Acropolis: 2c'"),
        _text("sources", "Opponent's paying hex (Lighthouse, Labyrinth, Tavern)",
              "e.g. 'Ben: Asty'; empty: the Acropolis, else the first hex holding one"))),
    ActionSpec("attack", "War: attack an opponent's hex", f"{R}, Azione bellica", (
        _opponent(required=True), _text("target", "Hex attacked", required=True),
        _text("adjacent", "Opponent's hexes touching it", "e.g. 'Mura, Falange'"),
        _text("pay_from", "Attacking units from", "e.g. 'Acropolis: 2h 1c'", required=True),
        _text("discard_myth", "Myth to discard if this brings a fourth"))),
    ActionSpec("political_check", "Political check", f"{R}, D) Verificare la situazione politica"),
    ActionSpec("discard", "Discard hexes from hand", f"{R}, D) hand limit",
               (FieldSpec("count", "Hexes discarded", low=1, high=20),)),
    ActionSpec("end_turn", "End the turn", f"{R}, Turno di gioco"),
    ActionSpec("reveal", "Reveal an Acropolis", f"{R}, Preparazione",
               (FieldSpec("player", "Player", "player"),)),
    ActionSpec("correct", "Correct a value by hand", "Corrections", (
        FieldSpec("player", "Player", "player"),
        FieldSpec("what", "What", "choice", choices=(
            ("cubes", "cubes on a hex"), ("cost", "printed cost of a hex"), ("hand", "hand size"),
            ("fate", "Fate pile size"), ("philosopher", "give the Philosopher"),
            ("remove_hex", "remove a hex"), ("remove_myth", "remove a Myth"),
            ("active", "make it this player's turn"))),
        _text("hex", "Hex or Myth"),
        *(FieldSpec(r, r.capitalize(), required=False, default=0) for r in RESOURCES),
        FieldSpec("value", "Number", required=False, default=0))),
)}

SETUP_CITY_FIELDS = tuple(
    f for city in CITIES for f in (
        FieldSpec(f"{city}_nature", f"{city.capitalize()}: nature symbol", "choice",
                  choices=(("", "as in the rules digest"),) + _NATURES, default="",
                  required=False, help="Unverified default; check the tile."),
        FieldSpec(f"{city}_bonus_kind", f"{city.capitalize()}: bonus per active", "choice",
                  choices=(("", "as in the rules digest"), ("chora", "Chora"),
                           ("fortification", "Fortification"), ("polis", "Polis"),
                           ("myth", "Myth")), default="", required=False),
        FieldSpec(f"{city}_bonus_points", f"{city.capitalize()}: points each", high=9,
                  required=False, default=0, help="0: as in the rules digest")))

SETUP_FIELDS = (
    FieldSpec("fate", "Hexes in the Fate pile after dealing", low=1, high=60),
    # A choice, not a "player" field: the setup form is built before the players exist.
    FieldSpec("last_player", "Seat holding the Last Player marker", "choice",
              choices=(("", "the last seat listed"),) + tuple((str(i), f"Seat {i + 1}")
                                                            for i in range(4)),
              default="", required=False,
              help="The player to the right of the oldest."),
    FieldSpec("revolts", "Play with revolts (optional only with 2 players)", "bool",
              default=True, required=False),
) + SETUP_CITY_FIELDS

PLAYER_FIELDS = (
    FieldSpec("name", "Name", "text"),
    FieldSpec("city", "Acropolis drawn (kept hidden)", "choice",
              choices=tuple((c, c.capitalize()) for c in CITIES)),
)
