// The big screen fits one screen. The standings roll slowly up and down in
// their own box when they do not fit, so every row is seen from across the
// room and none slides under the heading. The tables (or where everyone goes
// next) are set smaller down to a size still read from the back of the hall;
// when they do not all fit at that size they show a page at a time, whole
// rows of tables, turning every few seconds, so every table is seen whole.
// All this is one style sheet of its own: the parts live.js swaps stay as the
// server drew them (it compares them), and are fitted again when swapped.
document.addEventListener("DOMContentLoaded", () => {
  const SMALLEST = 0.02;  // of the screen's height: names read from the back
  const PAGE_TIME = 10000;  // ms a page of tables shows
  const line = document.querySelector(".screen-pages");
  const sheet = new CSSStyleSheet();
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  let font = "";  // the tables' type size, and the rules for the page shown
  let pages = [];  // each page: [first, last] table, counted from 1
  let shown = 0;
  let roll = "";

  const apply = () => {
    const [first, last] = pages[shown] || [0, 0];
    const page = pages.length > 1
      ? `.screen-tables ol.night-tables > li:not(:nth-child(n+${first}):nth-child(-n+${last})) { display: none; }`
      : "";
    sheet.replaceSync(`${font}\n${page}\n${roll}`);
    if (!line) return;
    line.hidden = pages.length < 2;
    const words = line.dataset.words || "";
    line.textContent = pages.length < 2 ? "" : words.replace("%(first)s", first)
      .replace("%(last)s", last).replace("%(count)s", pages[pages.length - 1][1]);
  };

  // The pane is looked up each time: live.js draws it anew.
  const overflows = (pane) => pane.scrollHeight > pane.clientHeight + 1;

  // Smaller type until every table fits, or the smallest size is reached.
  const shrink = (pane) => {
    let size = parseFloat(getComputedStyle(pane).fontSize);
    const smallest = Math.max(12, window.innerHeight * SMALLEST);
    while (overflows(pane) && size > smallest) {
      size = Math.max(smallest, size * 0.93);
      font = `.screen-tables { font-size: ${size}px; }`;
      apply();
    }
  };

  // Whole rows of tables a page, as many as the pane holds under its heading.
  const paginate = (pane, list) => {
    const tables = [...list.children];
    pages = [[1, tables.length], [1, 1]];  // any two: the page line shows
    apply();
    pages = [];
    const room = pane.clientHeight - (pane.scrollHeight - list.offsetHeight);
    let start = 0;
    let top = tables[0].offsetTop;
    tables.forEach((table, n) => {
      if (n > start && table.offsetTop + table.offsetHeight - top > room
          && table.offsetTop > tables[n - 1].offsetTop) {
        pages.push([start + 1, n]);
        start = n;
        top = table.offsetTop;
      }
    });
    pages.push([start + 1, tables.length]);
  };

  const fitTables = () => {
    font = "";
    pages = [];
    apply();
    const pane = document.querySelector(".screen-tables");
    if (!pane || window.matchMedia("(orientation: portrait)").matches) return;
    shrink(pane);
    const list = pane.querySelector("ol.night-tables");
    if (overflows(pane) && list && list.children.length > 1) paginate(pane, list);
    shown = Math.min(shown, Math.max(pages.length - 1, 0));
    apply();
  };

  const fitStandings = () => {
    roll = "";
    apply();
    const box = document.querySelector(".screen-standings .roll-box");
    if (!box) return;
    const over = box.firstElementChild.scrollHeight - box.clientHeight;
    if (over > 0) {
      const time = Math.max(10, over / 20);
      roll = `@media not (prefers-reduced-motion: reduce) { .screen-standings .roll {
        animation: roll ${time}s linear infinite alternate; --roll-by: -${over}px; } }`;
    }
  };

  const fit = () => {
    fitStandings();
    fitTables();
  };
  fit();
  // Again when live.js swaps a part, and when the grid changes size (the
  // window, the clock showing or going over the title).
  const grid = document.querySelector(".screen-grid");
  if (grid) {
    new MutationObserver(fit).observe(grid, { childList: true, subtree: true });
    new ResizeObserver(fit).observe(grid);
  }
  setInterval(() => {
    if (pages.length < 2) return;
    shown = (shown + 1) % pages.length;
    apply();
  }, PAGE_TIME);
});
