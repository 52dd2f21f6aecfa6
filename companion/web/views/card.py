"""A card to share a finished game: the final ranking (game, date, players, places, totals, the
group's name) and the story chart, drawn by the server as SVG, and as PNG (CairoSVG) for the
chats that show no SVG. Only a finished game has one: by then the rules have revealed every
Acropolis, and nothing but the ranking and the standings is on it (no battle cards, no log)."""
from __future__ import annotations

import functools
import os
import re
import threading
from pathlib import Path

from cachetools import LRUCache
from flask import Blueprint, Response, abort
from flask_babel import get_locale
from markupsafe import escape

from ... import groups, store
from ...games import get_game
from ...games.core import t
from ...store.db import Game
from .. import story
from ..i18n import say
from .play import open_game

bp = Blueprint("card", __name__, url_prefix="/g")

WIDTH, ROW, CHART_TOP_GAP = 600, 34, 16
#: a PNG as wide as a phone's screen in its pixels, so it stays sharp in a chat
PNG_WIDTH = 1080
#: faces with Chinese characters and Latin letters too, by file name, as Linux distributions
#: install them (Debian's fonts-wqy-microhei, which `make run` installs when it may; Noto CJK)
CJK_FACES = {"wqy-microhei.ttc": "WenQuanYi Micro Hei", "wqy-zenhei.ttc": "WenQuanYi Zen Hei",
             "NotoSansCJK-Regular.ttc": "Noto Sans CJK SC",
             "NotoSansCJKsc-Regular.otf": "Noto Sans CJK SC",
             "NotoSansSC-Regular.otf": "Noto Sans SC",
             "DroidSansFallbackFull.ttf": "Droid Sans Fallback"}
#: where fontconfig looks on Linux
FONT_FOLDERS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
#: the characters only a CJK face draws (ideographs, kana, hangul, full-width forms)
CJK = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")
NO_CJK_FACE = t("This server has no font with Chinese characters, so the card's PNG would show "
                "boxes for them: the card is offered as SVG, which the phone draws itself.")
NOT_OVER = t("A game's card is made when the game is over.")

_PNGS: LRUCache = LRUCache(maxsize=32)  # by (game link, version, language): drawn once
_PNGS_LOCK = threading.Lock()


@functools.cache
def cjk_face() -> str | None:
    """The family of a face this machine has that draws Chinese characters, or None (the server
    says so at start: ``serve.prepare``)."""
    for folder in FONT_FOLDERS:
        for _, _, files in os.walk(Path(folder).expanduser()):
            found = [CJK_FACES[name] for name in files if name in CJK_FACES]
            if found:
                return found[0]
    return None


def fonts() -> str:
    """The card's type: the CJK face first, which has Latin letters too (CairoSVG takes the first
    face it finds and draws no glyph another face would)."""
    return ", ".join(f for f in (cjk_face(), "DejaVu Sans", "sans-serif") if f)


def _finished(token: str) -> Game:
    game, _ = open_game(token)
    if not get_game(game.slug).is_over(store.state_of(game)):
        abort(404, description=NOT_OVER)
    return game


def card_svg(game: Game) -> str:
    """The card of a finished game, as a standalone SVG document."""
    rules = get_game(game.slug)
    result = rules.score(store.state_of(game))
    group = groups.group_of_game(game)
    day = game.updated_at.strftime("%Y-%m-%d")
    placed = {n: p.place for p in result.ranking for n in p.names}
    sheets = sorted(result.sheets, key=lambda s: placed[s.name])
    told = story.story_of(game)
    labels = [story.label_of(rules, p) for p in told.chapters]
    chart_top = 96 + ROW * len(sheets) + CHART_TOP_GAP
    chart_h = round((story.PLOT_H + story.TOP + 34 + 16 * len(told.names)) * 560 / story.WIDTH)
    height = chart_top + chart_h + 20
    under = " · ".join(x for x in (group.name if group else "", day) if x)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
             f'viewBox="0 0 {WIDTH} {height}" font-family="{fonts()}">',
             f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
             f'<rect x="4" y="4" width="{WIDTH - 8}" height="{height - 8}" rx="14" fill="none" '
             f'stroke="#2a6f97" stroke-width="4"/>',
             f'<text x="24" y="48" font-size="30" font-weight="bold">{escape(rules.title)}</text>',
             f'<text x="24" y="76" font-size="16" fill="#444444">{escape(under)}</text>']
    for i, sheet in enumerate(sheets):
        y = 96 + ROW * i + 24
        weight = ' font-weight="bold"' if placed[sheet.name] == 1 else ""
        parts.append(f'<text class="place" x="24" y="{y}" font-size="22"{weight}>'
                     f'{placed[sheet.name]}.</text>'
                     f'<text class="name" x="64" y="{y}" font-size="22"{weight}>'
                     f'{escape(sheet.name)}</text>'
                     f'<text class="total" x="{WIDTH - 24}" y="{y}" font-size="22" '
                     f'text-anchor="end"{weight}>{sheet.total}</text>')
    parts.append(story.draw(told.names, told.chapters, labels, say(t("How the game went")),
                            frame=f'x="20" y="{chart_top}" width="560" height="{chart_h}"',
                            colours=story.house_colours(game)))
    parts.append("</svg>")
    return "".join(parts)


def _file_name(game: Game, ext: str) -> str:
    return f"{game.slug}-{game.updated_at.strftime('%Y-%m-%d')}.{ext}"


@bp.get("/<token>/card.svg")
def svg(token: str):
    game = _finished(token)
    resp = Response(card_svg(game), mimetype="image/svg+xml")
    resp.headers["Content-Disposition"] = f'inline; filename="{_file_name(game, "svg")}"'
    return resp


@bp.get("/<token>/card.png")
def png(token: str):
    game = _finished(token)
    key = (game.play_token, game.version, str(get_locale()))
    with _PNGS_LOCK:
        drawn = _PNGS.get(key)
    if drawn is None:
        svg = card_svg(game)
        if cjk_face() is None and CJK.search(svg):
            abort(503, description=NO_CJK_FACE)
        drawn = _png(svg)
        with _PNGS_LOCK:
            _PNGS[key] = drawn
    resp = Response(drawn, mimetype="image/png")
    resp.headers["Content-Disposition"] = f'inline; filename="{_file_name(game, "png")}"'
    return resp



def _png(svg: str) -> bytes:
    """The card as PNG: CairoSVG needs the cairo library (Debian's libcairo2), which `make run`
    does not install; without it the card is offered as SVG only."""
    try:
        import cairosvg
    except OSError:  # (cairocffi found no libcairo)
        abort(503, description=t("This server cannot draw PNG images (the cairo library is "
                                 "missing); the card is also offered as SVG."))
    return cairosvg.svg2png(bytestring=svg.encode(), output_width=PNG_WIDTH)
