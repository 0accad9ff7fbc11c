// The service worker: keeps the app shell and each scoreboard this phone has
// opened, so a visited scoreboard opens again with no network. Forms and /api/
// always go straight to the server (a form the server cannot be reached for is
// answered with a plain word, not the browser's error page). The copy kept
// is the last one the phone saw: a scoreboard the page reads in the background
// (live.js, after every hand saved or heard of) replaces it too, so a reload
// offline shows the totals and hands the server last confirmed.
// The app shell, every static file by its fingerprinted address, and a cache
// named after them: pwa.py writes both in when it serves this file, so a new
// release installs a new worker and a new cache.
const SHELL = [];
const CACHE = "scorekeeper-dev";
// The club this worker serves, by its prefix ("/c/<slug>": pwa.py writes it
// in), "" with one club. A club's pages and shell are under its prefix, and its
// caches carry it in their names, so one club's worker keeps, serves and
// empties its own alone (the words' cache is shared, by a key per club).
const ROOT = "";
const OWN = ROOT ? `@${ROOT}` : "";
const KEEP = CACHE + OWN;
const HERE = SHELL.map((path) => ROOT + path);
const ours = (key) => (OWN ? key.endsWith(OWN) : !key.includes("@"));
const AT = ROOT.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");  // the prefix, in a pattern
// The "No connection" page's words: every page sends the worker its own
// (pwa.js), so the worker speaks the language of the page opened last, and a
// phone that switches language keeps the same worker. They are kept in a cache
// of their own, which outlives the worker and a new release. English if none.
const SAID = "scorekeeper-words";
const SAID_AT = `${ROOT}/offline-words`;
let said = null;
const PAGE = new RegExp(`^${AT}/(games/[^/]+)?$`);  // the home page and each scoreboard
const FLASHED = /<p class="flash"[^>]*>[^<]*<\/p>/g;  // base.html's flashed lines

self.addEventListener("message", (event) => {
  const words = event.data?.words;
  if (!words || typeof words !== "object") return;
  const text = JSON.stringify(words);
  if (said !== null && JSON.stringify(said) === text) return;  // every page sends them: keep a change only
  said = words;
  const kept = new Response(text, { headers: { "Content-Type": "application/json" } });
  event.waitUntil(caches.open(SAID).then((cache) => cache.put(SAID_AT, kept)));
});

// The words last sent, as a function: word(key, english).
async function spoken() {
  if (said === null) {
    const copy = await caches.match(SAID_AT, { cacheName: SAID });
    said = copy ? await copy.json() : {};
  }
  const words = said;
  const escaped = (text) => String(text).replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (key, english) => escaped(words[key] ?? english);
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(KEEP).then((cache) => cache.addAll(HERE)).then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== KEEP && key !== SAID && ours(key)) await caches.delete(key);
    }
    await self.clients.claim();
    // The page that registered the worker was loaded without it: keep it now.
    for (const client of await self.clients.matchAll({ type: "window" })) {
      const url = new URL(client.url);
      if (PAGE.test(url.pathname)) {
        await fetch(url.pathname).then(keep).catch(() => {});
      }
    }
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate" && !PAGE.test(url.pathname)) {
    // Any other page or form: the server's answer, else a plain word, never
    // the browser's error page.
    event.respondWith(fetch(request).catch(() => unreachable(request)));
    return;
  }
  if (request.method !== "GET") return;
  if (url.pathname.startsWith(ROOT + "/api/")) return;
  if (request.mode === "navigate" && PAGE.test(url.pathname)) {
    event.respondWith(networkFirst(event));
  } else if (PAGE.test(url.pathname)) {
    event.respondWith(networkOnly(event));
  } else if (HERE.includes(url.pathname)) {
    event.respondWith(kept(event));
  }
});

// Pages: the server's answer when it can be reached, else the copy kept last time.
async function networkFirst(event) {
  const path = new URL(event.request.url).pathname;
  try {
    const response = await fetch(event.request);
    event.waitUntil(keep(response.clone()).catch(() => {}));
    return response;
  } catch (error) {
    const copy = await caches.match(path);
    if (copy) return copy;
    throw error;
  }
}

// A page read in the background: only the server answers (the page tells the
// phone is offline when none comes), and a changed one is kept.
async function networkOnly(event) {
  const response = await fetch(event.request);
  event.waitUntil(keepChanged(response.clone()).catch(() => {}));
  return response;
}

// Keep a page read again only when it changed: an unchanged game keeps its ETag.
async function keepChanged(response) {
  const path = new URL(response.url).pathname;
  const tag = response.headers.get("ETag");
  const copy = tag && await caches.match(path);
  if (copy && copy.headers.get("ETag") === tag) return;
  await keep(response);
}

// Keep a page's copy, marked with when it was saved, so the page can tell.
async function keep(response) {
  const path = new URL(response.url).pathname;
  if (response.status === 404) {
    await (await caches.open(KEEP)).delete(path);  // a deleted game stays gone
  }
  if (!response.ok || response.redirected || response.type !== "basic") return;
  // A line flashed on the page ("Hand 3 saved.") was said once: not kept.
  const html = (await response.text()).replace(FLASHED, "");
  const mark = `<meta name="offline-copy" content="${new Date().toISOString()}">`;
  const headers = new Headers(response.headers);
  headers.delete("Content-Encoding");
  headers.delete("Content-Length");
  const copy = new Response(html.replace("</head>", `${mark}</head>`), { headers });
  await (await caches.open(KEEP)).put(path, copy);
}

// A page or form the server could not be reached for: say so, and lead back.
async function unreachable(request) {
  const word = await spoken();
  const url = new URL(request.url);
  const game = url.pathname.match(new RegExp(`^${AT}/games/[^/]+`));
  const back = game
    ? [game[0], word("scoreboard", "Back to the scoreboard")]
    : [`${ROOT}/`, word("home", "Home")];
  const done = request.method === "GET"
    ? word("unchanged", "Nothing was changed.")
    : word("maybe", "It may not have reached the server: check the score once the phone is back online.");
  const css = HERE.filter((path) => path.endsWith(".css"))
    .map((path) => `<link rel="stylesheet" href="${path}">`).join("");
  const title = word("title", "No connection");
  const html = `<!doctype html><html lang="${word("lang", "en")}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>${css}</head><body><main>
<h1>${title}</h1><p>${word("needs", "This needs the server, and the phone cannot reach it.")} ${done}</p>
<p><a class="button" href="${back[0]}">${back[1]}</a></p></main></body></html>`;
  return new Response(html, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

// The shell: a fingerprinted address never changes, so its kept copy is final.
async function kept(event) {
  const cache = await caches.open(KEEP);
  const copy = await cache.match(event.request);
  if (copy) return copy;
  const response = await fetch(event.request);
  if (response.ok) await cache.put(event.request, response.clone());
  return response;
}
