"""What a section of Coin toss's reference touches in a live game (found by convention)."""
from __future__ import annotations

from typing import Any

from companion.games.core import Rows, t

from . import scores


def affected(state: Any, key: str) -> Rows:
    if key != "heads":
        return []
    return [(name, ((t("heads so far"), sum(1 for who, side in state.tosses
                                             if who == seat and scores(side, state.rulings))),))
            for seat, name in enumerate(state.names)]
