"""The actions a TradeWarz table records, described as data for the web layer's forms."""
from __future__ import annotations

from ..core import CORRECT, ActionSpec, FieldSpec
from .battle import SITES
from .data import RESOURCES, SILO_RESOURCES, TECHS, TREES
from .table import CORRECTABLE

R = "TradeWarz rulebook, "
_RES = tuple((r, r) for r in RESOURCES)
_SILO_RES = tuple((r, r) for r in SILO_RESOURCES)


def _house(name: str = "house", label: str = "House") -> FieldSpec:
    return FieldSpec(name, label, "player")


def _opt(name: str, label: str, high: int = 99, low: int = 0, help: str = "") -> FieldSpec:
    return FieldSpec(name, label, low=low, high=high, required=False, default=0, help=help)


def _pay() -> tuple[FieldSpec, ...]:
    """What was paid, for costs printed only on components (left at 0 when box data knows it)."""
    return tuple(_opt(f"pay_{r}", f"Paid {r}", help="only if the cost is not in the box data")
                 for r in RESOURCES)


def _silos(label: str) -> tuple[FieldSpec, ...]:
    return tuple(_opt(f"silo_{r}", f"{label}: silos on {r}", high=10) for r in SILO_RESOURCES)


def _army(side: str) -> tuple[FieldSpec, ...]:
    units = (("", "none"),) + tuple((t.id, t.name) for t in TECHS.values() if t.super_unit)
    return (
        FieldSpec(f"{side}_soldiers", f"{side.capitalize()}: soldiers", low=0, high=4),
        *(FieldSpec(f"{side}_card_{x}", f"{side.capitalize()}: card {name}", low=lo, high=9)
          for x, name, lo in (("s", "strength", 1), ("k", "kills", 0), ("b", "blocks", 0))),
        FieldSpec(f"{side}_burned", f"{side.capitalize()}: burned card (s/k/b)", "text",
                  required=False, limit=12, help="only when the house records its deck"),
        FieldSpec(f"{side}_super", f"{side.capitalize()}: super unit", "choice", choices=units,
                  required=False, default=""),
        _opt(f"{side}_morale_cards", f"{side.capitalize()}: morale cards played", high=10),
        *(_opt(f"{side}_morale_{x}", f"{side.capitalize()}: morale {name}", high=10)
          for x, name in (("s", "strength"), ("k", "kills"), ("b", "blocks"))),
    )


def build_actions(ruling: ActionSpec) -> dict[str, ActionSpec]:
    """Every action kind with its fields (season actions first, then the free ones)."""
    techs = tuple((t.id, f"{t.name} ({t.tree} {t.level})") for t in TECHS.values())
    specs = (
        ActionSpec("march", "March", R + "Marching", (
            _opt("roads", "Roads built", 6), _opt("bridges", "Bridges built", 6),
            _opt("tunnels", "Tunnels built", 6), *_pay())),
        ActionSpec("build", "Build", R + "Build", (
            FieldSpec("what", "What", "choice", choices=tuple((w, w) for w in (
                "settlement", "village", "upgrade", "castle", "university"))),
            FieldSpec("tree", "University", "choice", choices=tuple((t, t) for t in TREES),
                      required=False, default="economy"),
            _opt("level", "University level to reach", 4, help="universities only"),
            *_silos("New building"),
            _opt("distance", "Marches from the capital", 60, help="for the farthest-building "
                 "tie-break"), *_pay())),
        ActionSpec("buy_tech", "Buy a tech", R + "Buy Tech", (
            FieldSpec("tech", "Tech", "choice", choices=techs), *_pay())),
        ActionSpec("recruit", "Recruit", R + "Recruit", (
            FieldSpec("count", "Soldiers", low=1, high=16, required=False, default=1),
            FieldSpec("at_building", "Straight to a building (double cost)", "bool",
                      required=False, default=False))),
        ActionSpec("retreat", "Retreat", R + "Retreat"),
        ActionSpec("resources", "Resources +2", R + "Resources +2", (
            FieldSpec("first", "Resource", "choice", choices=_RES),
            FieldSpec("second", "Second resource (none: +2 on the first)", "choice",
                      choices=(("", "none"),) + _RES, required=False, default=""))),
        ActionSpec("end_of_spring", "End of Spring for everyone", R + "Game mechanics; ruling T5"),
        ActionSpec("battle", "Battle", R + "Marching: Battle", (
            _house("attacker", "Attacker"), _house("defender", "Defender"),
            FieldSpec("site", "Where", "choice", choices=tuple((s, s) for s in SITES)),
            _opt("post", "Trading post number", 4), *_army("attacker"), *_army("defender"),
            *_silos("Silos of the building taken or destroyed"))),
        ActionSpec("hold_post", "Take a trading post", R + "Trading posts",
                   (_house(), FieldSpec("post", "Post", low=1, high=4))),
        ActionSpec("leave_post", "Leave a trading post", R + "Trading posts",
                   (_house(), FieldSpec("post", "Post", low=1, high=4))),
        ActionSpec("raid", "Raid an unguarded building", R + "Raiding villages and settlements", (
            _house("house", "House raided"), FieldSpec("building", "Building", "choice", choices=(
                ("settlement", "settlement"), ("village", "village"))), *_silos("Lost"))),
        ActionSpec("play_morale", "Play a morale card", R + "Card setup: Morale cards",
                   (_house(),), commutative=True),
        ActionSpec("cancel_battle", "Cancel a battle (morale card)", R + "Cancel battle",
                   (_house(), _house("opponent", "Opponent"))),
        ActionSpec("trade", "Trade", R + "Trading; ruling T17", (
            _house(), _house("partner", "Partner"),
            *(_opt(f"give_{r}", f"House gives {r}") for r in RESOURCES),
            *(_opt(f"get_{r}", f"House gets {r}") for r in RESOURCES))),
        ActionSpec("form_alliance", "Form or join an alliance", R + "Forming alliances",
                   (_house(), _house("partner", "With"))),
        ActionSpec("break_alliance", "Break an alliance", R + "Forming alliances", (_house(),)),
        ActionSpec("record_deck", "Record my battle cards (private)", R + "Card setup: Battle "
                   "cards", (_house(), FieldSpec("cards", "Six cards as s/k/b, comma-separated",
                                                 "text", limit=80))),
        ActionSpec("caravan_area", "Area of my caravans", R + "Buy Tech: Economy",
                   (_house(), FieldSpec("resource", "Resource", "choice", choices=_SILO_RES))),
        ActionSpec("time_up", "Time is up", R + "Game duration"),
        ActionSpec(CORRECT, "Correct a value", "The table is the truth", (
            _house(), FieldSpec("what", "Value", "choice", choices=tuple(
                (c, c.replace("_", " ")) for c in CORRECTABLE)),
            FieldSpec("value", "New value", low=0, high=99))),
        ruling,
    )
    return {s.kind: s for s in specs}


SEASON_KINDS = ("march", "build", "buy_tech", "recruit", "retreat", "resources")
FREE_KINDS = ("battle", "hold_post", "leave_post", "raid", "play_morale", "cancel_battle",
              "trade", "form_alliance", "break_alliance", "record_deck", "caravan_area")
