"""Deep links: every rule citation the rules libraries use leads to a section that exists."""
import ast
import importlib
from pathlib import Path

import pytest

from companion.games import GAMES
from companion.reference import REFERENCES, resolve, resolve_parts

GAMES_DIR = Path(__file__).resolve().parents[2] / "companion" / "games"


def _render(node, module) -> str | None:
    """A string constant, or an f-string whose names are module constants, as text."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(part.value)
            elif isinstance(part.value, ast.Name) and isinstance(
                    getattr(module, part.value.id, None), str):
                out.append(getattr(module, part.value.id))
            else:
                return None
        return "".join(out)
    return None


def source_citations() -> set[tuple[str, str]]:
    """(slug, citation) for every rulebook citation written in a game's source."""
    found = set()
    for slug in GAMES:
        for path in sorted((GAMES_DIR / slug).glob("*.py")):
            module = importlib.import_module(f"companion.games.{slug}.{path.stem}"
                                             if path.stem != "__init__" else
                                             f"companion.games.{slug}")
            for node in ast.walk(ast.parse(path.read_text())):
                text = _render(node, module)
                if text and text.startswith(REFERENCES[slug].rulebook + ", ") and \
                        len(text) > len(REFERENCES[slug].rulebook) + 6:
                    found.add((slug, text))
    return found


def action_citations() -> set[tuple[str, str]]:
    return {(slug, spec.rule) for slug, rules in GAMES.items()
            for spec in rules.actions.values()}


SCORE_PAYLOADS = {
    "hadara": {"players": [{"name": "A", "coins": 7, "tracks": {"income": 1, "military": 2,
                                                                "culture": 3, "food": 4},
                            "colonies": [3], "statues": [2], "silver_medals": ["food"],
                            "gold_medals": 1}, {"name": "B", "coins": 2}]},
    "tradewarz": {"players": [{"name": "A", "golden_xadlas": 2, "silver_xadlas": 1},
                              {"name": "B", "golden_xadlas": 1, "silver_xadlas": 2}]},
    "hexemonia": {"players": [{"name": "A", "city": "athens", "acropolis_gold": 2},
                              {"name": "B", "city": "sparta", "acropolis_gold": 1}]},
}


def score_citations() -> set[tuple[str, str]]:
    found = set()
    for slug, payload in SCORE_PAYLOADS.items():
        result = GAMES[slug].score_payload(payload)
        found |= {(slug, line.rule) for sheet in result.sheets for line in sheet.lines}
    return found


ALL = sorted(source_citations() | action_citations() | score_citations())


def test_the_collection_found_citations_of_every_game():
    assert {slug for slug, _ in ALL} == set(GAMES)
    assert len(ALL) > 60


@pytest.mark.parametrize("slug, citation", ALL)
def test_every_rule_citation_leads_to_an_existing_section_or_ruling(slug, citation):
    parts = resolve_parts(citation, slug)
    assert parts
    for part, target in parts:
        assert target is not None, f"{part!r} of {citation!r} names no section"
        if target.ruling:
            assert target.ruling in GAMES[target.slug].rulings
        else:
            assert target.section in REFERENCES[target.slug].ids


@pytest.mark.parametrize("slug", sorted(GAMES))
def test_every_ruling_id_leads_to_its_own_rulings_anchor(slug):
    for rid in GAMES[slug].rulings:
        target = resolve(rid)
        assert (target.slug, target.ruling) == (slug, rid)


@pytest.mark.parametrize("citation, slug, section", [
    ("Hadara rulebook, Take a Colony", "hadara", "take-colony"),
    ("Hadara rulebook, End of the Game", "hadara", "end"),
    ("Hadara rulebook, Draw 2 Facedown Cards and Buy or Sell a Card (Buy 1 Card)", "hadara",
     "buy-card"),
    ("TradeWarz rulebook, Marching: Battle", "tradewarz", "battle"),
    ("Hexemonia rulebook, Azione bellica (War)", "hexemonia", "war"),
])
def test_named_rulebook_sections_open_the_section_that_summarises_them(citation, slug, section):
    assert resolve(citation) .section == section and resolve(citation).slug == slug


def test_a_citation_with_a_ruling_links_both_parts():
    parts = resolve_parts("TradeWarz rulebook, Trading; ruling T17")
    assert [(t.section, t.ruling) for _, t in parts] == [("trading", ""), ("", "T17")]


def test_section_ids_are_unique_and_every_section_cites_the_rulebook():
    for ref in REFERENCES.values():
        assert len(ref.ids) == len(ref.sections)
        assert all(sec.cites and sec.body for sec in ref.sections)
