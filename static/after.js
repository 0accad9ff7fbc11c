// A night game's scoreboard at its round's end says where each player goes next
// (templates/nights/_after.html): it asks the server again every few seconds
// while the page is visible, until the next round is seated or the night ends.
document.addEventListener("DOMContentLoaded", () => {
  const PERIOD = 3000;  // ms: players stand up and look; no need to be quicker
  const part = () => document.querySelector("[data-after]");
  let timer = null;
  let asking = false;
  const ask = async () => {
    clearTimeout(timer);
    timer = null;
    const asked = part();
    if (asking || !asked || asked.dataset.settled === "true" || document.hidden) return;
    asking = true;
    try {
      const response = await fetch(asked.dataset.after, { cache: "no-cache", credentials: "same-origin" });
      const page = response.ok ? new DOMParser().parseFromString(await response.text(), "text/html") : null;
      const fresh = page?.querySelector("[data-after]");
      const shown = part();  // live.js may have drawn the banner again meanwhile
      if (fresh && shown) {
        if (fresh.innerHTML !== shown.innerHTML) shown.innerHTML = fresh.innerHTML;
        if (fresh.dataset.settled) shown.dataset.settled = fresh.dataset.settled;
      }
    } catch (error) {
      // Offline: live.js says so; ask again later.
    } finally {
      asking = false;
    }
    if (!timer) timer = setTimeout(ask, PERIOD);
  };
  // live.js swapped the scoreboard's parts (the game may just have ended): ask now.
  document.addEventListener("live:applied", ask);
  document.addEventListener("visibilitychange", ask);
  ask();
});
