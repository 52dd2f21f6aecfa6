"""Rulings: an ambiguity of a rulebook settled by a default reading a table may switch."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import Checker, RulesError
from .words import t


@dataclass(frozen=True)
class Ruling:
    """An ambiguity of the rulebook settled by a default reading that a table may switch.

    ``readings`` maps each reading's key to a short explanation; ``default`` is one of its keys.
    """

    id: str
    question: str
    default: str
    readings: Mapping[str, str]
    why: str = ""

    def check(self, reading: str) -> str:
        if reading not in self.readings:
            raise RulesError(t("ruling {id} has no reading {reading}; choose one of {choices}",
                               id=self.id, reading=repr(reading),
                               choices=", ".join(self.readings)), rule=self.id,
                             field=f"rulings.{self.id}")
        return reading


def resolve_rulings(known: Mapping[str, Ruling], chosen: Mapping[str, str] | None,
                    checker: Checker | None = None) -> dict[str, str]:
    """Every known ruling with the table's reading, or the default where none was chosen."""
    out = {rid: r.default for rid, r in known.items()}
    if chosen is None:
        return out
    if not isinstance(chosen, Mapping):
        (checker or Checker()).add("rulings", t("rulings must be an object of id: reading"))
        return out
    for rid, reading in chosen.items():
        if rid not in known:
            msg = t("unknown ruling {id}; this game has {rulings}", id=repr(rid),
                    rulings=", ".join(known) or t("none"))
        elif reading not in known[rid].readings:
            msg = t("ruling {id} has no reading {reading}; choose one of {choices}", id=rid,
                    reading=repr(reading), choices=", ".join(known[rid].readings))
        else:
            out[rid] = reading
            continue
        if checker is None:
            raise RulesError(msg, rule=str(rid), field=f"rulings.{rid}")
        checker.add(f"rulings.{rid}", msg)
    return out
