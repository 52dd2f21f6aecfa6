"""Charts drawn on the server as SVG (no script): bars for shares, lines for scores over time.

Only drawing: the numbers come from ``groups.stats``. Colours are SVG attributes (the pages'
Content-Security-Policy allows no inline style); every label is escaped.
"""
from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

WIDTH = 320  # fits a phone's width
BAR = 22
LABEL = 96
PALETTE = ("#2a6f97", "#c0392b", "#2e8b57", "#8e44ad", "#d68910", "#566573", "#17a589",
           "#a04000")


def bars(items: Sequence[tuple[str, float, str]], title: str) -> Markup:
    """Horizontal bars: (label, share from 0 to 1, text shown at the bar's end)."""
    height = BAR * len(items) + 8
    room = WIDTH - LABEL - 84  # the text after the longest bar, a full one, stays inside
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>']
    for i, (label, share, text) in enumerate(items):
        y = 4 + i * BAR
        length = round(max(0.0, min(1.0, share)) * room, 1)
        parts.append(f'<text x="{LABEL - 4}" y="{y + 15}" text-anchor="end" '
                     f'font-size="12">{escape(label)}</text>'
                     f'<rect class="bar" x="{LABEL}" y="{y + 3}" width="{length}" height="14" '
                     f'fill="{PALETTE[0]}"/>'
                     f'<text x="{LABEL + length + 4}" y="{y + 15}" font-size="12">'
                     f'{escape(text)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))


def lines(series: Sequence[tuple[str, Sequence[int]]], title: str) -> Markup:
    """Scores over time: one polyline per (name, scores in the order played), a legend below."""
    top = max((v for _, values in series for v in values), default=0) or 1
    longest = max((len(values) for _, values in series), default=1)
    plot_h, left, right = 120, 30, WIDTH - 8
    step = (right - left) / max(1, longest - 1)
    height = plot_h + 24 + 16 * len(series)
    parts = [f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" width="100%" role="img" '
             f'aria-label="{escape(title)}"><title>{escape(title)}</title>',
             f'<line x1="{left}" y1="{plot_h + 10}" x2="{right}" y2="{plot_h + 10}" '
             f'stroke="#999"/>',
             f'<text x="{left - 4}" y="14" text-anchor="end" font-size="10">{top}</text>',
             f'<text x="{left - 4}" y="{plot_h + 10}" text-anchor="end" font-size="10">0</text>']
    for n, (name, values) in enumerate(series):
        colour = PALETTE[n % len(PALETTE)]
        points = " ".join(f"{round(left + i * step, 1)},{round(plot_h + 10 - v / top * plot_h, 1)}"
                          for i, v in enumerate(values))
        parts.append(f'<polyline class="series" points="{points}" fill="none" '
                     f'stroke="{colour}" stroke-width="2"/>')
        for point in points.split():
            x, y = point.split(",")
            parts.append(f'<circle cx="{x}" cy="{y}" r="3" fill="{colour}"/>')
        y = plot_h + 30 + 16 * n
        parts.append(f'<rect x="{left}" y="{y - 9}" width="10" height="10" fill="{colour}"/>'
                     f'<text x="{left + 14}" y="{y}" font-size="12">{escape(name)}: '
                     f'{", ".join(str(v) for v in values)}</text>')
    parts.append("</svg>")
    return Markup("".join(parts))
