// Hand entry, a little nicer with JavaScript. The form stays a plain form that
// posts and redirects: this script only fills in the tricks that follow from
// the taps, and says above Save hand what will be recorded. It never submits:
// a submit handler added later (queue.js) finds the form as it is.
"use strict";

const handEntry = (() => {
  const checked = (form, name) => form.querySelector(`input[name="${name}"]:checked`);

  // The tricks of each side, in side order, for three or more sides (and for
  // an all-pass hand played at no trumps): one fieldset of taps a side.
  function sideGroups(form) {
    return [...form.querySelectorAll("fieldset")]
      .filter((set) => set.querySelector('input[name^="tricks_"]'))
      .map((set) => ({ set, name: set.querySelector("input").name, legend: set.querySelector("legend") }));
  }
  const valueOf = (group) => {
    const input = group.set.querySelector("input:checked");
    return input ? Number(input.value) : null;
  };
  const choose = (set, value) => {
    const input = set.querySelector(`input[value="${value}"]`);
    if (input) input.checked = true;
  };

  // Fill in what follows from the taps, never touching a value the player
  // tapped: a contract presets its bidder's tricks (so a hand made exactly is
  // bidder, contract, the defenders but one, save); a called partner makes
  // the pair one group, as only their sum scores; the one side left takes the
  // rest of the ten, and none is left for anyone after a slam; a misère's
  // defenders share the rest (a made misère is bidder, contract, save).
  // Everything filled here is worked out afresh on each tap.
  function fill(form, tapped) {
    const contract = checked(form, "contract");
    const bidderTricks = form.querySelector('input[name="tricks"]');  // two sides
    const twoSides = bidderTricks !== null;
    if (twoSides && contract && !tapped.has("tricks")) {
      choose(bidderTricks.closest("fieldset"), contract.dataset.tricks);
    }
    const groups = sideGroups(form);
    for (const group of groups) {
      group.set.hidden = false;
      group.legend.textContent = group.legend.dataset.name;
      if (!tapped.has(group.name)) {
        for (const input of group.set.querySelectorAll("input")) input.checked = false;
      }
    }
    const bidder = checked(form, "bidder");
    const own = !twoSides && bidder ? groups[bidder.dataset.side] : null;
    const partner = checked(form, "partner");
    const ally = own && partner && partner.value ? groups[partner.dataset.side] : null;
    if (ally && ally !== own && !tapped.has(ally.name)) {
      choose(ally.set, 0);
      ally.set.hidden = true;
      own.legend.textContent = `${own.legend.dataset.name} + ${partner.value}`;
    }
    let open = groups.filter((group) => valueOf(group) === null);
    // Preset the bidder only while another side is left to take the rest.
    if (own && contract && open.includes(own) && open.length > 1) {
      choose(own.set, contract.dataset.tricks);
      open = open.filter((group) => group !== own);
    }
    const rest = 10 - groups.reduce((sum, group) => sum + (valueOf(group) ?? 0), 0);
    if (rest < 0 || open.length === 0) return;
    if (open.length === 1 || rest === 0) {
      // The one side left takes the rest; after a slam every other side took none.
      for (const group of open) choose(group.set, open.length === 1 ? rest : 0);
    } else if (own && !open.includes(own) && contract && "misere" in contract.dataset) {
      // On a misère the defenders' tricks score nothing apart, so their split
      // is no one's to tap: share the rest evenly, lower sides taking a spare.
      const even = Math.floor(rest / open.length), spare = rest % open.length;
      open.forEach((group, place) => choose(group.set, even + (place < spare ? 1 : 0)));
    }
  }

  // Five-handed, the bidder cannot call themself: their own tile is off.
  function notOwnPartner(form) {
    const bidder = checked(form, "bidder");
    for (const option of form.querySelectorAll('input[name="partner"]')) {
      option.disabled = bidder !== null && option.value === bidder.value;
      if (option.disabled) option.checked = false;
    }
  }

  const trickCount = (form, count) => {
    const words = JSON.parse(form.dataset.words || "{}").tricks;
    return words?.[Number(count)] ?? `${count} trick${count === "1" ? "" : "s"}`;
  };

  // What Save hand will record: who, the contract and the tricks, or null
  // while nothing is tapped.
  function parts(form) {
    const word = pageWords(form);
    const bidder = checked(form, "bidder");
    const partner = checked(form, "partner");
    const contract = checked(form, "contract");
    const tricks = checked(form, "tricks");
    const groups = sideGroups(form).filter((group) => !group.set.hidden);
    const counts = groups.map(valueOf);
    if (!bidder && !contract && !tricks && counts.every((n) => n === null)) return null;
    let who = bidder ? bidder.value : word("bidder", "bidder?");
    if (bidder && partner && partner.value && partner.value !== bidder.value) who += ` + ${partner.value}`;
    let taken = tricks ? trickCount(form, tricks.value) : word("taken", "tricks?");
    if (!form.querySelector('input[name="tricks"]')) {
      taken = groups.map((group, i) => `${group.legend.textContent}\u00a0${counts[i] ?? "?"}`).join(", ");
      const sum = counts.reduce((total, n) => total + (n ?? 0), 0);
      if (counts.every((n) => n !== null) && sum !== 10) taken += ` ${word("sum", "(add up to %(sum)s, not 10)", { sum })}`;
    }
    return [who, contract ? contract.dataset.name : word("contract", "contract?"), taken];
  }

  // In the line above Save hand: "Bob · 7♥ · 7 tricks", or with tricks per
  // side "Cat · 7♥ · Ann 2, Bob 1, Cat 7".
  const describe = (form) => parts(form)?.join(" · ") ?? "";
  // In a sentence: "Bob 7♥, 7 tricks".
  function words(form) {
    const tapped = parts(form);
    return tapped ? `${tapped[0]} ${tapped[1]}, ${tapped[2]}` : pageWords(form)("nothing", "nothing tapped");
  }

  // Scrolling a tile into view (a tap, the keyboard) stops above the sticky
  // bar, however many lines the bar holds; the stylesheet guesses without us.
  function keepClear(bar) {
    const sticky = getComputedStyle(bar).position === "sticky";
    document.documentElement.style.scrollPaddingBottom = sticky ? `${bar.offsetHeight + 8}px` : "";
  }

  function start(form) {
    const tapped = new Set();
    let bar = null;
    const update = () => {
      notOwnPartner(form);
      fill(form, tapped);
      const said = form.querySelector("output.will-save");
      if (said) said.textContent = describe(form);
      if (bar) keepClear(bar);  // at once: the line above Save hand may have grown
    };
    // Tricks already checked came from the player: a form sent back, an edit,
    // taps a script put back.
    const retap = () => {
      tapped.clear();
      for (const input of form.querySelectorAll('input[name^="tricks"]:checked')) {
        tapped.add(input.name);
      }
      update();
    };
    const resize = new ResizeObserver(() => bar && keepClear(bar));  // turned, zoomed
    // Read the form afresh: when it is shown, and when live.js swaps its inside.
    const begin = () => {
      for (const legend of form.querySelectorAll("legend")) legend.dataset.name = legend.textContent;
      bar = form.querySelector(".savebar");
      if (bar) resize.observe(bar);
      retap();
    };
    form.addEventListener("change", (event) => {
      if (event.target === form) return retap();  // a script set several taps at once
      if (event.target.name.startsWith("tricks")) tapped.add(event.target.name);
      update();
    });
    // A form emptied for the next hand (queue.js) starts with nothing tapped.
    form.addEventListener("reset", () => setTimeout(retap));
    new MutationObserver(begin).observe(form, { childList: true });
    begin();
  }

  return { start, describe, words };
})();

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.hand-form")) handEntry.start(form);
});
