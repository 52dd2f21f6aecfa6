"""Readable by everyone (issue 22, review A10): every text colour of the style sheet, on the
surface it is drawn on, meets WCAG 2 AA (4.5:1), in light and in dark mode. The pairs are read
from the style sheets themselves (static/*.css): a rule's text colour on its own background,
else on the page's and the cards' backgrounds (where text without a background of its own
sits); a rule with a background of its own and an inherited text colour takes the text colour
of its base class (``.chip.yellow`` takes ``.chip``'s)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

# every style sheet of static/ (app.css, and the games' and the table pages' own)
CSS = "\n".join(p.read_text() for p in sorted((Path(__file__).resolve().parents[2]
                                                / "static").glob("*.css")))
AA = 4.5
RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
DARK = re.compile(r"@media \(prefers-color-scheme:dark\)\{:root\{([^{}]*)\}\}")
#: rules that colour no text (an image's backdrop, the live status dot)
NOT_TEXT = ("img.qr", ".qr-big", ".live .dot", ".live.off .dot")
SURFACES = ("var(--bg)", "var(--card)")


def declarations(body: str) -> dict[str, str]:
    pairs = (d.split(":", 1) for d in body.split(";") if ":" in d)
    return {k.strip(): v.strip() for k, v in pairs}


def themes() -> dict[str, dict[str, str]]:
    light = {}
    for selector, body in RULE.findall(DARK.sub("", CSS)):
        if selector.strip() == ":root":
            light.update(declarations(body))
    return {"light": light, "dark": {**light, **declarations(DARK.search(CSS).group(1))}}


def rules() -> list[tuple[str, dict[str, str]]]:
    return [(s.strip(), declarations(b)) for s, b in RULE.findall(DARK.sub("", CSS))
            if s.strip() != ":root" and not s.strip().startswith("@")]


def hex_of(value: str, theme: dict[str, str]) -> str | None:
    """A colour value as #rrggbb (a variable resolved), or None when it is not one solid colour
    (inherit, transparent, a gradient)."""
    for _ in range(5):
        found = re.fullmatch(r"var\((--[\w-]+)\)", value.strip())
        if not found:
            break
        value = theme[found.group(1)]
    value = value.strip().split()[0] if value.strip() else value
    if re.fullmatch(r"#[0-9a-fA-F]{3}", value):
        value = "#" + "".join(c * 2 for c in value[1:])
    return value.lower() if re.fullmatch(r"#[0-9a-fA-F]{6}", value) else None


def luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def base_colour(selector: str, found: list[tuple[str, dict[str, str]]]) -> str:
    """The text colour a compound selector inherits from its first class (``.chip``)."""
    first = re.match(r"\s*(\.[\w-]+)", selector)
    for s, d in found:
        if first and s == first.group(1) and "color" in d:
            return d["color"]
    return "var(--fg)"


def pairs() -> list[tuple[str, str, str]]:
    """(where, text colour, background) for every text colour the sheet draws."""
    out = []
    found = rules()
    for selectors, d in found:
        background = d.get("background-color", d.get("background"))
        colour = d.get("color")
        for selector in selectors.split(","):
            if selector.strip().startswith(NOT_TEXT) or "[disabled]" in selector:
                continue
            if colour is None and background is not None:
                out.append((selector, base_colour(selector, found), background))
            elif colour is not None and background not in (None, "transparent"):
                out.append((selector, colour, background))
            elif colour is not None:
                out += [(selector, colour, surface) for surface in SURFACES]
    return out


def test_the_sheet_has_the_pairs_the_review_measured():
    """The reader works: the track colours on the page and white on the coloured chips."""
    found = {(s.strip(), c, b) for s, c, b in pairs()}
    assert (".num.income b", "var(--yellow)", "var(--bg)") in found
    assert (".chip.yellow", "var(--chip-fg)", "var(--yellow)") in found
    assert (".alert", "var(--err)", "var(--err-bg)") in found
    assert len(found) > 40


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_every_text_colour_meets_wcag_aa_on_its_background(mode):
    theme = themes()[mode]
    low = []
    for selector, colour, background in pairs():
        fg, bg = hex_of(colour, theme), hex_of(background, theme)
        if fg is None or bg is None:
            continue
        ratio = contrast(fg, bg)
        if ratio < AA:
            low.append(f"{selector.strip()}: {colour} {fg} on {background} {bg} = {ratio:.2f}")
    assert low == [], "\n".join(low)


def test_the_contrast_formula_matches_wcag_reference_values():
    assert round(contrast("#000000", "#ffffff"), 1) == 21.0
    assert round(contrast("#777777", "#ffffff"), 2) == 4.48  # the well-known just-too-light grey
    assert round(contrast("#c99a06", "#fbfaf7"), 2) == 2.48  # the review's yellow income
