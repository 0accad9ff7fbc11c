"""Layout checks any browser test can run on a page it has open: words broken
across lines, text drawn over text, the page scrolling sideways, and whether a
box is shown whole on the screen; and on a printed PDF, words over words.

Each is a small script run in the page (`page.evaluate`) that returns what is
wrong, so a test asserts it is empty and a failure names the culprits.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from playwright.sync_api import Page

# What the eye sees of a box: cut by `from` and every box around it that clips
# (overflow other than visible) and by the window; null when none of it shows.
_SEEN = """
const clipped = (from, rect) => {
  let [l, t, r, b] = [rect.left, rect.top, rect.right, rect.bottom];
  for (let up = from; up; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const c = up.getBoundingClientRect();
    if (style.overflowX !== 'visible') {
      l = Math.max(l, c.left); r = Math.min(r, c.right);
    }
    if (style.overflowY !== 'visible') {
      t = Math.max(t, c.top); b = Math.min(b, c.bottom);
    }
  }
  l = Math.max(l, 0); t = Math.max(t, 0);
  r = Math.min(r, innerWidth); b = Math.min(b, innerHeight);
  return r - l > 0.5 && b - t > 0.5 ? [l, t, r, b] : null;
};
const hidden = (el) => !el.checkVisibility({ visibilityProperty: true,
  opacityProperty: true }) || el.closest('.visually-hidden, [aria-hidden=true]');
"""

# Every word (up to `longest` characters) inside elements matching `selector`
# drawn on two lines or more: "Ra/nk", "119/7". A word's rectangles
# (Range.getClientRects) on different lines mean the browser broke it.
_BROKEN_WORDS = """([selector, longest]) => {
  const broken = [];
  for (const box of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      if (!node.parentElement.checkVisibility()) continue;
      if (node.parentElement.closest('.visually-hidden')) continue;
      for (const word of node.data.matchAll(/\\S+/g)) {
        if (word[0].length > longest) continue;
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0);
        const lines = new Set(rects.map((r) => Math.round(r.bottom)));
        if (lines.size > 1) broken.push(word[0]);
      }
    }
  }
  return broken;
}"""

# Pairs of text lines drawn over each other: each text node's line boxes, as
# far as they are seen, compared with every other node's.
_OVERLAPS = (
    "(selector) => {"
    + _SEEN
    + """
  const boxes = [];
  for (const root of document.querySelectorAll(selector)) {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      const el = node.parentElement;
      if (!node.data.trim() || hidden(el)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        const seen = rect.width > 0 && clipped(el, rect);  // el's own clip too
        if (seen) boxes.push({ seen, node, text: node.data.trim().slice(0, 30) });
      }
    }
  }
  boxes.sort((a, b) => a.seen[1] - b.seen[1]);
  const found = [];
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    for (let j = i + 1; j < boxes.length && boxes[j].seen[1] < a.seen[3] - 1; j++) {
      const b = boxes[j];
      if (a.node === b.node) continue;
      if (a.seen[0] < b.seen[2] - 1 && b.seen[0] < a.seen[2] - 1)
        found.push(`${a.text} / ${b.text}`);
    }
  }
  return found;
}"""
)

# Elements matching `selector` drawn whole: displayed, inside the window and
# inside every ancestor that clips; answered by their text's first line.
_WHOLE = (
    "(selector) => {"
    + _SEEN
    + """
  const whole = [];
  for (const el of document.querySelectorAll(selector)) {
    if (hidden(el)) continue;
    const r = el.getBoundingClientRect();
    const seen = clipped(el.parentElement, r);
    if (seen && seen[0] <= r.left + 0.5 && seen[1] <= r.top + 0.5
        && seen[2] >= r.right - 0.5 && seen[3] >= r.bottom - 0.5)
      whole.push(el.textContent.trim().split('\\n')[0].trim());
  }
  return whole;
}"""
)

_SIDEWAYS = """() => document.documentElement.scrollWidth
  - document.documentElement.clientWidth"""


def broken_words(page: Page, selector: str, longest: int = 14) -> list[str]:
    """Return the words of up to `longest` characters under `selector` that
    the page draws broken across two lines or more."""
    return page.evaluate(_BROKEN_WORDS, [selector, longest])  # type: ignore[no-any-return]


def overlapping_text(page: Page, selector: str = "body") -> list[str]:
    """Return each pair of text lines under `selector` drawn over each other,
    as far as each is seen (clipped by its boxes and the window)."""
    return page.evaluate(_OVERLAPS, selector)  # type: ignore[no-any-return]


def shown_whole(page: Page, selector: str) -> list[str]:
    """Return the first line of text of each element matching `selector` that
    is drawn whole: inside the window and every box that clips it."""
    return page.evaluate(_WHOLE, selector)  # type: ignore[no-any-return]


def sideways_scroll(page: Page) -> int:
    """Return how many pixels the page scrolls sideways (0 when it does not)."""
    return page.evaluate(_SIDEWAYS)  # type: ignore[no-any-return]


_WORD = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)'
)


def printed_overlaps(pdf: Path) -> list[str]:
    """Return the pairs of words a PDF prints over each other, page by page
    (poppler's pdftotext -bbox gives each word's box)."""
    pdftotext = shutil.which("pdftotext")
    assert pdftotext, "poppler's pdftotext is missing: apt-get install poppler-utils"
    boxes = subprocess.run(
        [pdftotext, "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = []
    for page in boxes.split("<page ")[1:]:
        words = [
            (float(a), float(b), float(c), float(d), w)
            for a, b, c, d, w in _WORD.findall(page)
        ]
        words.sort(key=lambda word: word[1])
        for n, a in enumerate(words):
            for b in words[n + 1 :]:
                if b[1] >= a[3] - 1:
                    break
                if a[0] < b[2] - 1 and b[0] < a[2] - 1:
                    found.append(f"{a[4]} / {b[4]}")
    return found
