"""The page check's eyes (issue 42): what a page draws wrong, read in Chromium.

Four faults, each a short sentence naming what and where:
- the page scrolls sideways (the document wider than the window), or a box in
  it does (a table in a box that scrolls);
- a word or a number of up to 14 characters is broken across two lines ("Létourne
  / au"): each word's Range.getClientRects() on lines that do not overlap. A
  word ends at a space or after a hyphen or a slash, where a line may break; a
  no-break space (as in "−1 000") keeps a number one word;
- text drawn over other text: the line boxes of two different elements' text
  crossing (by more than a third of a line, so touching lines are not faults);
- a button's words running out of the button ("Statistiques" past its edge).
"""

from __future__ import annotations

from phone import PHONE, ZOOMED
from playwright.sync_api import Browser, BrowserContext, Page

# Each view a page is checked in: its window, pixels drawn per CSS pixel, its
# language.
VIEWS = {
    "390 px": (PHONE, 1, "en-US"),
    "200 %": (ZOOMED, 2, "en-US"),
    "390 px fr": (PHONE, 1, "fr-CA"),
    "200 % fr": (ZOOMED, 2, "fr-CA"),
    "1280x720": ({"width": 1280, "height": 720}, 1, "en-US"),
    "1920x1080": ({"width": 1920, "height": 1080}, 1, "en-US"),
    "1280x720 fr": ({"width": 1280, "height": 720}, 1, "fr-CA"),
    "1920x1080 fr": ({"width": 1920, "height": 1080}, 1, "fr-CA"),
}
PHONES = ["390 px", "200 %", "390 px fr", "200 % fr"]


def new_view(browser: Browser, view: str) -> BrowserContext:
    """Return a browser context as a view sees pages (VIEWS)."""
    window, scale, locale = VIEWS[view]
    context = browser.new_context(
        viewport=window,  # type: ignore[arg-type]
        device_scale_factor=scale,
        locale=locale,
    )
    context.set_default_timeout(20_000)
    return context


# Longest word that must stay whole: longer ones may break where they must.
WHOLE = 14

FAULTS = """async (whole) => {
  if (document.readyState !== 'complete')
    await new Promise((done) => addEventListener('load', done, {once: true}));
  await document.fonts.ready;
  const found = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width)
    found.push(`the page scrolls sideways: ${root.scrollWidth}px in ${width}px`);
  const hidden = (e) => e.closest('.visually-hidden, [hidden], [aria-hidden=true], '
    + 'details:not([open]) > :not(summary)');
  const what = (e) => {
    const cls = typeof e.className === 'string' && e.className
      ? '.' + e.className.trim().split(/\\s+/).join('.') : '';
    return e.tagName.toLowerCase() + cls;
  };
  // Text clipped out of sight: by a clip (a visually hidden part) or outside a
  // box that hides what overflows it.
  const styles = new Map();
  const style = (e) => styles.get(e) || styles.set(e, getComputedStyle(e)).get(e);
  const unseen = (e, r) => {
    for (let a = e; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      if (s.position === 'absolute' && s.clip !== 'auto') return true;
      if (s.overflowX !== 'visible' || s.overflowY !== 'visible') {
        const box = a.getBoundingClientRect();
        if (r.right <= box.left || r.left >= box.right
            || r.bottom <= box.top || r.top >= box.bottom) return true;
      }
    }
    return false;
  };
  // A bar that stays in view as the page scrolls (sticky, fixed) covers what
  // passes under it with its own background: not text over text.
  const floats = (e) => {
    for (let a = e; a && a !== document.body; a = a.parentElement)
      if (['sticky', 'fixed'].includes(style(a).position)) return true;
    return false;
  };
  const say = (text) => JSON.stringify(text.trim().replace(/\\s+/g, ' ').slice(0, 40));
  for (const e of document.body.querySelectorAll('*')) {
    if (hidden(e)) continue;
    const scrolls = ['auto', 'scroll'].includes(style(e).overflowX);
    if (scrolls && e.scrollWidth > e.clientWidth + 1)
      found.push(`${what(e)} scrolls: ${e.scrollWidth}px in ${e.clientWidth}px`);
  }
  // Every visible piece of text: its element and its line boxes.
  const pieces = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const e = node.parentElement;
    if (!node.data.trim() || !e || hidden(e)) continue;
    if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'OPTION'].includes(e.tagName))
      continue;
    if (style(e).visibility !== 'visible' || parseFloat(style(e).opacity) === 0)
      continue;
    const range = document.createRange();
    for (const token of node.data.matchAll(/[^ \\t\\n\\r\\f\\u200b]+/g)) {
      if (/:\\/\\/|^\\//.test(token[0])) continue;  // an address, not words
      for (const word of token[0].matchAll(/[^-\\u2010\\/]+[-\\u2010\\/]?/g)) {
        if (word[0].length > whole) continue;
        range.setStart(node, token.index + word.index);
        range.setEnd(node, token.index + word.index + word[0].length);
        const rects = [...range.getClientRects()]
          .filter((r) => r.width > 0 && !unseen(e, r));
        if (rects.some((r) => rects.some((s) => s.top >= r.bottom - 1)))
          found.push(`${say(word[0])} broken across lines in ${what(e)}`);
      }
    }
    range.selectNodeContents(node);
    for (const r of range.getClientRects())
      if (r.width > 1 && r.height > 1 && !unseen(e, r))
        pieces.push({e, r, text: node.data, floats: floats(e)});
  }
  // Text over text: two pieces of different elements crossing.
  pieces.sort((a, b) => a.r.top - b.r.top);
  const told = new Set();
  for (let i = 0; i < pieces.length; i++) {
    const a = pieces[i];
    for (let j = i + 1; j < pieces.length && pieces[j].r.top < a.r.bottom; j++) {
      const b = pieces[j];
      if (a.e === b.e || a.floats !== b.floats) continue;
      const across = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const down = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (across > 2 && down > Math.min(a.r.height, b.r.height) / 3) {
        const said = `${say(a.text)} in ${what(a.e)} drawn over `
          + `${say(b.text)} in ${what(b.e)}`;
        if (!told.has(said)) found.push(said);
        told.add(said);
      }
    }
  }
  // A button's words out of its box.
  for (const p of pieces) {
    const button = p.e.closest('button, .button, [role=button], summary');
    if (!button) continue;
    const box = button.getBoundingClientRect();
    if (p.r.left < box.left - 1 || p.r.right > box.right + 1) {
      const said = `${say(p.text)} runs out of its ${what(button)}`;
      if (!told.has(said)) found.push(said);
      told.add(said);
    }
  }
  return found;
}"""

OPEN_DETAILS = "document.querySelectorAll('details').forEach((d) => d.open = true)"


def faults(page: Page) -> list[str]:
    """Return what the page draws wrong, its folded parts unfolded first."""
    page.evaluate(OPEN_DETAILS)
    return list(page.evaluate(FAULTS, WHOLE))
