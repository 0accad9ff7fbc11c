// The table display (games/table.html): keep the screen on with the Screen
// Wake Lock API where the browser offers it (a secure context), taking the
// lock again whenever the page is shown, since the browser lets go of it when
// hidden; and open the scoreboard's hand entry at a tap anywhere on the page.
document.addEventListener("DOMContentLoaded", () => {
  const top = document.querySelector(".tabletop");
  if (!top) return;
  const state = document.getElementById("table-wake");
  // The page's words (its data-words, in the page's language), else English.
  const word = pageWords(state);
  let lock = null;

  const take = async () => {
    if (lock || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      state.textContent = word("on", "Screen kept on");
      lock.addEventListener("release", () => { lock = null; });
    } catch (error) {
      state.textContent = word("dim", "The screen may dim: %(error)s", { error: error.message });
    }
  };
  if ("wakeLock" in navigator) {
    document.addEventListener("visibilitychange", take);
    take();
  } else {
    state.textContent = word("cannot", "This browser cannot keep the screen on");
  }

  // A tap anywhere but on a link opens the entry (the link itself goes there too).
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.target.closest("a, button, input, label, summary")) return;
    window.location.assign(top.dataset.entry);
  });
});
