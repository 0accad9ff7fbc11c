// Watchers follow live: while the scoreboard is visible, ask the server for it
// every PERIOD and swap in the parts that changed (totals, deal, hands, chart),
// so every open scoreboard shows a new, edited or undone hand within seconds
// without a reload. Each ask is a short conditional GET (the browser revalidates
// its copy), so no server worker is held. A hand half tapped is never wiped.
document.addEventListener("DOMContentLoaded", () => {
  const GIVE_UP = 8000;  // ms before an unanswered ask counts as offline
  const line = document.getElementById("updated");
  if (!line) return;
  // ms between asks: a change shows within about 2 s. The big screen, the one
  // page a whole room watches, asks every second (its data-period).
  const PERIOD = Number(line.dataset.period) || 1500;
  // The page's words (its data-words, in the page's language), else English.
  const word = pageWords(line);
  const OFFLINE = word("offline", "Offline: showing the last known score.");
  const BACK = word("back", "Back online: the score is up to date.");
  const banner = document.getElementById("offline");
  const moved = document.getElementById("moved");
  const copy = document.querySelector('meta[name="offline-copy"]');
  let heard = copy ? Date.parse(copy.content) : Date.now();
  let timer = null;
  let asking = false;
  let leaving = false;
  let touched = false;  // the hand form has taps this page did not get from the server
  let keeping = false;  // the next answer follows this phone's own save: keep the taps
  let round = 0;  // each refresh starts a round: an answer asked for before it is stale

  const form = () => document.querySelector("form.hand-form");
  const watchForm = () => {
    const current = form();
    if (!current) return;
    touched = current.querySelector("input:checked") !== null;
    const mark = () => { touched = true; };
    current.addEventListener("change", mark);
    current.addEventListener("input", mark);
    current.addEventListener("reset", () => { touched = false; });
  };

  const ago = () => {
    const seconds = Math.round((Date.now() - heard) / 1000);
    if (seconds < 5) return word("now", "Updated just now");
    if (seconds < 60) return word("seconds", "Updated %(num)s s ago", { num: seconds });
    if (seconds < 3600) return word("minutes", "Updated %(num)s min ago", { num: Math.floor(seconds / 60) });
    return word("hour", "Updated over an hour ago");
  };
  const say = (reached) => {
    if (reached) heard = Date.now();
    line.textContent = ago();
    line.hidden = false;
    if (!banner || reached === undefined) return;
    if (!reached) banner.textContent = OFFLINE;
    else if (banner.textContent === OFFLINE) banner.textContent = BACK;  // no stale word
    banner.hidden = reached && navigator.onLine;
  };

  // Swap each data-live part whose content changed; the hand form only when
  // untouched, and then its inside only, so hand.js keeps listening to it.
  // (The form's hidden version differs whenever the game moved, so a touched
  // form is always caught here.)
  const apply = (fresh) => {
    for (const part of document.querySelectorAll("[data-live]")) {
      const next = fresh.querySelector(`[data-live="${part.dataset.live}"]`);
      if (!next || next.innerHTML === part.innerHTML) continue;
      const mine = part.querySelector("form.hand-form");
      const theirs = next.querySelector("form.hand-form");
      if (mine && touched && !keeping) {
        if (moved) moved.hidden = false;
      } else if (mine && theirs) {
        const taps = keeping ? [...mine.querySelectorAll("input:checked")] : [];
        mine.innerHTML = theirs.innerHTML;
        // After this phone's own save, taps for its next hand stay tapped.
        for (const tap of taps) {
          const input = mine.querySelector(
            `input[name="${CSS.escape(tap.name)}"][value="${CSS.escape(tap.value)}"]`);
          if (input) input.checked = true;
        }
        touched = taps.length > 0;
      } else {
        part.innerHTML = next.innerHTML;
        watchForm();
      }
    }
    document.dispatchEvent(new CustomEvent("live:applied"));  // queue.js redraws its part
  };

  const ask = async () => {
    timer = null;
    if (document.hidden || asking || leaving) return;
    asking = true;
    const asked = round;
    try {
      const response = await fetch(line.dataset.url, {
        cache: "no-cache",  // revalidate: an unchanged game costs a 304
        credentials: "same-origin",
        signal: AbortSignal.timeout ? AbortSignal.timeout(GIVE_UP) : undefined,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const fresh = new DOMParser().parseFromString(await response.text(), "text/html");
      const version = fresh.getElementById("updated")?.dataset.version;
      if (asked !== round) return;  // asked before a refresh: ask again at once
      if (version && version !== line.dataset.version && !leaving) {
        apply(fresh);
        line.dataset.version = version;
        keeping = false;
      }
      say(true);
    } catch (error) {
      say(false);
    } finally {
      asking = false;
      if (asked !== round) now(); else later();
    }
  };
  const later = () => {
    clearTimeout(timer);
    timer = document.hidden || leaving ? null : setTimeout(ask, PERIOD);
  };
  const now = () => {
    clearTimeout(timer);
    ask();
  };

  // Start afresh: forget the taps, take the server's form with the next answer.
  // A script that saved a hand in the background (queue.js) sends "live:refresh"
  // with {keep: true}: the game moved by this phone's hand, and any taps on the
  // form since are for the next one, so they stay.
  const refresh = (event) => {
    touched = false;
    keeping = Boolean(event?.detail?.keep);
    round += 1;
    if (moved) moved.hidden = true;
    line.dataset.version = "";
    now();
  };
  watchForm();
  moved?.querySelector("button").addEventListener("click", refresh);
  document.addEventListener("live:refresh", refresh);
  // A form on its way to the server: stop asking, the next page takes over.
  document.addEventListener("submit", (event) => {
    if (event.defaultPrevented) return;  // sent by a script: the page stays
    leaving = true;
    clearTimeout(timer);
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) { leaving = false; now(); }  // back from the history cache
  });
  document.addEventListener("visibilitychange", () => (document.hidden ? later() : now()));
  window.addEventListener("online", now);
  say();
  later();
});
