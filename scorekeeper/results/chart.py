"""The score chart: every side's total, hand by hand, as an inline SVG."""

from __future__ import annotations

from collections.abc import Callable
from itertools import count

from flask_babel import gettext, ngettext
from markupsafe import Markup, escape

from ..scoring import GameState, Table


def chart(table: Table, state: GameState, points: Callable[[int], str] = str) -> Markup:
    """Return an inline SVG line chart of every side's total, hand by hand (its
    words write a total with `points`: the page's language's own)."""
    if not state.hands:
        return Markup("")
    series = [[0, *(r.totals[s] for r in state.hands)] for s in range(len(table.sides))]
    low = min(0, *(min(s) for s in series))
    high = max(1, *(max(s) for s in series))
    width, height, pad = 320, 160, 24
    steps = max(1, len(state.hands))

    def point(index: int, total: int) -> str:
        x = pad + (width - 2 * pad) * index / steps
        y = pad + (height - 2 * pad) * (high - total) / (high - low)
        return f"{x:.1f},{y:.1f}"

    zero = point(0, 0).split(",")[1]
    lines = [
        f'<polyline class="s{i}" points="{" ".join(map(point, count(), s))}"/>'
        for i, s in enumerate(series)
    ]
    described = "; ".join(
        gettext("%(side)s ends on %(total)s", side=side.name, total=points(total))
        for side, total in zip(table.sides, state.totals, strict=True)
    )
    label = escape(
        ngettext(
            "Score chart over %(num)s hand: %(sides)s.",
            "Score chart over %(num)s hands: %(sides)s.",
            len(state.hands),
            sides=described,
        )
    )
    return Markup(
        f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
        f'aria-label="{label}">'
        f'<line class="axis" x1="{pad}" x2="{width - pad}" y1="{zero}" y2="{zero}"/>'
        f'<text x="2" y="{pad}">{points(high)}</text>'
        f'<text x="2" y="{height - 6}">{points(low)}</text>'
        + "".join(lines)
        + "</svg>"
        + '<p class="legend">'
        + "".join(
            f'<span class="s{i}">■ {escape(side.name)}</span>'
            for i, side in enumerate(table.sides)
        )
        + "</p>"
    )
