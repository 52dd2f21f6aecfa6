"""The rulings of Hexemonia: H1–H22 from the digest and the app's own H23–H24 (readings the
digest left without an id). Each ambiguity, its default and its alternatives.

Rulings marked "table" in their readings are about tile placement, which the table does on the
real board; the app states them in the guide but has no geometry to check.
"""
from __future__ import annotations

from ..core import Ruling, t

RULINGS: dict[str, Ruling] = {r.id: r for r in (
    Ruling("H1", t("Which bonus and symbol does each city tile show?"), "default",
           {"default": t("Olympia 3 per active Myth; Delphi and Delos 1 per active Chora"),
            "alternative": t("Delphi 3 per active Myth; Olympia and Delos 1 per active Chora")},
           t("The reference page seems to follow the setup order; tables can override each city.")),
    Ruling("H2", t("Does the Acropolis count as a Myth for a per-Myth city bonus?"), "trio-only",
           {"trio-only": t("the Acropolis only stands in for a Myth trio")},
           t("The note points at the trio rule; counting it would give a free bonus.")),
    Ruling("H3", t("Must the Myths of a trio be active?"), "any",
           {"any": t("active or not (the trio line does not say active)"),
            "active": t("only active Myths form a trio")}),
    Ruling("H4", t("Is the 3-Myth cap at once or over the whole game?"), "at-once",
           {"at-once": t("at most 3 Myths in front of a player at any time"),
            "whole-game": t("at most 3 Myths ever played by a player")},
           t("The conquest rule speaks of discarding a fourth Myth.")),
    Ruling("H5", t("Does a Fortification's shield protect the Fortification itself?"), "adjacent",
           {"adjacent": t("only the hexes next to it"),
            "self": t("itself and the hexes next to it")}),
    Ruling("H6", t("Several active Fortifications touch the target: which shield?"), "highest",
           {"highest": t("the highest shield among the active ones, automatically")}),
    Ruling("H7", t("What starts the end of the game?"), "empty-pile",
           {"empty-pile": t("the Fate pile becoming empty by any means (refill or Moirai)")}),
    Ruling("H8", t("Phase A once the Fate pile is empty"), "skip",
           {"skip": t("skipped in the final turns; a second face-up hex may still be taken")}),
    Ruling("H9", t("The Philosopher when the active player ties for political hexes"), "strict",
           {"strict": t("a strict majority is needed; on a tie it stays where it is")}),
    Ruling("H10", t("Which hexes count for the political majority?"), "city",
           {"city": t("political hexes in the city, active or not, plus a revealed political "
                      "Acropolis; Myths do not count"),
            "city-and-myths": t("as the default, and political Myths count too")}),
    Ruling("H11", t("Where can a revolt happen?"), "any-hex",
           {"any-hex": t("on any hex with a resource above its printed number, active or not"),
            "active-only": t("only on active hexes")}),
    Ruling("H12", t("How many cubes does a revolt discard?"), "level",
           {"level": t("one kind: half the excess rounded up; several kinds: each down to the "
                       "smallest excess")}),
    Ruling("H13", t("When are revolts checked?"), "on-move",
           {"on-move": t("only when the Philosopher changes hands (the first award included); "
                         "its new holder is exempt")}),
    Ruling("H14", t("May an attack commit exactly the defence?"), "strict",
           {"strict": t("no: the attack needs strictly more units than the defence")}),
    Ruling("H15", t("A conquered hex with no legal place"), "table",
           {"table": t("the attack cannot be declared (checked by the table on the board)")}),
    Ruling("H16", t("Cubes taken for a build or an attack may leave their hex inactive"), "allowed",
           {"allowed": t("allowed; activity matters only when it is used")}),
    Ruling("H17", t("Lighthouse, Labyrinth, Tavern when the opponent lacks the cube"), "nothing",
           {"nothing": t("nothing happens; the opponent chooses which hex pays")}),
    Ruling("H18", t("Necropolis with an odd number of citizens"), "even-only",
           {"even-only": t("only an even number of citizens may be sent back"),
            "floor": t("any number; the odd citizen is lost without gold")}),
    Ruling("H19", t("Tie-break: which hexes share the Acropolis's nature?"), "hexes-and-myths",
           {"hexes-and-myths": t("active hexes of the city and active Myths; not the Acropolis"),
            "hexes-only": t("active hexes of the city only")}),
    Ruling("H20", t("Is the cube supply limited?"), "unlimited",
           {"unlimited": t("unlimited (the 3X and 5X tokens stand in)")}),
    Ruling("H21", t("May the Strategy action move cubes to and from the Acropolis?"), "yes",
           {"yes": t("yes, it is a hex of the city"), "no": t("no, only between terrain hexes")}),
    Ruling("H22", t("Which rings must be completed before the next?"), "first-ring",
           {"first-ring": t("only the ring around the Acropolis (checked by the table)")}),
    Ruling("H23", t("Which units does a successful attacker lose?"), "kind-for-kind",
           {"kind-for-kind": t("the defence's citizens and hoplites kind for kind, then the shield "
                               "in hoplites or twice as many citizens as the attacker chooses; a "
                               "missing kind is paid with the other, change from the supply")},
           t("The rulebook says the attacker loses the same citizens and hoplites; it leaves the "
             "shield's payment and a missing kind to the attacker.")),
    Ruling("H24", t("How many swaps may the Strategy action make on one hex?"), "one",
           {"one": t("one swap per hex (2 citizens for 1 hoplite, or back)"),
            "any": t("any number of swaps per hex, at 2 citizens for 1 hoplite")},
           t("'In each hex' can be read as once per hex or as a rate.")),
)}
