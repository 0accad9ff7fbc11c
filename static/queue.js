// A hand kept through a dead signal. Save hand sends the form in the background,
// with its one-time id as the Idempotency-Key. When no answer comes (no network,
// or none within GIVE_UP), the hand waits on the phone (localStorage) and is
// shown as waiting to send; it goes by itself when the network returns, when
// the page loads, and on retries that wait longer each time, always with the
// same key, so the server records it once even when an answer was lost. A hand
// tapped against a game another phone has moved since is not sent until the
// player chooses: keep both, or keep theirs. Nothing is dropped or doubled
// without a word. Without JavaScript, or without storage, the form posts as
// it always did.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  const GIVE_UP = 8000;  // ms without an answer: the signal is gone
  const RETRY = [2000, 4000, 8000, 15000, 30000];  // ms before each try; then the last
  const list = document.getElementById("waiting");
  if (!list || !canStore()) return;
  const STORE = `waiting:${list.dataset.game}`;
  // The page's words (its data-words, in the page's language), else English.
  const word = pageWords(list);
  const form = () => document.getElementById("hand");
  let held = null;  // the key of the hand whose taps are still on the form
  let plain = false;  // the form is on its way as a plain form: let it go
  let sending = false;
  let landed = false;  // a hand reached the server since the page last refreshed
  let tries = 0;
  let timer = null;

  function canStore() {
    try {
      localStorage.setItem("waiting:?", "");
      localStorage.removeItem("waiting:?");
      return true;
    } catch (error) {
      return false;  // private mode or full: the plain form still works
    }
  }
  const read = () => {
    try {
      return JSON.parse(localStorage.getItem(STORE)) || [];
    } catch (error) {
      return [];
    }
  };
  const write = (hands) => {
    if (hands.length) localStorage.setItem(STORE, JSON.stringify(hands));
    else localStorage.removeItem(STORE);
  };
  const change = (key, how) => write(read().flatMap((hand) => (hand.key === key ? how(hand) : [hand])));
  const newId = () => {
    const bytes = crypto.getRandomValues(new Uint8Array(16));  // also over plain http
    return btoa(String.fromCharCode(...bytes)).replace(/[+/=]/g, (c) => ({ "+": "-", "/": "_" })[c] ?? "");
  };

  // The hand as tapped: its fields, sent later with its key and the version it
  // expects (the game as shown, or as the hands before it in the queue leave it).
  function take(hands, taps, submitter) {
    const data = new FormData(taps);
    if (submitter?.name) data.append(submitter.name, submitter.value);
    let key = data.get("form_id");
    if (!key || hands.some((hand) => hand.key === key)) key = newId();
    data.delete("form_id");
    const version = Number(data.get("version"));
    data.delete("version");
    const last = hands.at(-1);
    return {
      key,
      action: taps.action,
      fields: [...data],
      version: last ? last.version + 1 : version,
      number: last ? last.number + 1 : Number(taps.querySelector("h2").dataset.number),
      words: submitter?.name === "passed" ? word("passed", "everyone passed") : handEntry.words(taps),
      at: new Date().toISOString(),
      state: "waiting",
    };
  }

  // Empty the form for the next hand: nothing tapped, a new one-time id.
  function release(next) {
    const taps = form();
    held = null;
    if (!taps) return;
    taps.inert = false;
    taps.reset();  // hand.js and live.js hear it
    for (const input of taps.querySelectorAll("input:checked")) input.checked = false;
    taps.elements.form_id.value = newId();
    const heading = taps.querySelector("h2");
    if (heading && next) heading.textContent = word("record", "Record hand %(number)s", { number: next });
  }
  // Show where a hand went, as after a plain save: the totals, and under them
  // the line that confirms it or says it waits (or the top of a finished game).
  const toTotals = (hash = "#scores") => {
    const target = hash && document.getElementById(hash.slice(1));
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  };
  // The hand just tapped has not reached the server: it waits, the form is free.
  function wait(hand) {
    release((read().at(-1)?.number ?? hand.number) + 1);
    show();
    toTotals();
  }

  async function send(hand) {
    const body = new URLSearchParams(hand.fields);
    body.set("form_id", hand.key);
    body.set("version", hand.version);
    // The page's CSRF token, which may be newer than the tap's.
    const token = form()?.elements.csrf_token?.value;
    if (token) body.set("csrf_token", token);
    try {
      const response = await fetch(hand.action, {
        method: "POST",
        body,
        headers: { Accept: "application/json", "Idempotency-Key": hand.key },
        credentials: "same-origin",
        signal: AbortSignal.timeout ? AbortSignal.timeout(GIVE_UP) : undefined,
      });
      return { status: response.status, answer: await response.json().catch(() => ({})) };
    } catch (error) {
      return { status: 0, answer: {} };  // no answer: no network, or too late
    }
  }

  // Send the waiting hands in order, one at a time, until one must wait.
  async function flush() {
    clearTimeout(timer);
    if (sending) return;
    const hand = read()[0];
    if (!hand || hand.state !== "waiting") {
      if (landed) {
        landed = false;
        document.dispatchEvent(new CustomEvent("live:refresh", { detail: { keep: true } }));
      }
      show();
      return;
    }
    sending = true;
    const { status, answer } = await send(hand);
    sending = false;
    if (status === 0 || status >= 500) {  // kept: tried again later
      if (held === hand.key) wait(hand);
      tries += 1;
      timer = setTimeout(flush, RETRY[Math.min(tries, RETRY.length) - 1]);
      show();
      return;
    }
    tries = 0;
    if (status < 300) {
      saved(hand, answer);
    } else if (status === 412) {
      change(hand.key, (it) => [{ ...it, state: "moved", latest: answer.latest, now: answer.version, next: answer.next }]);
      if (held === hand.key) wait(hand);
    } else if (status === 409 && answer.field === "called") {
      // Time was called before it arrived: the game has ended, the page is
      // drawn again without its form, and the hand stays here with that word.
      change(hand.key, (it) => [{ ...it, state: "refused", called: true, note: answer.error }]);
      if (held === hand.key) release();
      landed = true;
    } else if (held === hand.key && form()) {
      refused(hand, answer);
      return;
    } else if (answer.field === "csrf_token" && !hand.renewed && form()) {
      // The session is newer than the page (the browser was closed meanwhile):
      // take the server's fresh form, and its token, then try again.
      change(hand.key, (it) => [{ ...it, renewed: true }]);
      document.dispatchEvent(new CustomEvent("live:refresh", { detail: { keep: true } }));
      timer = setTimeout(flush, RETRY[0]);
      return;
    } else {
      const note = answer.error || word("refused_by", "The server refused it (%(status)s).", { status });
      change(hand.key, (it) => [{ ...it, state: "refused", note }]);
    }
    flush();
  }

  function saved(hand, answer) {
    change(hand.key, () => []);
    landed = true;
    if (held !== hand.key) return;
    release(hand.number + 1);
    toTotals(answer.location ? new URL(answer.location, location.href).hash : "");
  }

  // A hand just tapped that the server refused: its taps stay on the form and
  // the server's word shows by Save hand, where the eye is. A stale page (its
  // CSRF token) goes as a plain form, for the server's fresh one.
  function refused(hand, answer) {
    change(hand.key, () => []);
    const taps = form();
    held = null;
    taps.inert = false;
    taps.elements.form_id.value = newId();
    const said = document.getElementById("save-error");
    if (said && answer.error && answer.field !== "csrf_token") {
      said.textContent = answer.error;
      said.hidden = false;
      // And on the taps it names (else atop the form), as without a script.
      const field = answer.field && taps.querySelector(`input[name="${CSS.escape(answer.field)}"]`);
      const place = field?.closest("fieldset")?.querySelector("legend") ?? taps.querySelector("h2");
      const box = document.createElement("div");
      box.className = "errors refused";
      box.append(paragraph(answer.error));
      place?.after(box);
      said.scrollIntoView({ block: "nearest" });
      return;
    }
    plain = true;
    const passed = hand.fields.some(([name]) => name === "passed");
    taps.requestSubmit(taps.querySelector(`[type=submit][name="${passed ? "passed" : "save"}"]`));
  }

  // Keep both: record the waiting hand as the next one, and the ones behind it
  // after it. Keep theirs: drop it (any behind it ask again if the game moved).
  function keepBoth(key) {
    let version = 0;
    let number = 0;
    write(read().map((hand) => {
      if (hand.key === key) {
        ({ now: version, next: number } = hand);
        return { ...hand, state: "waiting", version, number };
      }
      if (!number || hand.state !== "waiting") return hand;
      version += 1;
      number += 1;
      return { ...hand, version, number };
    }));
    flush();
  }
  function drop(key) {
    change(key, () => []);
    flush();
  }
  // A refused hand goes back on the form, to be put right and saved again.
  function putBack(key) {
    const hand = read().find((it) => it.key === key);
    const taps = form();
    if (!hand || !taps) return;
    release();
    for (const [name, value] of hand.fields) {
      const input = taps.querySelector(`input[name="${CSS.escape(name)}"][value="${CSS.escape(value)}"]`);
      if (input && input.type === "radio") input.checked = true;
    }
    taps.dispatchEvent(new Event("change", { bubbles: true }));
    drop(key);
    taps.scrollIntoView();
  }

  const paragraph = (text) => {
    const p = document.createElement("p");
    p.textContent = text;
    return p;
  };
  const button = (text, action) => {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = text;
    b.addEventListener("click", action);
    return b;
  };
  function item(hand) {
    if (hand.state === "waiting") return paragraph(word("waiting", "Hand %(number)s waiting to send: %(words)s", hand));
    const box = document.createElement("div");
    box.className = "banner warn";
    const choices = document.createElement("div");
    choices.className = "actions";
    if (hand.state === "moved") {
      box.append(
        paragraph(word("moved", "Hand %(number)s was not sent: another phone saved a hand while it waited. Keep which?", hand)),
        paragraph(word("theirs", "Theirs: %(latest)s", { latest: hand.latest || word("changed", "a hand was corrected or undone.") })),
        paragraph(word("yours", "Yours: %(words)s. Keep both records yours as hand %(next)s.", hand)),
      );
      choices.append(button(word("keep_both", "Keep both"), () => keepBoth(hand.key)), button(word("keep_theirs", "Keep theirs"), () => drop(hand.key)));
    } else {
      box.append(paragraph(word("not_saved", "Hand %(number)s (%(words)s) was not saved: %(note)s", hand)));
      if (form() && !hand.called) choices.append(button(word("put_back", "Put it back on the form"), () => putBack(hand.key)));
      choices.append(button(word("drop", "Drop it"), () => drop(hand.key)));
    }
    box.append(choices);
    return box;
  }
  // The deal line follows the hands waiting here as it would saved ones: the
  // server wrote who deals from its last hand on, round the table (deals_ahead).
  // What wins, who may not bid and the end of the game follow them too, scored
  // here by outlook.js from the engine's model of the game (data-model); a hand
  // it cannot score (the server would refuse it) leaves a note saying they
  // come once it is sent.
  // Says whether the waiting hands end the game.
  function moveDeal(hands) {
    const line = document.querySelector(".deal[data-ahead]");
    if (!line) return false;
    const status = line.parentElement;
    const ahead = JSON.parse(line.dataset.ahead);
    const kept = hands.filter((hand) => hand.state !== "refused");
    const passed = (hand) => hand.fields.some(([name]) => name === "passed");
    const moves = kept.filter((hand) => ahead.passes || !passed(hand)).length;
    const [dealer, first] = ahead.seats[moves % ahead.seats.length];
    const [deals, bids] = line.querySelectorAll("strong");
    deals.textContent = dealer;
    bids.textContent = first;
    const number = kept.length ? kept.at(-1).number + 1 : line.dataset.number;
    line.firstChild.textContent = line.firstChild.textContent.replace(/\d+/, number);
    for (const other of status.querySelectorAll(".hint, .banner")) {
      if (other.dataset.waiting !== undefined) other.remove();  // the last hands' lines
      else other.hidden = kept.length > 0;
    }
    const after = kept.length ? scored(line.dataset.model, kept) : null;
    line.hidden = Boolean(after?.end);
    if (!kept.length) return false;
    const said = (text, kind) => {
      const p = paragraph(text);
      p.className = kind;
      p.dataset.waiting = "";
      return p;
    };
    if (!after) {
      const note = said(word("unscored", "What wins and who may not bid: shown once hand %(number)s is sent.", kept.at(-1)), "hint");
      note.id = "unscored";
      line.after(note);
    } else if (after.end) {
      line.after(said(after.end, "banner win"));
    } else {
      line.after(...after.may_not_bid.map((text) => said(text, "banner warn")), ...after.lines.map((text) => said(text, "hint")));
    }
    return Boolean(after?.end);
  }
  // Whether the hands waiting here end the game (the round's last hand, 500).
  function endedBy(hands) {
    const line = document.querySelector(".deal[data-model]");
    const kept = hands.filter((hand) => hand.state !== "refused");
    return Boolean(line && kept.length && scored(line.dataset.model, kept)?.end);
  }
  // A game that waiting hands end is ended here as a saved hand would end it:
  // no hand to record and no round clock running for it, until one is undone
  // (or refused). Once they are saved, the server's page says the same.
  function closeEntry(ended) {
    const taps = form();
    if (taps && taps.hidden !== ended) taps.hidden = ended;
    const clock = document.querySelector('[data-live="clock"]');
    if (clock && clock.hidden !== ended) clock.hidden = ended;
  }
  // The waiting hands scored by outlook.js, or null when it cannot.
  function scored(model, kept) {
    if (!model || typeof Outlook === "undefined") return null;
    try {
      const words = JSON.parse(list.dataset.words || "{}").outlook;  // outlook.js's own
      return Outlook.after(JSON.parse(model), kept.map((hand) => hand.fields), words, document.documentElement.lang);
    } catch (error) {
      return null;  // never worse than the note
    }
  }
  // Undo takes back the last hand, saved or waiting: while hands wait here, it
  // is the last of them, and needs no connection.
  let undone = "";  // what the last Undo of a waiting hand did
  function takeBack(key) {
    const hand = read().find((it) => it.key === key);
    if (!hand) return;
    if (sending && read()[0].key === key) {
      undone = word("on_its_way", "Hand %(number)s is on its way to the server: undo it once it is saved.", hand);
    } else {
      change(key, () => []);
      undone = word("undone", "Hand %(number)s undone: it was %(words)s, and it had not been sent.", hand);
      const heading = form()?.querySelector("h2");
      if (heading && !held) heading.textContent = word("record", "Record hand %(number)s", hand);
    }
    show();
  }
  function showUndo(hands) {
    const part = document.querySelector('[data-live="undo"]');
    if (!part) return;
    document.getElementById("undo-waiting")?.remove();
    const last = hands.filter((hand) => hand.state === "waiting").at(-1);
    for (const saved of part.children) saved.hidden = Boolean(last);
    if (!last && !undone) return;
    const box = document.createElement("div");
    box.id = "undo-waiting";
    box.className = "actions";
    if (last) box.append(button(word("undo", "Undo hand %(number)s", last), () => takeBack(last.key)));
    if (undone) {
      const said = paragraph(undone);
      said.setAttribute("role", "status");
      box.append(said);
    }
    part.append(box);
  }
  function show() {
    const hands = read().filter((hand) => hand.key !== held);
    list.replaceChildren(...hands.map(item));
    list.hidden = hands.length === 0;
    closeEntry(moveDeal(hands));
    showUndo(hands);
    const heading = form()?.querySelector("h2");
    const last = read().at(-1);
    if (heading && last && !held) heading.textContent = word("record", "Record hand %(number)s", { number: last.number + 1 });
  }

  // Save hand: sent at once; when no answer comes, it waits. Captured before
  // live.js hears it, so live.js keeps following the game.
  document.addEventListener("submit", (event) => {
    const taps = event.target;
    if (taps.id !== "hand" || plain) return;
    if (held) {
      event.preventDefault();  // the last tap is still on its way
      return;
    }
    const hands = read();
    if (endedBy(hands)) {  // the game has ended on this phone: no hand after it
      event.preventDefault();
      show();
      return;
    }
    const hand = take(hands, taps, event.submitter);  // should it fail, the form posts
    undone = "";
    const said = document.getElementById("save-error");
    if (said) said.hidden = true;
    for (const box of taps.querySelectorAll(".errors.refused")) box.remove();
    write([...hands, hand]);
    event.preventDefault();
    if (hands.length === 0) {
      held = hand.key;  // its taps stay on the form until the server answers
      taps.inert = true;
    } else {
      wait(hand);  // behind another: it goes when that one has gone
    }
    flush();
  }, true);

  // The copy the service worker kept may hold an id a hand has used since.
  if (document.querySelector('meta[name="offline-copy"]') && form()) {
    form().elements.form_id.value = newId();
  }
  const retry = () => {
    tries = 0;
    flush();
  };
  document.addEventListener("live:applied", show);  // the server's newer parts
  window.addEventListener("online", retry);
  window.addEventListener("storage", (event) => event.key === STORE && show());  // another tab
  window.addEventListener("pageshow", (event) => event.persisted && retry());
  document.addEventListener("visibilitychange", () => document.hidden || retry());
  flush();
});
