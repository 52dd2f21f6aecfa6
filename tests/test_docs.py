"""The README starts a newcomer and stays short; the architecture page's links point at the lines
that define what they name; every relative link of the docs leads to a file that exists."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _doc_links():
    spec = importlib.util.spec_from_file_location("doc_links", ROOT / "scripts" / "doc_links.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_readme_is_at_most_250_lines_with_the_two_commands_first():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 250
    first_block = text.split("```")[1]
    assert "make run" in first_block and "make test" in first_block
    assert text.index("```") < text.index("\n## ", text.index("## Quick start") + 1)


def test_the_architecture_page_links_each_name_to_the_line_that_defines_it():
    links = _doc_links()
    page = (ROOT / "docs" / "architecture.md").read_text()
    found = links.LINK.findall(page)
    assert len(found) >= 20
    for name, path, line in found:
        lines = (ROOT / path).read_text().splitlines()
        assert int(line) <= len(lines), (name, path, line)
        assert links.defines(lines[int(line) - 1], name), (
            f"{path}#L{line} does not define {name}: run `python scripts/doc_links.py`")


def test_the_link_check_sees_a_line_that_defines_something_else():
    links = _doc_links()
    assert links.defines("def record(game_id: int) -> None:", "record")
    assert links.defines("  function send(form, button) {", "send")
    assert not links.defines("    record(game_id)", "record")
    assert not links.defines("def recorded():", "record")


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_relative_link_of_the_docs_leads_to_a_file(doc):
    for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", doc.read_text()):
        if re.match(r"[a-z]+:", target):
            continue  # (http:, https:, mailto:)
        assert (doc.parent / target).exists(), f"{doc.name}: {target}"


def test_make_bench_keeps_the_notes_written_by_hand_below_its_report():
    from bench import report
    before = "old report\n\n" + report.NOTES + "\n## Notes on the server\nwhy\n"
    written = report.with_notes("new report\n", before)
    assert written.startswith("new report\n") and "old report" not in written
    assert written.endswith(report.NOTES + "\n## Notes on the server\nwhy\n")
    assert report.NOTES in (ROOT / "BENCHMARKS.md").read_text()
