// The big screen's standings roll slowly up and down when they do not fit, so
// every row is seen from across the room; live.js swaps in new standings.
document.addEventListener("DOMContentLoaded", () => {
  const fit = () => {
    const roll = document.querySelector(".screen-standings .roll");
    if (!roll) return;
    const box = roll.parentElement;
    const over = roll.scrollHeight - (box.clientHeight - roll.offsetTop + box.offsetTop);
    roll.classList.toggle("rolling", over > 0);
    roll.style.setProperty("--roll-by", `-${Math.max(over, 0)}px`);
    roll.style.setProperty("--roll-time", `${Math.max(10, over / 20)}s`);
  };
  fit();
  new MutationObserver(fit).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", fit);
});
