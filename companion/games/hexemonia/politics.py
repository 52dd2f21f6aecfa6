"""Phase D: the political check, the Philosopher and revolts (rulebook, D) Verificare la
situazione politica; digest §A4.4, rulings H9–H13)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from ..core import IllegalAction, ceil_half, replace, t
from .model import Cubes, HexemoniaState, Player
from .turn import out_of_order

R = "Hexemonia rulebook"


@dataclass(frozen=True)
class Revolt:
    """A revolt on one hex: the cubes above the printed cost, and those sent to the supply."""

    hex: str
    excess: Cubes
    discard: Cubes


def revolt_discard(excess: Cubes) -> Cubes:
    """The cubes a revolt discards from ``excess`` (rulebook, Per ogni Rivolta; ruling H12).

    One kind in excess: half of it, rounded up. Several kinds: each kind comes down to the
    smallest excess among them.
    """
    amounts = [n for n in excess.as_tuple() if n > 0]
    if len(amounts) == 1:
        return Cubes(*(ceil_half(n) for n in excess.as_tuple()))
    low = min(amounts, default=0)
    return Cubes(*(n - low if n > 0 else 0 for n in excess.as_tuple()))


def revolts_for(player: Player, rulings: dict) -> tuple[Revolt, ...]:
    """Every revolt in ``player``'s city, hex by hex; the Acropolis is exempt (ruling H11)."""
    out = []
    for h in player.hexes:
        if rulings.get("H11") == "active-only" and not h.is_active:
            continue
        excess = h.cubes.excess(h.cost)
        if excess.total:
            out.append(Revolt(h.id, excess, revolt_discard(excess)))
    return tuple(out)


def political_count(state: HexemoniaState, seat: int, guesses: bool = True) -> int:
    """Political (eye) hexes of a player, active or not (ruling H10). ``guesses=False`` leaves
    out a revealed Acropolis whose symbol is unverified tile data."""
    player = state.players[seat]
    count = sum(h.nature == "political" for h in player.hexes)
    info = state.city_info(player.city)
    if player.revealed and info.nature == "political" and (guesses or not info.unverified):
        count += 1
    if state.rulings.get("H10") == "city-and-myths":
        count += sum(m.nature == "political" for m in player.myths)
    return count


def new_philosopher(state: HexemoniaState) -> int:
    """The seat that takes the Philosopher at this check, or -1 when it does not move.

    Only the active player can take it, with strictly more political hexes than every other
    player (ruling H9), and only if they do not hold it already.
    """
    return _holder(state, [political_count(state, i) for i in range(len(state.players))])


def _holder(state: HexemoniaState, counts: list[int]) -> int:
    seat = state.active
    rivals = counts[:seat] + counts[seat + 1:]
    if state.philosopher == seat or counts[seat] <= max(rivals):
        return -1
    return seat


@dataclass(frozen=True)
class PoliticalCheck:
    """What the political check will do: the counts, the new holder (-1: none) and the revolts."""

    counts: tuple[int, ...]
    new_holder: int
    revolts: tuple[tuple[Revolt, ...], ...]
    unverified: bool = False


def guess_decides(state: HexemoniaState) -> bool:
    """Whether an unverified Acropolis symbol (ruling H1's guesses) decides who takes the
    Philosopher: some revealed Acropolis with guessed data, eye or not, would change it."""
    known = [political_count(state, i, guesses=False) for i in range(len(state.players))]
    guessed = [i for i, p in enumerate(state.players)
               if p.revealed and state.city_info(p.city).unverified]
    outcomes = {_holder(state, [n + (i in eyes) for i, n in enumerate(known)])
                for k in range(len(guessed) + 1) for eyes in combinations(guessed, k)}
    return len(outcomes) > 1


def preview_check(state: HexemoniaState) -> PoliticalCheck:
    """The outcome of the political check in the current state, without applying it (H13)."""
    counts = tuple(political_count(state, i) for i in range(len(state.players)))
    holder = new_philosopher(state)
    revolts = tuple(revolts_for(p, state.rulings) if holder >= 0 and state.revolts
                    and i != holder else () for i, p in enumerate(state.players))
    return PoliticalCheck(counts, holder, revolts, guess_decides(state))


def apply_check(state: HexemoniaState) -> HexemoniaState:
    """Move the Philosopher if it moves and discard every revolt's cubes."""
    check = preview_check(state)
    for seat, revolts in enumerate(check.revolts):
        player = state.players[seat]
        for revolt in revolts:
            player = player.with_cubes(revolt.hex, player.cubes_at(revolt.hex) - revolt.discard)
        state = state.with_player(seat, player)
    holder = check.new_holder if check.new_holder >= 0 else state.philosopher
    return replace(state, philosopher=holder, checked=True)


def check_political(state: HexemoniaState) -> None:
    """Every check of phase D's political check; raises IllegalAction naming the refusal.
    The check itself and "Can I do this?" both call it."""
    rule = f"{R}, D) Verificare la situazione politica"
    if state.over:
        raise IllegalAction(t("the game is over"), rule=f"{R}, Fine del gioco")
    if state.checked:
        raise out_of_order(t("the political check was already made this turn"), state, rule)
    if not (state.took or state.final_round):
        raise out_of_order(t("the political check comes after phase A"), state, rule)


def political_check(state: HexemoniaState, data: Mapping[str, Any]) -> HexemoniaState:
    """Phase D: the Philosopher may move to the active player, and revolts follow (H9, H13)."""
    check_political(state)
    return apply_check(state)


def skip_unconfirmed(state: HexemoniaState, data: Mapping[str, Any]) -> list[IllegalAction]:
    """A political check tapped before the turn's action (C) ends the turn's B and C: the page
    asks once ("End the turn without B and C?"), unless ``anyway`` says it was meant. A check
    the rules refuse anyway is left to that refusal."""
    if data.get("anyway") or state.action or state.checked or state.over or \
            not (state.took or state.final_round):
        return []
    asked = t("End the turn without an action (C)? No production, strategy, special action "
              "or war this turn: the political check ends it.") if state.played else \
        t("End the turn without B and C? No hex played and no action this turn: the political "
          "check ends them.")
    return [IllegalAction(asked, rule=f"{R}, Turno di gioco", field="anyway")]
