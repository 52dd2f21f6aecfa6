"""The morphing library the pages load (static/vendor/, committed so that `make run` needs no
npm) is the very release package-lock.json pins, unchanged under its licence header: `make
vendor` writes it from node_modules, which `make test` fills with `npm ci`."""
from __future__ import annotations

import json

from tests.browser.conftest import ROOT

VENDORED = ROOT / "static" / "vendor" / "idiomorph.min.js"
PACKAGE = ROOT / "node_modules" / "idiomorph"


def test_the_vendored_idiomorph_is_the_pinned_release_unchanged_under_its_licence():
    lock = json.loads((ROOT / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/idiomorph"]["version"]
    assert json.loads((ROOT / "package.json").read_text())["devDependencies"]["idiomorph"] \
        == pinned
    assert json.loads((PACKAGE / "package.json").read_text())["version"] == pinned, \
        "node_modules is stale: run `make test` (npm ci)"
    header, _, body = VENDORED.read_text().partition("*/\n")
    assert header.startswith(f"/* idiomorph {pinned} ") and "Zero-Clause BSD" in header
    assert body == (PACKAGE / "dist" / "idiomorph.min.js").read_text(), "run `make vendor`"
