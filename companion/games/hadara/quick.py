"""The quick score pad and the score API of Hadara: the pad's flat fields, nested the way the score
API takes them, and the reading of a score request into end-of-game facts (DESIGN.md, "The score
API"), so both paths score with the same code and the same limits."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..core import MAX_NUMBER, Checker, FieldSpec, resolve_rulings, split_numbers, t, tn
from .data import COLOURS, TRACKS
from .holdings import card_problems, fed_problems
from .rulings import RULINGS
from .scoring import Facts
from .terms import COLOUR_LABELS, COLOUR_WORDS, TRACK_LABELS, TRACK_WORDS

_KEYS = ", ".join(TRACKS)  # the score API's keys are shown as they are typed, in any language
MAX_PLAYERS = 5
_MOST_READ = 50  # players read from one request, so that every problem of a too-long list shows
_MOST_CARDS = 200  # of one colour, in the score API (a sanity limit, not a rule)
_TRACK_CHOICES = tuple((tr, TRACK_WORDS[tr]) for tr in TRACKS)
#: every key the score API reads (docs/guide.md, "Score API", lists them): any other is refused
#: by name, so a typo ("silver_medal") never scores as nothing
REQUEST_KEYS = ("players", "rulings")
PLAYER_KEYS = ("name", "coins", "tracks", "cards", "colonies", "statues", "face_down_tiles",
               "silver_medals", "gold_medals", "effect_points")
CARD_KEYS = ("count", "points")
_CARD_KEYSET = frozenset(CARD_KEYS)

QUICK_FIELDS = (
    FieldSpec("name", t("Name"), "text"),
    # the score API's limits, so both paths take the same tables (tracks are unbounded: a live
    # game's corrections may take one past 99)
    FieldSpec("coins", t("Coins left"), high=MAX_NUMBER),
    *(FieldSpec(f"tracks.{tr}", t("{track} track", track=TRACK_LABELS[tr]), high=MAX_NUMBER)
      for tr in TRACKS),
    *(f for c in COLOURS for f in (
        FieldSpec(f"cards.{c}.count", t("{colour} cards", colour=COLOUR_LABELS[c]),
                  high=_MOST_CARDS, required=False, default=0),
        FieldSpec(f"cards.{c}.points", t("{colour} card points", colour=COLOUR_LABELS[c]),
                  high=MAX_NUMBER, required=False, default=0))),
    FieldSpec("colonies", t("Colony points (e.g. 5, 7)"), "text", required=False, limit=60),
    FieldSpec("statues", t("Statue points"), "text", required=False, limit=60),
    FieldSpec("face_down_tiles", t("Face-down tile values"), "text", required=False, limit=60),
    FieldSpec("silver_1", t("Silver medal 1 on"), "choice",
              choices=(("", t("none")),) + _TRACK_CHOICES, required=False, default=""),
    FieldSpec("silver_2", t("Silver medal 2 on"), "choice",
              choices=(("", t("none")),) + _TRACK_CHOICES, required=False, default=""),
    FieldSpec("gold_medals", t("Gold medals"), high=2, required=False, default=0),
    FieldSpec("effect_points", t("Points of purple effects on final scoring (e.g. 4, 6)"),
              "text", required=False, limit=60),
)


def quick_payload(options: Mapping[str, Any],
                  players: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Nest the quick pad's flat fields the way the score API takes them."""
    out = []
    for flat in players:
        p: dict[str, Any] = {"name": flat.get("name"), "coins": flat.get("coins"),
                             "gold_medals": flat.get("gold_medals") or 0,
                             "tracks": {tr: flat.get(f"tracks.{tr}") for tr in TRACKS},
                             "cards": {c: {"count": flat.get(f"cards.{c}.count") or 0,
                                           "points": flat.get(f"cards.{c}.points") or 0}
                                       for c in COLOURS},
                             "silver_medals": [flat[k] for k in ("silver_1", "silver_2")
                                               if flat.get(k)]}
        for key in ("colonies", "statues", "face_down_tiles", "effect_points"):
            p[key] = split_numbers(flat.get(key) or "")
        out.append(p)
    return {**options, "players": out}


def _read_player(check: Checker, raw: Any, path: str) -> Facts:
    if not isinstance(raw, Mapping):
        check.add(path, t("each player must be an object"))
        return Facts("", 0, {}, {}, {}, (), (), (), (), 0)
    check.unknown_keys(raw, PLAYER_KEYS, path)
    tracks_raw = raw.get("tracks", {})
    if not isinstance(tracks_raw, Mapping):
        check.add(f"{path}.tracks", t("tracks must be an object of {keys}", keys=_KEYS))
        tracks_raw = {}
    for extra in set(tracks_raw) - set(TRACKS):
        check.add(f"{path}.tracks.{extra}", t("unknown track {name}; tracks are {keys}",
                                              name=repr(extra), keys=_KEYS))
    where = f"{path}.tracks"
    tracks = {tr: check.integer(tracks_raw, tr, where, default=0) for tr in TRACKS}
    counts, points = _read_cards(check, raw.get("cards", {}), f"{path}.cards")
    silver = raw.get("silver_medals", [])
    if not isinstance(silver, list):
        check.add(f"{path}.silver_medals", t("silver_medals must be a list of track names"))
        silver = []
    if len(silver) > 2:
        check.add(f"{path}.silver_medals", t("{n} silver medals; a player buys at most 2 (Buy "
                                             "Silver or Gold Medals)", n=len(silver)))
    for i, tr in enumerate(silver):
        if tr not in TRACKS:
            check.add(f"{path}.silver_medals[{i}]", t("a silver medal names a track: {keys}",
                                                      keys=_KEYS))
    facts = Facts(
        name=check.text(raw, "name", path),
        coins=check.integer(raw, "coins", path, default=0),
        tracks=tracks, card_counts=counts, card_points=points,
        colonies=check.int_list(raw, "colonies", path, max_items=5),
        statues=check.int_list(raw, "statues", path, max_items=4),
        face_down_tiles=check.int_list(raw, "face_down_tiles", path, max_items=4),
        silver_medals=tuple(tr for tr in silver[:2] if tr in TRACKS),
        gold_medals=check.integer(raw, "gold_medals", path, default=0, high=2),
        effect_points=check.int_list(raw, "effect_points", path, max_items=30))
    _check_possible(check, facts, path)
    return facts


def _check_possible(check: Checker, f: Facts, path: str) -> None:
    """End facts a real table cannot reach: a face-down tile lies on a carved statue (one tile a
    statue), card points come from cards, and a purple effect's points from a purple card."""
    if len(f.effect_points) > f.card_counts.get("purple", 0):
        check.add(f"{path}.effect_points", t(
            "{effects} but {cards}: an effect's points come from a purple card of its own (Buy "
            "1 Card)", effects=tn("{n} purple effect scored", "{n} purple effects scored",
                                  len(f.effect_points)),
            cards=tn("{n} purple card", "{n} purple cards", f.card_counts.get("purple", 0))))
    if len(f.face_down_tiles) > len(f.statues):
        check.add(f"{path}.face_down_tiles", t(
            "{tiles} but {statues}: each bonus tile lies on a statue of its own, carved (Carve "
            "a Statue)", tiles=tn("{n} face-down tile", "{n} face-down tiles",
                                  len(f.face_down_tiles)),
            statues=tn("{n} statue", "{n} statues", len(f.statues))))
    for colour in COLOURS:
        if f.card_points.get(colour, 0) and not f.card_counts.get(colour, 0):
            check.add(f"{path}.cards.{colour}", tn(
                "{n} {colour} card point but no {colour} cards: card points are printed on "
                "cards (End of the Game)", "{n} {colour} card points but no {colour} cards: "
                "card points are printed on cards (End of the Game)", f.card_points[colour],
                colour=COLOUR_WORDS[colour]))


def _read_cards(check: Checker, raw: Any, path: str) -> tuple[dict, dict]:
    if not isinstance(raw, Mapping):
        check.add(path, t("cards must be an object keyed by colour"))
        raw = {}
    for extra in set(raw) - set(COLOURS):
        check.add(f"{path}.{extra}", t("unknown colour {name}; colours are {keys}",
                                       name=repr(extra), keys=", ".join(COLOURS)))
    counts, points = {}, {}
    for colour in COLOURS:
        entry = raw.get(colour, {})
        if type(entry) is dict:  # the common case first: two whole numbers in range
            count, pts = entry.get("count", 0), entry.get("points", 0)
            if (type(count) is int and type(pts) is int and 0 <= count <= _MOST_CARDS
                    and 0 <= pts <= MAX_NUMBER and entry.keys() <= _CARD_KEYSET):
                counts[colour], points[colour] = count, pts
                continue
        elif not isinstance(entry, Mapping):
            check.add(f"{path}.{colour}", t("{key} must be an object with count and points",
                                            key=colour))
            entry = {}
        where = f"{path}.{colour}"
        check.unknown_keys(entry, CARD_KEYS, where)
        counts[colour] = check.integer(entry, "count", where, default=0, high=_MOST_CARDS)
        points[colour] = check.integer(entry, "points", where, default=0)
    return counts, points


def parse_facts(payload: Any) -> tuple[list[Facts], dict[str, str]]:
    """Read a score request (DESIGN.md, "The score API"); raise InvalidInput listing every
    problem."""
    check = Checker()
    if not isinstance(payload, Mapping):
        check.add("", t("the request body must be a JSON object with a players list"))
        check.raise_if_any()
    check.unknown_keys(payload, REQUEST_KEYS, "")
    players = payload.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= MAX_PLAYERS:
        check.add("players", t("players must be a list of 2 to {most} players (Hadara is for 2–5 "
                               "players)", most=MAX_PLAYERS))
        players = players[:_MOST_READ] if isinstance(players, list) else []
    facts = [_read_player(check, raw, f"players[{i}]") for i, raw in enumerate(players)]
    names = [f.name.casefold() for f in facts if f.name]  # "Ana" and "ana" are one name
    for dup in sorted({n for n in names if names.count(n) > 1}):
        first = next(f.name for f in facts if f.name.casefold() == dup)
        check.add("players", t("two players are called {name}; names must differ",
                               name=repr(first)))
    rulings = resolve_rulings(RULINGS, payload.get("rulings"), check)
    told = {p.field for p in check.problems}  # a value already refused is not judged again
    for field, problem in table_problems(facts, rulings):
        if field not in told:
            check.add(field, problem)
    check.raise_if_any()
    return facts, rulings


def table_problems(facts: Sequence[Facts],
                   rulings: Mapping[str, str] | None = None) -> list[tuple[str, Any]]:
    """What no table ends with, over all its players at once (see ``holdings``; ruling HAD-4)."""
    names = [f.name or f"players[{i}]" for i, f in enumerate(facts)]
    cards = [sum(f.card_counts.values()) for f in facts]
    return card_problems(names, [f.card_counts for f in facts], rulings) + \
        fed_problems(names, cards, [f.tracks.get("food", 0) for f in facts])
