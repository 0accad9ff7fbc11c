// The round clock (templates/nights/_clock.html): counts down by itself from
// the seconds left the server sent, timed by this phone's monotonic clock, so
// phones whose own clocks are wrong still agree. It asks the server again now
// and then (a pause, a new round), after live.js swaps a part, and at zero,
// when every screen says the last-hand line. It never ends a game.
document.addEventListener("DOMContentLoaded", () => {
  const ASK_EVERY = 20000;  // ms between asks: a pause shows within 20 s
  const TICK = 250;  // ms between redraws: the second turns on time
  const first = document.querySelector("[data-clock]");
  if (!first) return;
  const url = first.dataset.clock;
  const given = first.dataset.secondsLeft;
  // What the server said last, and when (performance.now: never set back).
  let said = {
    round: first.dataset.round,
    left: given === "" ? null : Number(given),
    paused: first.dataset.paused === "true",
    playing: !first.hidden,
  };
  // The worker's copy, opened offline, was drawn when it was kept: count the
  // time since then too (the phone's own clock, for once: two readings of it).
  const copy = document.querySelector('meta[name="offline-copy"]');
  const age = copy ? Math.max(0, Date.now() - Date.parse(copy.content)) : 0;
  let heard = performance.now() - (Number.isFinite(age) ? age : 0);
  let asking = false;
  let timer = null;
  let askedAtZero = false;

  const leftNow = () => {
    if (said.left === null) return null;
    if (said.paused) return said.left;
    return Math.max(0, Math.ceil(said.left - (performance.now() - heard) / 1000));
  };
  const shown = (seconds) => {
    const minutes = Math.floor(seconds / 60);
    return `${minutes}:${String(seconds % 60).padStart(2, "0")}`;
  };
  const show = (box, hide) => { if (box.hidden !== hide) box.hidden = hide; };

  const draw = () => {
    const left = leftNow();
    const last = left === 0;
    for (const box of document.querySelectorAll("[data-clock]")) {
      // Drawn for another round: never its time under this box's round number.
      // A night's page draws the new round's box (live.js swaps it in); a
      // table's page is its own round's, and shows none once another plays.
      if (box.dataset.round && said.round && box.dataset.round !== String(said.round)) {
        show(box, true);
        continue;
      }
      show(box, !said.playing || left === null);
      box.classList.toggle("last-hand", last);
      box.classList.toggle("paused", said.paused);
      const time = box.querySelector("[data-clock-left]");
      if (time && left !== null && time.textContent !== shown(left)) time.textContent = shown(left);
      for (const part of box.querySelectorAll("[data-clock-last]")) show(part, !last);
      for (const part of box.querySelectorAll("[data-clock-paused], [data-clock-stopped]")) show(part, !said.paused);
      for (const part of box.querySelectorAll("[data-clock-running]")) show(part, said.paused || last);
    }
    if (last && !askedAtZero) {  // at zero by this phone's count: is it so?
      askedAtZero = true;
      ask();
    }
  };

  const ask = async () => {
    clearTimeout(timer);
    timer = null;
    if (asking || document.hidden) return;
    asking = true;
    try {
      const asked = performance.now();
      const response = await fetch(url, { cache: "no-store", credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const clock = await response.json();
      // Half the trip had passed when the server counted: take it off.
      heard = asked + (performance.now() - asked) / 2;
      said = {
        round: clock.round === null ? "" : String(clock.round),
        left: clock.seconds_left,
        paused: clock.paused,
        playing: clock.in_play,
      };
      if (said.left !== 0) askedAtZero = false;
    } catch (error) {
      // Offline: keep counting from what was said; live.js says so.
    } finally {
      asking = false;
      draw();
      timer = setTimeout(ask, ASK_EVERY);
    }
  };

  document.addEventListener("live:applied", ask);  // a new round, a pause, time called
  document.addEventListener("visibilitychange", () => { if (!document.hidden) ask(); });
  draw();
  setInterval(draw, TICK);
  ask();
});
