"""A box as a file: the values a table knows of one game's components, downloaded from one server
and loaded into another (the server's box, or a group's), so that a box typed in once need not
be typed again anywhere.

The file is ``{"format": "companion-box", "version": 1, "game": <slug>, "values": {<category>:
{<key>: <values>}}}``. House rules are not in it: they are a table's choices, not printed values.

A file is read as strictly as a tap: each value must be one a tap could have taught, so it is
read back through the rules as that tap would be (the action's or the setup's own fields, with
their limits and choices, then the rules' own record of them), and it is taken only when the
rules make the very same record from it. Any problem refuses the whole file, naming its place,
and nothing is stored."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

from ..games import GAMES, GameRules, get_game
from ..games.core import IllegalAction, RulesError, t
from ..games.core.characters import check_text
from ..games.core.specs import ActionSpec, read_fields
from .box import HOUSE_RULE, _resettle, box_entries
from .db import BoxSighting, end_reading, utcnow, write_session
from .writes import attempts

FORMAT, VERSION = "companion-box", 1
RULE = t("Box file")
VALUES_LIMIT = 2000  # values one file may carry (a whole box is a few hundred)
KEY_LIMIT = 80  # box data keys are at most 80 characters in the database
ROMAN = {"I": 1, "II": 2, "III": 3}


def box_file(slug: str, owner: str) -> dict[str, Any]:
    """The box ``owner``'s table sees for ``slug`` (its own values, then those under them), as a
    file: the values offered, by category and key (a conflict is left out: nobody knows it)."""
    values: dict[str, dict[str, Any]] = {}
    for b in box_entries(slug, owner):
        if b.category != HOUSE_RULE:
            values.setdefault(b.category, {})[b.key] = b.value
    return {"format": FORMAT, "version": VERSION, "game": slug, "values": values}


def _fail(message: Any, field: str):
    raise IllegalAction(message, rule=RULE, field=field)


def read_box_file(payload: Any, slug: str) -> list[tuple[str, str, dict]]:
    """The values of a box file for the game ``slug`` (the page it is loaded from), each read
    back through the rules; raises IllegalAction naming the first problem."""
    if not isinstance(payload, dict) or payload.get("format") != FORMAT:
        _fail(t("this is not a box file (expected format {format})", format=FORMAT), "format")
    extra = sorted(set(payload) - {"format", "version", "game", "values"})
    if extra:
        _fail(t("unknown field {field} in a box file", field=", ".join(map(str, extra))),
              extra[0])
    if payload.get("version") != VERSION:
        _fail(t("box file version {version} is not one this server reads (it reads version "
                "{known})", version=repr(payload.get("version")), known=VERSION), "version")
    if payload.get("game") not in GAMES:
        _fail(t("unknown game {game} in the box file; this server knows {games}",
                game=repr(payload.get("game")), games=", ".join(sorted(GAMES))), "game")
    rules = get_game(payload["game"])
    if payload["game"] != slug:
        _fail(t("this box file is of {game}, not of {here}", game=rules.title,
                here=get_game(slug).title), "game")
    values = payload.get("values")
    if not isinstance(values, dict):
        _fail(t("{field} must be an object", field="values"), "values")
    out = []
    for category, keyed in values.items():
        at = f"values.{category}"
        if category not in _READERS.get(slug, {}):
            _fail(t("{field}: {game} keeps no box data of that kind (it keeps {kinds})",
                    field=at, game=rules.title, kinds=", ".join(_READERS.get(slug, {}))), at)
        if not isinstance(keyed, dict):
            _fail(t("{field} must be an object", field=at), at)
        for key, value in keyed.items():
            here = f"{at}.{key}"
            if len(out) >= VALUES_LIMIT:
                _fail(t("a box file carries at most {limit} values", limit=VALUES_LIMIT), here)
            if len(key) > KEY_LIMIT or not isinstance(value, dict):
                _fail(t("{field}: a value's name is a text of at most {limit} characters and "
                        "its values an object", field=here, limit=KEY_LIMIT), here)
            record = (category, key, value)
            if not _read_back(rules, record, here):
                _fail(t("{field}: not a value a table can enter for {game} (the rules read "
                        "it otherwise)", field=here, game=rules.title), here)
            out.append(record)
    check_text(out)
    return out


def load_box(owner: str, slug: str, records: list[tuple[str, str, dict]]) -> None:
    """Keep a box file's values (read by ``read_box_file``) as ``owner``'s sightings, with no
    source game (no take-back forgets them), and work out the known values again, in one
    transaction, tried again as a whole when a table's first value of a component won a race."""
    end_reading()
    for attempt in attempts():
        with attempt, write_session() as s:
            now = utcnow()
            s.add_all(BoxSighting(owner=owner, slug=slug, category=c, key=k, value=v,
                                  game_id=None, seq=0, in_force=True, at=now)
                      for c, k, v in records)
            _resettle(s, ((owner, slug, c, k) for c, k, _ in records))
            s.commit()


# ------------------------------------------------------------------- read through the rules

def _filled(spec: ActionSpec, data: Mapping[str, Any]) -> dict[str, Any]:
    """A tap's values: ``data``, with a field the record does not carry given a value its form
    would offer (the record made from the tap shows whether it read any of them)."""
    out = dict(data)
    for f in spec.fields:
        if f.name in out or not f.required:
            continue
        out[f.name] = {"choice": f.choices[0][0] if f.choices else "", "player": 0,
                       "bool": False, "int": f.low}.get(f.kind, "x")
    return out


def _tap(rules: GameRules, record: tuple, kind: str, data: Mapping[str, Any],
         epoch: int = 1) -> bool:
    """Whether the tap ``kind`` with ``data`` passes its fields' checks and the rules make
    ``record`` from it."""
    spec = rules.spec(kind)
    clean = read_fields(spec, _filled(spec, data), 1)
    return record in rules.box_records(SimpleNamespace(epoch=epoch), kind, clean)


def _setup(rules: GameRules, record: tuple) -> bool:
    """Whether a setup value reads back: the setup form's fields the rules fill from it pass
    their checks, and (where the rules can tell from those fields alone) they make ``record``."""
    filled = rules.setup_defaults([record])
    fields = {f.name: f for f in rules.setup_fields}
    if not filled or any(name not in fields for name in filled):
        return False
    spec = ActionSpec("setup", "", RULE, tuple(fields[n] for n in filled))
    clean = read_fields(spec, {k: str(v) if fields[k].kind == "text" else v
                               for k, v in filled.items()}, 1)
    try:
        return record in rules.box_records_of_setup(clean)
    except RulesError:  # the rules read these values only within a whole setup: each value
        # must be one field's, checked above, and no more
        values = record[2].values()
        return len(values) == len(clean) and \
            sorted(map(str, values)) == sorted(map(str, clean.values()))


def _seat(rules: GameRules, record: tuple) -> bool:
    """A value one seat's setup row carries (Hadara's setup card: its initiative and side)."""
    category, key, value = record
    if not key[:-1].isdecimal():
        return False
    fields = {f.name: f for f in rules.player_fields}
    row = {"initiative": int(key[:-1]), "side": key[-1], **value}
    if any(name not in fields for name in row):
        return False
    spec = ActionSpec("setup", "", RULE, tuple(
        replace(f, required=True) for n, f in fields.items() if n in row))
    clean = read_fields(spec, row, 1)
    return rules.box_records_of_setup({"players": [clean]}) == [record]


def _hex(rules: GameRules, record: tuple) -> bool:
    from ..games.hexemonia.box import play_values
    category, key, value = record
    kind, data = play_values({**value, "name": key,
                              "kind": "myth" if category == "myth" else value.get("kind")})
    return _tap(rules, record, kind, data)


def _epoch_tap(kind: str, data: Callable[[str, dict], dict | None]):
    """A Hadara value an epoch's tap teaches: the epoch is the card's own, or the key's."""
    def read(rules: GameRules, record: tuple) -> bool:
        category, key, value = record
        made = data(key, value)
        if made is None:
            return False
        epoch = value.get("epoch") if kind == "buy" else ROMAN.get(key.rsplit(" ", 1)[-1], 1)
        if epoch not in ROMAN.values():
            return False
        return _tap(rules, record, kind, {k: v for k, v in made.items() if k != "epoch"}, epoch)
    return read


def _statue(key: str, value: dict) -> dict | None:
    number = key.removeprefix("space ")
    return {**value, "statue": int(number)} if number.isdecimal() else None


def _medal(key: str, value: dict) -> dict | None:
    medal, _, rest = key.partition(" epoch ")
    return {**value, "medal": medal} if rest in ROMAN else None


def _read_back(rules: GameRules, record: tuple, at: str) -> bool:
    try:
        return _READERS[rules.slug][record[0]](rules, record)
    except RulesError as err:
        _fail(t("{field}: {message}", field=at, message=err.message), at)
    except (TypeError, ValueError, KeyError, AttributeError):
        return False


#: how each game's kinds of box data are read back: the tap or the setup that teaches them
_READERS: dict[str, dict[str, Callable[[GameRules, tuple], bool]]] = {
    "hadara": {"setup card": _seat,
               "card": _epoch_tap("buy", lambda key, value: value),
               "colony": _epoch_tap("colony", lambda key, value: value),
               "statue": _epoch_tap("statue", _statue),
               "medal price": _epoch_tap("medal", _medal)},
    "tradewarz": {"costs": _setup, "seasons": _setup},
    "hexemonia": {"hex": _hex, "myth": _hex, "city": _setup, "player-count icons": _setup},
}
