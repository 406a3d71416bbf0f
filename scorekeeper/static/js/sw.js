/* Scorekeeper's service worker, served as /sw.js by scorekeeper/offline/shell.py, which writes
   VERSION, SHELL (the app shell's URLs) and OFFLINE_PAGE above this line, and hand-send.js below
   this file.

   - Installing keeps the shell; a new version (any static file changed) drops the old one.
   - Pages: from the network first, and every page this phone opens is kept (the last 60; never
     one marked no-store, such as a share page with its editor link), so
     offline the games it opened stay readable, marked "Offline: showing what this phone last
     saw". A page it never opened gets the offline page.
   - Versioned static files (?v=) never change: from the cache first. The rack photo's runtime and
     models (static/vendor/, static/rack-photo/: 14 MB, fetched only when a camera button is first
     used) are kept on that first use in a cache of their own, which a new shell does not drop;
     a newer version of one of them replaces the older.
   - Live streams, a page's live content, POSTs and other sites go straight to the network:
     hands recorded offline wait in the page's own queue (static/js/queue.js), not here.
   - Background Sync: a page whose hand could not go asks for the sync "scorekeeper-send"
     (queue-store.js); when the connection returns the browser wakes this worker, pages open or
     not, and it sends the waiting hands as the pages do: each game's in order, each with its
     Idempotency-Key and number, so a hand a page sends at the same time is recorded once (the
     server answers the second send with the first's answer). A refused or clashing hand is kept
     with the answer for its game's page; the pages' lists follow (BroadcastChannel).

   A classic worker script, registered without {type: "module"} (static/js/offline.js), so it runs
   in every browser with service workers: it cannot import. The send of a hand and the hands
   database are the pages' own (static/js/hand-send.js, a module queue-store.js imports):
   shell.py writes that file below this one (under this "use strict"), its export line left out,
   so openHands, sendHand and outcome are defined here too. It keeps every page module (SHELL). */
"use strict";
var SHELL_CACHE = "scorekeeper-shell-" + VERSION;
var PAGES = "scorekeeper-pages";
var PAGE_LIMIT = 60;
var APART = "scorekeeper-rack-photo";
var KEPT_APART = ["/static/vendor/", "/static/rack-photo/"];

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL_CACHE).then(function (cache) {
    return cache.addAll(SHELL);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scorekeeper-shell-") === 0 && name !== SHELL_CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

/* A page opened before this worker took over asks to be kept: {keep: its URL}. */
self.addEventListener("message", function (event) {
  if (event.data && typeof event.data.keep === "string") {
    var url = new URL(event.data.keep, self.location.href);
    if (url.origin !== self.location.origin) return;
    event.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
      return keep(new Request(url.href), response);
    }).catch(function () {}));
  }
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.indexOf("/live/") === 0 || url.searchParams.has("fragment")) return;
  if (request.mode === "navigate") {
    event.respondWith(page(request, event));
  } else if (url.pathname.indexOf("/static/") === 0 && url.searchParams.has("v")) {
    event.respondWith(staticFile(request));
  }
});

function page(request, event) {
  return fetch(request).then(function (response) {
    if (response.status === 200 && response.type === "basic" && !response.redirected &&  // (a 202: for now only)
        (response.headers.get("Content-Type") || "").indexOf("text/html") === 0) {
      event.waitUntil(keep(request, response.clone()));
    }
    return response;
  }).catch(function () {
    return caches.match(request, { cacheName: PAGES, ignoreVary: true }).then(function (kept) {
      if (kept) return marked(kept);
      return caches.match(OFFLINE_PAGE, { ignoreVary: true }).then(function (offline) {
        return offline || Response.error();
      });
    });
  });
}

/* A page marked Cache-Control: no-store (a share page with its editor link) is never kept. */
function keep(request, response) {
  if (!response.ok || /no-store/i.test(response.headers.get("Cache-Control") || "")) return Promise.resolve();
  return caches.open(PAGES).then(function (cache) {
    return cache.delete(request, { ignoreVary: true }).then(function () {
      return cache.put(request, response);  // the newest last: the oldest go first
    }).then(function () { return cache.keys(); }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - PAGE_LIMIT)).map(function (old) {
        return cache.delete(old);
      }));
    });
  });
}

/* A kept page, with the notice that it is what this phone last saw (and when); the messages of
   the action that led to it (flashes) are not shown again. */
function marked(response) {
  var seen = response.headers.get("Date");
  var when = seen ? new Date(seen).toLocaleString(LANGUAGE, { dateStyle: "medium", timeStyle: "short" }) : "";
  return response.text().then(function (html) {
    /* WORDS and LANGUAGE: the phone's language when the worker was fetched (a new one, a new worker) */
    var notice = '<p class="offline-notice" role="status" data-live-keep>' +
      WORDS.kept.replace("%(when)s", when ? " (" + when + ")" : "") + "</p>";
    html = html.replace('<main id="content">', '<main id="content">' + notice)
      .replace('<ul class="flashes">', '<ul class="flashes" hidden>');
    var headers = new Headers(response.headers);
    headers.delete("Content-Length");
    headers.delete("Content-Encoding");
    return new Response(html, { status: 200, headers: headers });
  });
}

function staticFile(request) {
  return caches.match(request, { ignoreVary: true }).then(function (hit) {
    return hit || fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        if (apart(request)) keepApart(request, copy);
        else caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}

function apart(request) {
  var path = new URL(request.url).pathname;
  return KEPT_APART.some(function (folder) { return path.indexOf(folder) === 0; });
}

/* One version of each file: the other versions of its path go as this one is kept. */
function keepApart(request, response) {
  var path = new URL(request.url).pathname;
  return caches.open(APART).then(function (cache) {
    return cache.keys().then(function (keys) {
      return Promise.all(keys.filter(function (old) {
        return new URL(old.url).pathname === path && old.url !== request.url;
      }).map(function (old) { return cache.delete(old); }));
    }).then(function () { return cache.put(request, response); });
  });
}

/* Background Sync: the hands the pages kept (IndexedDB "scorekeeper", queue-store.js). */
var SYNC = "scorekeeper-send";
var changes = self.BroadcastChannel ? new BroadcastChannel("scorekeeper-queue") : null;

self.addEventListener("sync", function (event) {
  if (event.tag === SYNC) event.waitUntil(whenNoPage(sendWaiting));
});

/* A page of the app that is open sends its hands itself (on load, when the connection returns),
   and knows the number of the next hand from its own sends: the worker sends only while none is.
   While one is and hands wait, the sync fails, so the browser tries it again later (the page may
   have been closed by then with its hands unsent). */
function whenNoPage(send) {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (pages) {
    if (!pages.length) return send();
    return waiting().then(function (items) {
      if (firsts(items).length) throw new Error("a page of the app is open: it sends its hands");
    });
  });
}

function waiting() {
  return hands("readonly", function (store, done) {
    store.getAll().onsuccess = function (event) { done(event.target.result || []); };
  });
}

/* One transaction on the hands database (openHands: hand-send.js), closed after it. */
function hands(mode, work) {
  return openHands().then(function (d) {
    return new Promise(function (resolve, reject) {
      var t = d.transaction("hands", mode), result;
      work(t.objectStore("hands"), function (value) { result = value; });
      t.oncomplete = function () { d.close(); resolve(result); };
      t.onerror = t.onabort = function () { d.close(); reject(t.error); };
    });
  });
}

/* The first hand of each game, if it is waiting (a held hand holds back the ones after it). */
function firsts(items) {
  var seen = {};
  return items.filter(function (item) {
    var first = !seen[item.game];
    seen[item.game] = true;
    return first && item.state === "waiting";
  });
}

/* Send until nothing waits; rejected (the browser tries the sync again later) while the server
   cannot be reached. */
function sendWaiting() {
  return waiting().then(function (items) {
    var next = firsts(items)[0];
    return next ? sendOne(next).then(function (more) { return more ? sendWaiting() : null; }) : null;
  });
}

/* A game's page fetched again for its kept copy; rejected when the server cannot be reached or
   fails (5xx): the kept copy is then still the one from before the send. */
function refresh(url) {
  if (!url) return Promise.resolve();
  var request = new Request(new URL(url, self.location.href).href);
  return fetch(request, { credentials: "same-origin" }).then(function (response) {
    if (response.status >= 500) throw new Error("the server answered " + response.status);
    return keep(request, response).catch(function () {});  // (a full cache: the send is done all the same)
  });
}

/* Send one hand as the pages do (sendHand: hand-send.js, the same request and the same reading
   of its answer); rejected (the sync again later) while the server cannot be reached, is down or
   busy. */
function sendOne(item) {
  return sendHand(item).then(function (sent) {
    var answer = sent.answer;
    if (sent.outcome === "recorded") return settle(item, null, answer);
    if (sent.outcome === "conflict" || sent.outcome === "refused") return settle(item, sent.outcome, answer);
    if (sent.outcome === "token") return false;  // its game's page renews the token
    throw new Error("the server answered " + sent.status);  // down or busy: the sync again later
  });
}

/* Recorded: the game's kept pages fetched again (offline, its form then shows the next hand's
   number), then dropped. The worker cannot tell the pages' number of the next hand
   (localStorage): while the pages cannot be fetched, the hand stays waiting and the sync fails,
   so a page opened meanwhile numbers its next hand after it, and the hand is sent again with its
   key later (answered as recorded, recorded once). Held ("conflict", "refused"): kept with the
   answer, if it still waits (a page has not dropped it, or put it back in its form, meanwhile).
   Either way the pages are told. */
function settle(item, state, answer) {
  var pages = state ? Promise.resolve() : Promise.all([item.url, answer.game_url].map(refresh));
  return pages.then(function () { return hands("readwrite", function (store) {
    if (!state) { store.delete(item.id); return; }
    store.get(item.id).onsuccess = function (event) {
      var kept = event.target.result;
      if (!kept || kept.key !== item.key || kept.state !== "waiting") return;  // a page got there first
      kept.state = state;
      kept.answer = answer;
      store.put(kept);
    };
  }); }).then(function () {
    // a page opened while the hand went (a reload as the connection returned) was written before it
    // was recorded: told its number, it numbers the next hand after it, as a tab told by another does
    if (changes) changes.postMessage(state ? { game: item.game } : { game: item.game, recorded: answer.recorded });
    return true;  // on to the next waiting hand (a held one holds back only its own game's)
  });
}
