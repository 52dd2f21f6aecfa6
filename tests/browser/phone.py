"""What a phone does in the browser tests, shared by their modules: start a game, find a button,
read the page's version and score pad, count the touches it takes."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import BrowserContext, Locator, Page, expect

from tests.browser.tables import HadaraTable, chip, recorded, tap_and_load


def start_hadara(page: Page, base: str) -> None:
    """A two-player Hadara game started from its setup form, at its first step."""
    page.goto(base + "/new/hadara")
    HadaraTable().fill_setup(page)
    tap_and_load(page, page.locator("main form button.big"))  # "Start the game", any language
    expect(page.locator("#game")).to_be_visible()


def sell(page: Page, seat: int = 0) -> Locator:
    """The player's "Sell a card" button (found by its form, in any language)."""
    return page.locator(f"#p{seat} form[action$='/do/sell'] button")


def face_up_sale(page: Page, seat: int) -> Locator:
    """Phase B: the player's sale of a face-up card, which names its pile's colour (H4-6): the
    button of the first pile that still holds one ("Sell a face-up yellow card")."""
    return page.locator(f"#p{seat}").get_by_role(
        "button", name=re.compile("^Sell a face-up ")).first


def version(page: Page) -> str:
    return page.locator("#game").get_attribute("data-version")


def on_screen(page: Page, target: Locator) -> None:
    """``target`` is inside the screen and below the sticky header bar, where a reader sees it."""
    page.wait_for_timeout(100)  # the scroll that brings it into view
    top, bottom, bar, height = target.evaluate("""e => [e.getBoundingClientRect().top,
        e.getBoundingClientRect().bottom,
        document.querySelector("header.bar").getBoundingClientRect().bottom, innerHeight]""")
    assert top >= bar - 1, f"the message is under the header bar: top {top}, bar ends {bar}"
    assert bottom <= height, f"the message is below the screen: its end {bottom} of {height}"


def start_game(page: Page, base: str, table) -> str:
    """From the games list, tap "Start a game" for this game, fill the setup, start it."""
    page.goto(base + "/")
    card = page.locator(".card").filter(has=page.locator("h3", has_text=re.compile(
        f"^{table.slug}$", re.I)))
    tap_and_load(page, card.get_by_role("link", name="Start a game"))
    table.fill_setup(page)
    tap_and_load(page, page.get_by_role("button", name="Start the game"))
    expect(page.locator("#game")).to_be_visible()
    return page.url


def score_pad(page: Page) -> dict[str, dict[str, int]]:
    """The score pad as shown: player -> line label -> points (the Total row included)."""
    names = [t.strip() for t in page.locator("table.pad thead th").all_inner_texts()][1:]
    pad: dict[str, dict[str, int]] = {n: {} for n in names}
    for row in page.locator("table.pad tbody tr:not(.why)").all():
        # the line's name (its rule is linked under it, in the same cell)
        label = row.locator("th").evaluate("th => th.firstChild.textContent").strip()
        for name, cell in zip(names, row.locator("td").all()):
            pad[name][label] = int(cell.locator("summary").inner_text().strip()
                                   if cell.locator("summary").count() else cell.inner_text())
    return pad


def final_score(page: Page) -> dict[str, dict[str, int]]:
    """Tap Score in the header bar: the final score pad as shown (``score_pad``)."""
    tap_and_load(page, page.locator("header.bar").get_by_role("link", name="Score"))
    expect(page.locator("h1")).to_have_text("Final score")
    return score_pad(page)


def agrees(pad: dict[str, dict[str, int]], expected: dict[str, dict[str, int]], *,
           every_line: bool = True) -> None:
    """Each line the test worked out is on the pad with its points, and each total is the sum
    of the lines (``every_line``: of the lines worked out, which are all the pad's)."""
    for name, lines in expected.items():
        for label, points in lines.items():
            assert pad[name][label] == points, (name, label, pad[name])
        shown = sum(v for label, v in pad[name].items() if label != "Total")
        total = sum(lines.values()) if every_line else shown
        assert pad[name]["Total"] == total == shown, (name, pad[name])


#: how far the page must scroll for an element to be where a reader sees it (inside the screen,
#: below the sticky header bar): 0 when it is, else as far as a finger would move the page
#: (just enough, and a little more)
OUT_OF_SIGHT = """e => {
  const r = e.getBoundingClientRect(), bar = document.querySelector("header.bar");
  const top = bar ? bar.getBoundingClientRect().bottom : 0;
  if (r.top < top - 1) { return r.top - top - 8; }
  return r.bottom > innerHeight ? r.bottom - innerHeight + 8 : 0;
}"""


class Count:
    """Every touch and keyboard entry one phone makes, counted as it is made, and the scrolls
    it takes: a target out of sight (off the screen, or under the sticky header) is one scroll,
    then brought into view as a finger would."""

    def __init__(self, page: Page, *, paced: bool = False):
        self.page, self.touches, self.keyboard, self.paced = page, 0, 0, paced
        self.scrolls = 0

    def sight(self, target: Locator) -> None:
        """Scroll ``target`` into view if it is out of sight, counting the scroll."""
        by = target.evaluate(OUT_OF_SIGHT)
        if by:
            self.scrolls += 1
            self.page.evaluate("by => window.scrollBy({top: by, behavior: 'instant'})", by)

    def tap(self, target: Locator) -> None:
        """(``paced``: a moment passes first, as a person reads what the last tap did: a button
        that just took the place of the one tapped takes no tap at once)"""
        self.touches += 1
        if self.paced:
            self.page.clock.fast_forward(500)
        self.sight(target)
        target.tap()

    def type(self, target: Locator, text: str) -> None:
        """Typing: one touch and one keyboard entry."""
        self.tap(target)
        self.keyboard += 1
        target.fill(text)

    def load(self, target: Locator) -> None:
        """A tap that loads another page (a link, a calculator's question)."""
        self.touches += 1
        self.sight(target)
        tap_and_load(self.page, target)

    def chips(self, form: Locator, **values: Any) -> None:
        for name, value in values.items():
            self.tap(chip(form, name, value))

    def pick(self, target: Locator, value: str) -> None:
        self.touches += 2
        target.select_option(value)

    def open(self, panel: Locator) -> Locator:
        """A panel opened by a tap on its summary (not tapped when already open)."""
        if not panel.evaluate("d => d.open"):
            self.tap(panel.locator(":scope > summary"))
        return panel

    def send(self, target: Locator) -> None:
        """The touch that records an action: the game shows it, no refusal."""
        recorded(self.page, lambda: self.tap(target))


# ------------------------------------------------------------------ a page read on a small phone

#: where ``npm ci`` (make test) puts axe-core, the accessibility checker put into each page
AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
#: the success criteria checked: WCAG 2.1 levels A and AA
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]

#: words drawn on two lines. A word runs between spaces, dashes and slashes (where print breaks a
#: line); Chinese and Japanese characters are no part of one (a line breaks between any two).
BROKEN_WORDS = """() => {
  const broken = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    if (n.parentElement.closest('script, style, .visually-hidden')) continue;
    for (const m of n.data.matchAll(/[^\\s\\u2010-\\u2015\\/\\u3000-\\u9fff\\uff00-\\uffef-]+/g)) {
      const r = document.createRange();
      r.setStart(n, m.index); r.setEnd(n, m.index + m[0].length);
      const tops = new Set([...r.getClientRects()].filter(x => x.width > 0)
                           .map(x => Math.round(x.top)));
      if (tops.size > 1) { broken.push(m[0]); }
    }
  }
  return broken;
}"""

#: the outermost elements drawn past the screen's right edge (hidden there, or scrolled to)
PAST_RIGHT_EDGE = """() => {
  const edge = document.documentElement.clientWidth + 0.5, out = [];
  const past = el => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && r.right > edge
      && getComputedStyle(el).visibility !== 'hidden' && !el.closest('.visually-hidden');
  };
  for (const el of document.body.querySelectorAll('*')) {
    if (!past(el) || (el.parentElement !== document.body && past(el.parentElement))) continue;
    const name = el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
      + [...el.classList].map(c => '.' + c).join('');
    out.push(`${name} "${el.textContent.trim().slice(0, 30)}" ends at `
             + Math.round(el.getBoundingClientRect().right));
  }
  return out;
}"""

#: what a finger taps narrower or lower than 24 px (WCAG 2.2's 2.5.8), unless a 24 px circle on
#: its centre touches no other target (the criterion's spacing exception) or it is a link in a
#: sentence (its inline exception); a radio or checkbox is tapped through its label
SMALL_TARGETS = """() => {
  const targets = [];
  for (const el of document.querySelectorAll(
      'a[href], button, summary, select, textarea, input, '
      + 'label:has(> input[type=radio], > input[type=checkbox])')) {
    if (el.matches('input[type=hidden]')) continue;
    if (el.matches('input[type=radio], input[type=checkbox]') && el.closest('label')) continue;
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1 || getComputedStyle(el).visibility === 'hidden') continue;
    const inline = el.matches('a') && getComputedStyle(el).display === 'inline'
      && el.parentElement.textContent.trim().length > el.textContent.trim().length;
    targets.push({el, r, inline, small: r.width < 23.5 || r.height < 23.5,
                  x: r.left + r.width / 2, y: r.top + r.height / 2});
  }
  const near = (t, o) => {
    if (o.small) { return Math.hypot(t.x - o.x, t.y - o.y) < 24; }
    const dx = Math.max(o.r.left - t.x, 0, t.x - o.r.right);
    const dy = Math.max(o.r.top - t.y, 0, t.y - o.r.bottom);
    return Math.hypot(dx, dy) < 12;
  };
  return targets.filter(t => t.small && !t.inline
                        && targets.some(o => o !== t && !t.el.contains(o.el)
                                        && !o.el.contains(t.el) && near(t, o)))
    .map(t => `${t.el.tagName.toLowerCase()} "${(t.el.textContent.trim()
      || t.el.getAttribute('aria-label') || t.el.name || '').slice(0, 30)}" `
      + `${Math.round(t.r.width)}x${Math.round(t.r.height)}`);
}"""


def axe_path() -> Path:
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `make test` (it runs `npm ci`)")
    return AXE


def with_axe(context: BrowserContext) -> None:
    """axe-core put into every page ``context`` opens (sent to the browser once, not a page at
    a time)."""
    context.add_init_script(path=str(axe_path()))


def axe_violations(page: Page) -> list[str]:
    """What axe-core finds against WCAG 2.1 A and AA on the page as it is now: one line a rule
    and element (its impact, its rule, the element and what it lacks)."""
    if not page.evaluate("'axe' in window"):  # (else put in by the context: ``with_axe``)
        page.add_script_tag(path=str(axe_path()))
    found = page.evaluate("""tags => axe.run(document, {runOnly: {type: 'tag', values: tags},
                                                     resultTypes: ['violations']})
        .then(r => r.violations.flatMap(v => v.nodes.map(n =>
            `${v.impact} ${v.id}: ${n.target.join(' ')}: ${n.failureSummary}`)))""",
                          WCAG_21_AA)
    return found
