// The big screen fits one screen: the standings roll slowly up and down when
// they do not fit, so every row is seen from across the room, and the tables
// (or where everyone goes next) are set smaller until every table shows; live.js
// swaps in new parts, and both are fitted again.
document.addEventListener("DOMContentLoaded", () => {
  const SMALLEST = 0.014;  // of the screen's height: still read across a room
  const roll = () => {
    const roll = document.querySelector(".screen-standings .roll");
    if (!roll) return;
    const box = roll.parentElement;
    const over = roll.scrollHeight - (box.clientHeight - roll.offsetTop + box.offsetTop);
    roll.classList.toggle("rolling", over > 0);
    roll.style.setProperty("--roll-by", `-${Math.max(over, 0)}px`);
    roll.style.setProperty("--roll-time", `${Math.max(10, over / 20)}s`);
  };
  const shrink = () => {
    const box = document.querySelector(".screen-tables");
    if (!box) return;
    box.style.fontSize = "";
    let size = parseFloat(getComputedStyle(box).fontSize);
    const smallest = Math.max(9, window.innerHeight * SMALLEST);
    while (box.scrollHeight > box.clientHeight + 1 && size > smallest) {
      size = Math.max(smallest, size * 0.93);
      box.style.fontSize = `${size}px`;
    }
  };
  const fit = () => {
    const box = document.querySelector(".screen-tables");
    if (box && window.matchMedia("(orientation: portrait)").matches) box.style.fontSize = "";
    else shrink();
    roll();
  };
  fit();
  new MutationObserver(fit).observe(document.body, { childList: true, subtree: true });
  window.addEventListener("resize", fit);
});
