// Hand entry, a little nicer with JavaScript. The form stays a plain form that
// posts and redirects: this script only fills in the tricks that follow from
// the taps, and says above Save hand what will be recorded. It never submits.
"use strict";

const handEntry = (() => {
  const checked = (form, name) => form.querySelector(`input[name="${name}"]:checked`);

  // Tapping a contract sets the tricks to what it needs (so a made contract is
  // bidder, contract, save), until the player taps the tricks themselves.
  function fill(form, tapped) {
    const contract = checked(form, "contract");
    if (contract && !tapped.has("tricks")) {
      const wanted = form.querySelector(`input[name="tricks"][value="${contract.dataset.tricks}"]`);
      if (wanted) wanted.checked = true;
    }
    // With several sides the last side's tricks follow from the others.
    const sides = [...form.querySelectorAll("fieldset")].filter((f) =>
      f.querySelector('input[name^="tricks_"]'));
    if (sides.length > 1 && sides.slice(0, -1).every((f) => f.querySelector("input:checked"))) {
      const others = sides.slice(0, -1).map((f) => f.querySelector("input:checked"));
      const rest = 10 - others.reduce((sum, i) => sum + Number(i.value), 0);
      const target = sides[sides.length - 1].querySelector(`input[value="${rest}"]`);
      if (target && !tapped.has(target.name)) target.checked = true;
    }
  }

  // What Save hand will record, in a line: "Bob · 7♥ · 7 tricks".
  function describe(form) {
    const bidder = checked(form, "bidder");
    const contract = checked(form, "contract");
    const tricks = checked(form, "tricks");
    if (!bidder && !contract && !tricks) return "";
    return [
      bidder ? bidder.value : "bidder?",
      contract ? contract.dataset.name : "contract?",
      tricks ? `${tricks.value} tricks` : "tricks?",
    ].join(" · ");
  }

  // Scrolling a tile into view (a tap, the keyboard) stops above the sticky
  // bar, however many lines the bar holds; the stylesheet guesses without us.
  function keepClearOf(bar) {
    const pad = () => {
      document.documentElement.style.scrollPaddingBottom = `${bar.offsetHeight + 8}px`;
    };
    new ResizeObserver(pad).observe(bar);
  }

  function start(form) {
    const said = form.querySelector("output.will-save");
    // Tricks already checked came from the player: a form sent back, an edit.
    const tapped = new Set();
    for (const input of form.querySelectorAll('input[name^="tricks"]:checked')) {
      tapped.add(input.name);
    }
    const update = () => {
      fill(form, tapped);
      if (said) said.textContent = describe(form);
    };
    form.addEventListener("change", (event) => {
      if (event.target.name.startsWith("tricks")) tapped.add(event.target.name);
      update();
    });
    update();
    const bar = form.querySelector(".savebar");
    if (bar) keepClearOf(bar);
  }

  return { start, describe };
})();

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.hand-form")) handEntry.start(form);
});
