"""The actions a TradeWarz table records, described as data for the web layer's forms."""
from __future__ import annotations

from ..core import CORRECT, ActionSpec, FieldSpec, t
from .corrections import CORRECT_WORDS, CORRECTABLE
from .data import COST_SHAPES, RESOURCES, SILO_RESOURCES, TECHS
from .odds import SITES
from .terms import COST_LABELS, RESOURCE_WORDS, SIDE_WORDS, SITE_WORDS, TREE_WORDS

R = "TradeWarz rulebook, "
_RES = tuple((r, RESOURCE_WORDS[r]) for r in RESOURCES)
_SILO_RES = tuple((r, RESOURCE_WORDS[r]) for r in SILO_RESOURCES)
_CARAVANS = (("", t("every caravan of the house")),) + tuple(
    (x.id, x.name) for x in TECHS.values() if x.caravan != (0, 0))
_BUILDINGS = {"settlement": t("settlement"), "village": t("village"), "upgrade": t("upgrade"),
              "castle": t("castle"), "university": t("university")}


def _house(name: str = "house", label: str | None = None, usual: int | None = None
           ) -> FieldSpec:
    """A house named on a form (``usual``: as chips of the houses' names, one tap)."""
    return FieldSpec(name, t("House") if label is None else label, "player", usual=usual)


def _acting() -> FieldSpec:
    """The house a season action is for: the page names it (its seat, or whose turn it is), and
    the rules refuse it unless it is that house's turn. Left out, it is whoever's turn it is (as
    the entries logged before actions named their house)."""
    return FieldSpec("house", t("House"), "player", required=False, default=-1)


def _season(kind: str, label: str, rule: str, fields: tuple[FieldSpec, ...] = ()) -> ActionSpec:
    return ActionSpec(kind, label, rule, (_acting(), *fields), actor="house")


#: chips a form offers for amounts (a box beside them takes the rarer, larger ones): a printed
#: cost has at most 4 of one resource (Actions & Costs), a silo-placing build at most 4 silos
#: (a village built twice), a trade most often a few of each
PRINTED, SILOS, TRADED = 4, 4, 6


def _opt(name: str, label: str, high: int = 99, low: int = 0, help: str = "",
         usual: int | None = None) -> FieldSpec:
    return FieldSpec(name, label, low=low, high=high, required=False, default=0, help=help,
                     usual=usual)


def _pay() -> tuple[FieldSpec, ...]:
    """What was paid, for costs printed only on components (left at 0 when box data knows it)."""
    return tuple(_opt(f"pay_{r}", t("Paid {resource}", resource=RESOURCE_WORDS[r]),
                      help=t("only if the cost is not in the box data"), usual=PRINTED)
                 for r in RESOURCES)


def _lost(label: str) -> FieldSpec:
    """Which building a house lost, by its distance (the farthest building must still stand)."""
    return _opt("lost_distance", label, 60,
                help=t("needed when its buildings stand at different distances"))


def _silos(label: str) -> tuple[FieldSpec, ...]:
    return tuple(_opt(f"silo_{r}", t("{what}: silos on {resource}", what=label,
                                     resource=RESOURCE_WORDS[r]), high=10, usual=SILOS)
                 for r in SILO_RESOURCES)


def _army(side: str) -> tuple[FieldSpec, ...]:
    units = (("", t("none")),) + tuple((u.id, u.name) for u in TECHS.values() if u.super_unit)
    who = SIDE_WORDS[side]
    # chips over a battle card's printed values (strength 1-4: Battle cards), a box beside
    # them for a card the table reads otherwise
    card = (("s", t("{side}: card strength", side=who), 1),
            ("k", t("{side}: card kills", side=who), 0),
            ("b", t("{side}: card blocks", side=who), 0))
    morale = (("s", t("{side}: morale strength", side=who)),
              ("k", t("{side}: morale kills", side=who)),
              ("b", t("{side}: morale blocks", side=who)))
    return (
        # a squad holds 3 (4 with One more unit); a capital's gate 6 (ruling T23)
        FieldSpec(f"{side}_soldiers", t("{side}: soldiers", side=who), low=0,
                  high=6 if side == "defender" else 4, usual=6 if side == "defender" else 4),
        # a card's strength is printed 1 to 4 (Battle cards); kills and blocks up to 9
        *(FieldSpec(f"{side}_card_{x}", label, low=lo, high=4 if x == "s" else 9, usual=4)
          for x, label, lo in card),
        FieldSpec(f"{side}_burned", t("{side}: burned card (s/k/b)", side=who), "text",
                  required=False, limit=12, help=t("only when the house records its deck")),
        FieldSpec(f"{side}_super", t("{side}: super unit", side=who), "choice", choices=units,
                  required=False, default="", usual=1),
        _opt(f"{side}_morale_cards", t("{side}: morale cards played", side=who), high=10,
             usual=3),
        *(_opt(f"{side}_morale_{x}", label, high=10, usual=3) for x, label in morale),
    )


#: a battle as the calculator, the "Who wins this battle?" question and the action read it
BATTLE_FIELDS: tuple[FieldSpec, ...] = (
    _house("attacker", t("Attacker"), usual=1), _house("defender", t("Defender"), usual=1),
    FieldSpec("site", t("Where"), "choice", choices=tuple((s, SITE_WORDS[s]) for s in SITES),
              usual=1),
    _opt("post", t("Trading post number"), 4, usual=4), *_army("attacker"), *_army("defender"))


def build_actions(ruling: ActionSpec) -> dict[str, ActionSpec]:
    """Every action kind with its fields (season actions first, then the free ones)."""
    techs = tuple((x.id, t("{tech} ({tree} {level})", tech=x.name, tree=TREE_WORDS[x.tree],
                           level=x.level)) for x in TECHS.values())
    specs = (
        _season("march", t("March"), R + "Marching", (
            # the house marched on, so that its battle starts with both armies chosen
            FieldSpec("target", t("Marching on (a battle follows)"), "player", required=False,
                      default=-1, usual=1),
            _opt("roads", t("Roads built"), 6, usual=3), _opt("bridges", t("Bridges built"), 6,
                                                               usual=3),
            _opt("tunnels", t("Tunnels built"), 6, usual=3), *_pay())),
        _season("build", t("Build"), R + "Build", (
            FieldSpec("what", t("What"), "choice", choices=tuple(_BUILDINGS.items())),
            FieldSpec("tree", t("University"), "choice", choices=tuple(TREE_WORDS.items()),
                      required=False, default="economy", usual=1),
            # a house's universities start at 0 and are raised one level at a time, the first
            # year's build being level 1 (rules digest, University, level n): what a table has
            FieldSpec("level", t("University level to reach"), low=0, high=4, required=False,
                      default=1, help=t("universities only"), usual=4),
            *_silos(t("New building")),
            _opt("distance", t("Marches from the capital"), 60,
                 help=t("for the farthest-building tie-break")),
            FieldSpec("twice", t("Build it twice with this option (Improved building)"), "bool",
                      required=False, default=False),
            _opt("distance_2", t("Marches from the capital to the second one"), 60,
                 help=t("only when building twice")),
            FieldSpec("free", t("Free university upgrade (one level, once a year)"), "bool",
                      required=False, default=False), *_pay())),
        _season("buy_tech", t("Buy a tech"), R + "Buy Tech", (
            FieldSpec("tech", t("Tech"), "choice", choices=techs),
            *_silos(t("Extra allocations (+3 / +4 techs)")), *_pay())),
        _season("recruit", t("Recruit"), R + "Recruit", (
            FieldSpec("count", t("Soldiers"), low=1, high=16, required=False, default=1,
                      usual=4),
            FieldSpec("at_building", t("Straight to a building (double cost)"), "bool",
                      required=False, default=False))),
        _season("retreat", t("Retreat"), R + "Retreat"),
        _season("resources", t("Resources +2"), R + "Resources +2", (
            FieldSpec("first", t("Resource"), "choice", choices=_RES, usual=1),
            FieldSpec("second", t("Second resource (none: +2 on the first)"), "choice",
                      choices=(("", t("none")),) + _RES, required=False, default="",
                      usual=1))),
        # The year it ends: a second tap (or a second phone) cannot end the next year too.
        ActionSpec("end_of_spring", t("End of Spring for everyone"),
                   R + "Game mechanics; ruling T5",
                   (FieldSpec("year", t("Year"), low=0, high=999, required=False, default=0),)),
        ActionSpec("battle", t("Battle"), R + "Marching: Battle", (
            *BATTLE_FIELDS[:2],
            FieldSpec("origin", t("After the attacker's"), "choice", required=False,
                      default="march", choices=(("march", t("March")),
                                                ("retreat", t("Retreat into its capital")))),
            *BATTLE_FIELDS[2:], *_silos(t("Silos of the building taken or destroyed")),
            _lost(t("Marches from the defender's capital to the building lost")),
            _opt("taken_distance", t("Marches from the attacker's capital to a castle taken"),
                 60, help=t("for the farthest-building tie-break"))),
            subject=("attacker", "defender")),
        ActionSpec("hold_post", t("Take a trading post"), R + "Trading posts",
                   (_house(), FieldSpec("post", t("Post"), low=1, high=4, usual=4))),
        ActionSpec("leave_post", t("Leave a trading post"), R + "Trading posts",
                   (_house(), FieldSpec("post", t("Post"), low=1, high=4, usual=4))),
        ActionSpec("raid", t("Raid an unguarded building"),
                   R + "Raiding villages and settlements", (
                       _house("raider", t("Raiding house"), usual=1),
                       _house("house", t("House raided")),
                       FieldSpec("building", t("Building"), "choice", choices=(
                           ("settlement", _BUILDINGS["settlement"]),
                           ("village", _BUILDINGS["village"]))), *_silos(t("Lost")),
                       _lost(t("Marches from its capital to the building lost"))),
                   subject=("house", "raider")),
        ActionSpec("play_morale", t("Play a morale card"), R + "Card setup: Morale cards",
                   (_house(),), commutative=True),
        ActionSpec("cancel_battle", t("Cancel a battle (morale card)"), R + "Cancel battle",
                   (_house(), _house("opponent", t("Opponent"), usual=1))),
        ActionSpec("trade", t("Trade"), R + "Trading; ruling T17", (
            _house(), _house("partner", t("Partner"), usual=1),
            *(_opt(f"give_{r}", t("House gives {resource}", resource=RESOURCE_WORDS[r]),
                   usual=TRADED) for r in RESOURCES),
            *(_opt(f"get_{r}", t("House gets {resource}", resource=RESOURCE_WORDS[r]),
                   usual=TRADED) for r in RESOURCES)), subject=("house", "partner")),
        ActionSpec("form_alliance", t("Form or join an alliance"), R + "Forming alliances",
                   (_house(), _house("partner", t("With"), usual=1)), subject=("house", "partner")),
        ActionSpec("break_alliance", t("Break an alliance"), R + "Forming alliances",
                   (_house(),)),
        ActionSpec("record_deck", t("Record my battle cards (private)"),
                   R + "Card setup: Battle cards", (
                       _house(), FieldSpec("cards", t("Six cards as s/k/b, comma-separated"),
                                           "text", limit=80)),
                   own_phone=t("only {name}'s phone can record {name}'s battle cards")),
        ActionSpec("caravan_area", t("Area of my caravans"), R + "Buy Tech: Economy",
                   (_house(), FieldSpec("caravan", t("Caravan"), "choice", required=False,
                                        default="", choices=_CARAVANS),
                    FieldSpec("resource", t("Resource"), "choice", choices=_SILO_RES))),
        # the occupier's move away names itself, so an entry logged before it did reads as it was
        ActionSpec("occupier_left", t("The occupier left the capital"),
                   R + "The Capital City; ruling T15",
                   (_house("house", t("House whose capital is free again")),
                    FieldSpec("origin", t("With the occupier's"), "choice", required=False,
                              default="march", choices=(("march", t("March")),
                                                        ("retreat", t("Retreat")))))),
        ActionSpec("time_up", t("Time is up"), R + "Game duration"),
        ActionSpec(CORRECT, t("Correct a value"), "The table is the truth", (
            _house(), FieldSpec("what", t("Value"), "choice", choices=tuple(
                (c, CORRECT_WORDS[c]) for c in CORRECTABLE)),
            FieldSpec("value", t("New value"), low=0, high=99))),
        *_corrections(techs),
        ruling,
    )
    return {s.kind: s for s in specs}


def _nobody(name: str, label: str) -> FieldSpec:
    """A house that may be nobody (left unchosen)."""
    return FieldSpec(name, label, "player", required=False, default=-1)


def _corrections(techs: tuple[tuple[str, str], ...]) -> tuple[ActionSpec, ...]:
    """Corrections by hand of techs, trading posts, capitals and alliances (the table is the
    truth): each is logged as a correction and says what changed from what to what."""
    def fix(kind: str, label: str, fields: tuple[FieldSpec, ...]) -> ActionSpec:
        return ActionSpec(kind, label, "The table is the truth", fields, correction=True)
    return (
        fix("correct_tech", t("Correct a tech"), (
            _house(), FieldSpec("tech", t("Tech"), "choice", choices=techs),
            FieldSpec("change", t("Change"), "choice", choices=(
                ("give", t("the house holds it")), ("take", t("the house does not hold it")))))),
        fix("correct_cost", t("Correct a cost (box data)"), (
            FieldSpec("item", t("Which cost"), "choice", choices=tuple(
                (item, COST_LABELS[item]) for item in COST_SHAPES)),
            FieldSpec("cost", t("As printed, e.g. 3 lumber + 3 wheat"), "text", limit=80))),
        fix("correct_post", t("Correct a trading post"), (
            FieldSpec("post", t("Post"), low=1, high=4),
            _nobody("holder", t("Held by (none chosen: nobody)")))),
        fix("correct_capital", t("Correct a capital's occupier"), (
            _house("house", t("House whose capital")),
            _nobody("holder", t("Occupied by (none chosen: nobody)")))),
        fix("correct_alliance", t("Correct an alliance"), (
            _house(), FieldSpec("change", t("Change"), "choice", choices=(
                ("make", t("the house is allied with")),
                ("end", t("the house is in no alliance")))),
            _nobody("partner", t("Allied with")))),
    )


CORRECTION_KINDS = ("correct_tech", "correct_cost", "correct_post", "correct_capital",
                    "correct_alliance")


SEASON_KINDS = ("march", "build", "buy_tech", "recruit", "retreat", "resources")
FREE_KINDS = ("battle", "hold_post", "leave_post", "raid", "play_morale", "cancel_battle",
              "trade", "form_alliance", "break_alliance", "record_deck", "caravan_area",
              "occupier_left")
