// Installing and offline: registers the service worker, and says so plainly
// when the phone is offline or the page is the copy the worker kept. Loaded
// first on every page, it also holds the one filler of the page's words.
"use strict";

// The words a script shows, in the page's language: an element's data-words
// (the page writes them from the catalogue: templates/games/_words.html), else
// the English the script holds; %(name)s is filled in from `values`. Every
// script's (static/outlook.js, which runs alone in its test, keeps its own).
function pageWords(element) {
  const words = JSON.parse(element?.dataset.words || "{}");
  return (key, english, values = {}) =>
    (words[key] ?? english).replace(/%\((\w+)\)s/g, (all, name) => values[name] ?? all);
}

(() => {
  const script = document.currentScript;
  // The app's home: "/", or a club's prefix ("/c/<slug>/") where the page's
  // worker is served; the worker's scope, so each club keeps its own copies.
  const home = new URL("./", new URL(script.dataset.worker, location.href)).pathname;
  // The page's words (its data-words, in the page's language), else English.
  const word = pageWords(script);
  if ("serviceWorker" in navigator && window.isSecureContext) {
    // The worker's own "No connection" page speaks this page's language.
    const words = {
      lang: document.documentElement.lang,
      ...JSON.parse(script.dataset.words || "{}").worker,
    };
    navigator.serviceWorker.register(script.dataset.worker, { scope: home })
      .then(() => navigator.serviceWorker.ready)
      .then(({ active }) => active?.postMessage({ words }))
      .catch(() => {});  // no worker: the app works as before, only not offline
  }
  document.addEventListener("DOMContentLoaded", () => {
    const line = document.getElementById("offline");
    // The worker adds this to the copy it keeps, and serves that copy only
    // when the server could not be reached.
    const copy = document.querySelector('meta[name="offline-copy"]');
    if (!line) return;
    const show = () => {
      if (copy && navigator.onLine) {
        line.textContent = word("reload", "Back online: reload for the latest score.");
      }
      line.hidden = !copy && navigator.onLine;
    };
    window.addEventListener("online", show);
    window.addEventListener("offline", show);
    show();
  });

  // Offline, a link or form that needs the server (Undo, Edit, Rematch) says
  // so where it was tapped instead of leading to the browser's error page.
  // Links are heard last (on window), after queue.js took back a waiting hand.
  const offline = () => !navigator.onLine || document.getElementById("offline")?.hidden === false;
  const needs = (event, target, what) => {
    if (event.defaultPrevented || !offline()) return;
    event.preventDefault();
    document.getElementById("needs-line")?.remove();
    const note = document.createElement("p");
    note.id = "needs-line";
    note.className = "banner warn";
    note.setAttribute("role", "status");
    note.textContent = word(
      "needs",
      "%(what)s needs the connection: nothing was changed. Try again once the phone is back online.",
      { what },
    );
    (target.closest(".actions, .scroll, .saved, .banner") || target).after(note);
  };
  window.addEventListener("click", (event) => {
    const link = event.target.closest?.("a[href]");
    if (!link || link.origin !== location.origin || link.hash) return;
    const path = link.pathname.startsWith(home) ? link.pathname.slice(home.length - 1) : "";
    if (/^\/games\/[^/]+\/(undo|hands\/\d+\/edit)$/.test(path)) {
      needs(event, link, link.pathname.endsWith("/undo")
        ? word("undo", "Undo") : word("edit", "Editing a hand"));
    }
  });
  // Forms are heard first (capture on window), before live.js takes a submit
  // for the page leaving.
  window.addEventListener("submit", (event) => {
    const form = event.target;
    if (form.id === "hand") return;  // kept on the phone by queue.js
    const button = event.submitter?.textContent.trim();
    needs(event, form, button
      ? word("quoted", "“%(button)s”", { button }) : word("this", "This"));
  }, true);
})();
