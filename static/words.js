// The words a script shows, in the page's language: an element's data-words
// (the page writes them from the catalogue: templates/games/_words.html), else
// the English the script holds; %(name)s is filled in from `values`. One
// filler for every script (static/outlook.js, which runs alone in its test,
// keeps its own).
"use strict";

function pageWords(element) {
  const words = JSON.parse(element?.dataset.words || "{}");
  return (key, english, values = {}) =>
    (words[key] ?? english).replace(/%\((\w+)\)s/g, (all, name) => values[name] ?? all);
}
