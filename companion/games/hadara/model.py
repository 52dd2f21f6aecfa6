"""Hadara's state: players, their cards, colonies, statues and medals, and where the table is.

Everything is frozen; a move (``cards``, ``colonies``, ``statues``...) returns a new state.
Sections named in docstrings are those of the Hadara rulebook.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..core import replace
from .data import COLOURS, EPOCHS, TRACKS

__all__ = ["COLOURS", "TRACKS", "Card", "Colony", "Statue", "Player", "HadaraState",
           "first_seat", "never_first", "turn_order"]


#: what a purple card's effect changes, as the table records it ("" : nothing the app counts)
EFFECT_CHANGES = ("", "prices", "scoring")


@dataclass(frozen=True)
class Card:
    """An epoch card a player bought: colour, printed cost, the tracks it raises, its points, and
    a purple card's effect as the table wrote it (active while the card is held: "Purple cards
    can have either values or effects"), with what it changes."""

    colour: str
    cost: int
    tracks: tuple[int, int, int, int] = (0, 0, 0, 0)
    points: int = 0
    epoch: int = 1
    effect: str = ""
    effect_changes: str = ""
    #: what an effect on final scoring is worth, as the table counted it (the pad adds it)
    effect_points: int = 0

    def track(self, name: str) -> int:
        return self.tracks[TRACKS.index(name)]


@dataclass(frozen=True)
class Colony:
    """A colony taken at a requirement level, plundered (coins gained) or integrated (coins paid,
    reverse-side track values gained)."""

    requirement: int
    points: int
    integrated: bool
    coins: int
    tracks: tuple[int, int, int, int] = (0, 0, 0, 0)


@dataclass(frozen=True)
class Statue:
    """A carved statue with the bonus tile placed on it: face up raises ``tile_track`` by
    ``tile_value``; face down scores ``tile_value`` at the end."""

    number: int
    requirement: int
    points: int
    tile_track: str
    face_up: bool
    tile_value: int


@dataclass(frozen=True)
class Player:
    name: str
    symbol: str
    initiative: int
    side: str
    coins: int
    tracks: tuple[int, int, int, int]
    cards: tuple[Card, ...] = ()
    colonies: tuple[Colony, ...] = ()
    statues: tuple[Statue, ...] = ()
    silver: tuple[str, ...] = ()  # the track named by each silver medal
    gold: int = 0

    def track(self, name: str) -> int:
        return self.tracks[TRACKS.index(name)]

    def with_tracks(self, delta: tuple[int, ...], sign: int = 1) -> Player:
        return replace(self, tracks=tuple(t + sign * d for t, d in zip(self.tracks, delta)))

    def lowered(self, delta: tuple[int, ...]) -> Player:
        """Tracks lowered by ``delta`` (values a card, colony or tile took with it); a track
        corrected by hand may hold less than they gave: its marker stops at 0."""
        return self.with_tracks(tuple(min(d, t) for d, t in zip(delta, self.tracks)), -1)

    def count(self, colour: str) -> int:
        return sum(1 for c in self.cards if c.colour == colour)

    @property
    def purples(self) -> tuple[Card, ...]:
        """The purple cards held, in the order bought (a correction names one by its place)."""
        return tuple(c for c in self.cards if c.colour == "purple")

    @property
    def effects(self) -> tuple[tuple[int, Card], ...]:
        """The purple cards with an effect, each with its number among the purple cards."""
        return tuple((n, c) for n, c in enumerate(self.purples, start=1) if c.effect)

    def effects_on(self, changes: str) -> tuple[Card, ...]:
        """The purple cards held whose effect changes ``changes`` ("prices": what cards cost
        this player, which the table reads off the effect and the app does not work out;
        "scoring": the final score). A card says what its effect changes only with the
        effect's words (``cards.effect_problems``)."""
        return tuple(c for c in self.purples if c.effect and c.effect_changes == changes)

    def tiles_used(self, track: str) -> int:
        """Bonus tiles of a track colour already placed on statues or silver medals."""
        return (sum(1 for s in self.statues if s.tile_track == track)
                + sum(1 for tr in self.silver if tr == track))

    @property
    def food_shortfall(self) -> int:
        """How many cards this player must remove when feeding (cards beyond the food track)."""
        return max(0, len(self.cards) - self.track("food"))


@dataclass(frozen=True)
class HadaraState:
    players: tuple[Player, ...]
    epoch: int = 1
    phase: str = "A"
    step: str = "cards"
    round: int = 1
    acted: frozenset[int] = frozenset()  # seats that did this round's buy/sell, or this step's take
    #: the colours of the face-up cards taken so far in phase B, in turn ("" for a sale that
    #: named none): they go round the table, and each colour's pile holds one card per player
    taken: tuple[str, ...] = ()
    #: the wheel this epoch: the deck each seat's icon pointed at in round 1 (() until set), and
    #: the decks' colours clockwise around the board (kept from epoch to epoch)
    wheel: tuple[str, ...] = ()
    decks: tuple[str, ...] = ()
    #: the wheel of the epoch before: the icons keep their places on the disc, so a new epoch's
    #: wheel turns them all together (``wheel.turned_along``)
    previous_wheel: tuple[str, ...] = ()
    #: each seat's phase A cards this epoch, by colour ("" for a sale made without the wheel)
    drawn: tuple[tuple[str, ...], ...] = ()
    rulings: dict[str, str] = field(default_factory=dict)
    over: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players)

    @property
    def picks(self) -> int:
        """Face-up cards taken so far in phase B."""
        return len(self.taken)

    def drawn_by(self, seat: int) -> tuple[str, ...]:
        """The colours of the cards ``seat`` bought or sold in this epoch's phase A."""
        return self.drawn[seat] if seat < len(self.drawn) else ()

    def set_player(self, seat: int, player: Player) -> HadaraState:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))


def first_seat(players: tuple[Player, ...], epoch: int) -> int:
    """The first player of an epoch ("Determine the First Player").

    Epoch I: lowest initiative; II: second lowest; III: third lowest. With two players the lowest
    initiative is first in epochs I and III and the other player in epoch II.
    """
    order = sorted(range(len(players)), key=lambda i: players[i].initiative)
    if len(players) == 2:
        return order[0] if epoch in (1, 3) else order[1]
    return order[epoch - 1]


def never_first(players: tuple[Player, ...]) -> tuple[int, ...]:
    """Seats that get 1 coin at the start of epoch I: those first in no epoch, and with two players
    the one without the lowest initiative (it leads only epoch II)."""
    if len(players) == 2:
        return (first_seat(players, 2),)
    firsts = {first_seat(players, e) for e in EPOCHS}
    return tuple(i for i in range(len(players)) if i not in firsts)


def turn_order(state: HadaraState) -> tuple[int, ...]:
    """Seats from this epoch's first player on, clockwise (the order of the setup)."""
    n = len(state.players)
    start = first_seat(state.players, state.epoch)
    return tuple((start + k) % n for k in range(n))
