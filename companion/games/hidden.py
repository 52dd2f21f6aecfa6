"""A game file without the hidden information its reader may not see (``leave_out``), and the
refusal to import such a file (``refuse_left_out``): it could not rebuild the game."""
from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from .core import IllegalAction, Secret, t


def leave_out(export: dict[str, Any], secrets: Iterable[Secret], seat: int | None
              ) -> dict[str, Any]:
    """A copy of an export without the secrets that are not ``seat``'s (each set to null and
    named under ``hidden``); the export itself when there are none."""
    others = [s for s in secrets if s.seat != seat]
    if not others:
        return export
    out = copy.deepcopy(export)
    hidden = []
    for secret in others:
        where, part = (("setup", out["setup"]) if secret.seq == 0 else
                       (f"actions[{secret.seq - 1}].data", out["actions"][secret.seq - 1]["data"]))
        for key in secret.path[:-1]:
            part = part[key]
        part[secret.path[-1]] = None
        hidden.append(where + "".join(f"[{k}]" if isinstance(k, int) else f".{k}"
                                      for k in secret.path))
    out["hidden"] = hidden
    return out


def refuse_left_out(payload: Mapping[str, Any]) -> None:
    """An export made without some player's hidden information cannot rebuild the game."""
    hidden = payload.get("hidden")
    if hidden:
        named = [str(h)[:60] for h in hidden[:5]] if isinstance(hidden, list) else []
        raise IllegalAction(t("this export leaves out players' hidden information ({parts}): "
                              "it was made by a watch link or by one player's phone. Export "
                              "the game from a play link once nothing is hidden any more (at "
                              "the latest when the game is over).", parts=named or "?"),
                            field="hidden")
