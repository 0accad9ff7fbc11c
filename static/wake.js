// Keep the screen on while scoring, with the Screen Wake Lock API. Browsers
// offer it only in a secure context (HTTPS, localhost): elsewhere the toggle
// stays hidden. Each phone remembers its choice; the lock is taken again
// whenever the page is shown, since the browser lets go of it when hidden.
document.addEventListener("DOMContentLoaded", () => {
  const box = document.getElementById("wake");
  if (!box || !("wakeLock" in navigator)) return;
  const KEY = "keep-screen-on";
  const state = document.getElementById("wake-state");
  // The page's words (its data-words, in the page's language), else English.
  const word = pageWords(state);
  let lock = null;

  const take = async () => {
    if (lock || !box.checked || document.visibilityState !== "visible") return;
    try {
      lock = await navigator.wakeLock.request("screen");
      state.textContent = word("on", "On");
      lock.addEventListener("release", () => {
        lock = null;
        if (box.checked) state.textContent = word("hidden", "On when the page is shown");
      });
    } catch (error) {
      state.textContent = word("refused", "Off: the browser refused to keep the screen on (%(error)s).", { error: error.message });
    }
  };
  const remember = (on) => {
    try {
      if (on) localStorage.setItem(KEY, "on");
      else localStorage.removeItem(KEY);
    } catch (error) { /* private mode: the choice lasts this page only */ }
  };

  box.closest(".wake").hidden = false;
  try { box.checked = localStorage.getItem(KEY) === "on"; } catch (error) { /* as above */ }
  box.addEventListener("change", async () => {
    remember(box.checked);
    if (box.checked) return take();
    const held = lock;
    lock = null;
    await held?.release();
    state.textContent = word("off", "Off");
  });
  document.addEventListener("visibilitychange", take);
  take();
});
