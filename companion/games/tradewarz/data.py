"""TradeWarz facts as data: resources, seasons, the tech cards, cost shapes, guesses.

Everything here is either stated in the rulebook (cited by section) or box data the table supplies.
Guesses are kept apart in ``UNVERIFIED`` so the web layer can mark them "unverified — check your
components".
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core import t

RESOURCES = ("gold", "lumber", "mining", "wheat")
SILO_RESOURCES = ("lumber", "mining", "wheat")
TREES = ("economy", "engineering", "military")
START_DIAL = 6                       # Capital City: sponsorship at the start of the game
DIAL_TRADE_AT, DIAL_TRADE = 21, 11   # Getting Xadlas: a dial at 21 trades 11 for a golden Xadla
SOLDIER_CAP, START_SOLDIERS = 10, 2  # Recruit: 10 soldiers, 2 at the capital gate, 8 in reserve
SQUAD_SIZE = 3
MAX_SUPER_UNITS = 4
LIMITS = {"settlements": 6, "villages": 5, "castles": 2, "squares": 6}
GOLDEN_IN_BOX = 40                   # Components: 40 golden Xadlas (a limit under ruling T24)
EMPIRE_WEIGHTS = {"settlements": 1, "villages": 2, "castles": 4}
CASTLE_BONUS = (2, 1, 1)             # strength, kills, blocks (Build, Castle)
CAPITAL_BONUS = (6, 4, 4)            # The Capital City, battle properties
CAPITAL_INCOME = {"gold": 3, "lumber": 1, "mining": 1, "wheat": 1}
# Recruit: 3 + 3 a soldier, icons lost; wheat and lumber inferred from the recruitment techs
# (they name wheat and wood). A university level n: n + n, gold and mining inferred from
# University upgrade efficiency. Both are box data (``cost_recruit``, ``cost_university``)
# shipped as unverified guesses: the table corrects them at setup.
RECRUIT_COST = {"lumber": 3, "wheat": 3}
UNIVERSITY_COST = {"gold": 1, "mining": 1}  # per level: level n costs n times this
ALLIANCE_FEE = 4
CANCEL_BATTLE_FEE = 2

#: Golden Xadla sources, as the state records them.
GOLDEN_SOURCES = {
    "battle": t("battle won"), "capital": t("capital conquered"),
    "posts": t("two trading posts"), "university": t("level-4 university"),
    "dials12": t("all four dials at 12 or more"), "dial21": t("a dial reached 21"),
    "correction": t("correction"),
}

DEFAULT_SEASONS = ("Summer", "Fall", "Winter", "Season 4", "Spring")
RED_SEASONS = ("summer", "spring")

#: Shapes of the costs whose resources were icons lost from the text: the printed amounts only.
#: The table enters which resource goes with which amount (a setup field ``cost_<item>``).
COST_SHAPES = {
    "settlement": (1, 1), "upgrade": (1, 1, 2), "village": (2, 2, 2), "castle": (4, 3, 4),
    "road": (1, 1), "bridge": (4, 2, 2), "tunnel": (2, 4, 2),
    "tech_economy": (1, 1, 1), "tech_engineering": (1, 1, 1), "tech_military": (1, 1, 1),
    "recruit": (3, 3), "university": (1, 1),
}
COST_RULES = {
    "settlement": "TradeWarz rulebook, Build: Settlement", "upgrade": "TradeWarz rulebook, "
    "Build: Settlement (upgrade)", "village": "TradeWarz rulebook, Build: Village",
    "castle": "TradeWarz rulebook, Build: Castle", "road": "TradeWarz rulebook, Marching "
    "exceptions", "bridge": "TradeWarz rulebook, Marching exceptions",
    "tunnel": "TradeWarz rulebook, Marching exceptions", "tech_economy": "TradeWarz rulebook, "
    "Buy Tech", "tech_engineering": "TradeWarz rulebook, Buy Tech",
    "tech_military": "TradeWarz rulebook, Buy Tech", "recruit": "TradeWarz rulebook, Recruit",
    "university": "TradeWarz rulebook, Build: University",
}

#: Guesses shipped as defaults; shown as "unverified — check your components".
UNVERIFIED = {
    "cost_bridge": "4 lumber + 2 mining + 2 gold",
    "cost_tunnel": "2 lumber + 4 mining + 2 gold",
    "cost_recruit": "3 lumber + 3 wheat",
    "cost_university": "1 gold + 1 mining",
    "season_names": ", ".join(DEFAULT_SEASONS),
    "fifth_season_die": "blue",
}


@dataclass(frozen=True)
class Tech:
    """One tech card (Buy Tech): its tree, level, battle bonuses and yearly income.

    ``income`` is what it pays after every Spring; ``caravan`` is (gold, resources from the area)
    for the caravan super units; ``pre_kill`` kills before the battle, only in the role
    ``fires_when`` (Trebuchet: an attacking unit, so when defending; Super cannons: a defending
    unit, so when attacking).
    """

    id: str
    name: str
    tree: str
    level: int
    strength: int = 0
    kills: int = 0
    blocks: int = 0
    super_unit: bool = False
    income: tuple[tuple[str, int], ...] = ()
    caravan: tuple[int, int] = (0, 0)
    pre_kill: int = 0
    fires_when: str = ""  # "attacking" or "defending": the role in which ``pre_kill`` fires
    cancels_castle: bool = False


def _t(tree: str, level: int, id: str, name: str, s: int = 0, k: int = 0, b: int = 0,
       **more) -> Tech:
    return Tech(id, name, tree, level, s, k, b, **more)


TECHS: dict[str, Tech] = {t.id: t for t in (
    _t("economy", 1, "higher_productivity", t("Higher productivity"),
       income=(("lumber", 1), ("mining", 1))),
    _t("economy", 1, "generate_tax", t("Generate tax"), income=(("gold", 2),)),
    _t("economy", 1, "improved_farming", t("Improved farming"),
       income=(("wheat", 1), ("lumber", 1))),
    _t("economy", 1, "increased_fertility", t("Increased fertility")),
    _t("economy", 2, "improved_building", t("Improved building")),
    _t("economy", 2, "lower_recruitment_cost", t("Lower recruitment cost")),
    _t("economy", 2, "superior_logistics", t("Superior logistics")),
    _t("economy", 2, "university_upgrade_efficiency", t("University upgrade efficiency")),
    _t("economy", 3, "free_annual_recruit", t("One free annual recruit")),
    _t("economy", 3, "free_university_upgrade", t("Free university upgrade")),
    _t("economy", 3, "extra_resources_3", t("+3 extra resource allocations")),
    _t("economy", 3, "donkey_caravans", t("Donkey caravans"), 1, super_unit=True, caravan=(1, 1)),
    _t("economy", 4, "mule_caravans", t("Mule caravans"), 2, super_unit=True, caravan=(1, 2)),
    _t("economy", 4, "extra_resources_4", t("+4 extra resource allocations")),
    _t("economy", 4, "superior_fertility", t("Superior fertility")),
    _t("economy", 4, "elephant_caravans", t("Elephant caravans"), 2, super_unit=True,
       caravan=(1, 3)),
    _t("engineering", 1, "battlefield_obstacles", t("Battlefield obstacles"), b=1),
    _t("engineering", 1, "rolling_fireballs", t("Rolling fireballs"), 1),
    _t("engineering", 1, "improved_shields", t("Improved shields"), 1, b=1),
    _t("engineering", 1, "improved_steel", t("Improved steel"), 1, 1),
    _t("engineering", 2, "hardened_steel", t("Hardened steel"), b=2),
    _t("engineering", 2, "village_defences", t("Village defences"), 1, 1, 1),
    _t("engineering", 2, "defensive_line", t("Defensive line"), 1, b=1),
    _t("engineering", 2, "longbow", t("Longbow"), 1, 2),
    _t("engineering", 3, "fortified_castles", t("Upgrade all fortified castles"), 1, 1, 1),
    _t("engineering", 3, "defensive_equipment", t("Defensive equipment"), 1, 0, 2, super_unit=True),
    _t("engineering", 3, "army_camps", t("Army camps"), 2, 0, 1),
    _t("engineering", 3, "fire_trenches", t("Fire trenches"), 2, 1, 1),
    _t("engineering", 4, "superior_defensive_equipment", t("Superior defensive equipment"), 2, 1, 2,
       super_unit=True),
    _t("engineering", 4, "superior_army_camps", t("Superior army camps"), 2, 1, 3),
    _t("engineering", 4, "cannons", t("Cannons"), 2, 2, 1, super_unit=True),
    _t("engineering", 4, "trebuchet", t("Trebuchet"), 3, super_unit=True, pre_kill=1,
       fires_when="defending"),  # it kills an attacking unit: it fires for the defender
    _t("military", 1, "military_discipline", t("Military discipline"), 1),
    _t("military", 1, "offensive_manoeuvres", t("Offensive manoeuvres"), b=1),
    _t("military", 1, "defensive_tactics", t("Defensive tactics"), 1, b=1),
    _t("military", 1, "offensive_tactics", t("Offensive tactics"), 1, 1),
    _t("military", 2, "one_more_unit", t("One more unit")),
    _t("military", 2, "increased_fitness", t("Increased fitness"), b=2),
    _t("military", 2, "hand_cannons", t("Hand cannons & muskets"), 1, 2),
    _t("military", 2, "upgrade_defensive_tactics", t("Upgrade defensive tactics"), 1, 1, 1),
    _t("military", 3, "grapeshot", t("Grapeshot"), 2, 2),
    _t("military", 3, "gun_powder", t("Gun powder"), 2, 1, 1),
    _t("military", 3, "superior_offensive_tactics", t("Superior offensive tactics"), 2, 1),
    _t("military", 3, "cavalry", t("Cavalry"), 1, 1, 2, super_unit=True),
    _t("military", 4, "super_cannons", t("Super cannons"), 3, super_unit=True, pre_kill=1,
       fires_when="attacking"),  # it kills a defending unit: it fires for the attacker
    _t("military", 4, "battering_ram", t("Battering ram"), 2, super_unit=True, cancels_castle=True),
    _t("military", 4, "mobile_tower", t("Mobile tower"), 1, 1, 1, super_unit=True,
       cancels_castle=True),
    _t("military", 4, "trench_warfare", t("Trench warfare"), 2, 1, 1),
)}
