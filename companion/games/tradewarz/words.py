"""TradeWarz's history sentences: an action in words, with what it caused."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import Text, t
from .model import TradeWarzState
from .specs import SEASON_KINDS
from .terms import join


def history_line(state: TradeWarzState, kind: str, data: Mapping[str, Any], label: Any,
                 after: TradeWarzState | None) -> Text:
    """"House: action; what it caused" (``after`` is the state it led to, None if refused)."""
    who = state.houses[state.turn].name if kind in SEASON_KINDS else ""
    seat = data.get("house")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.houses):
        who = state.houses[seat].name
    head = t("{house}: {action}", house=who, action=label) if who else label
    return join((head, *after.events), "; ") if after is not None else head
