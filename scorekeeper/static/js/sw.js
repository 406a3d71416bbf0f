/* Scorekeeper's service worker, served as /sw.js by scorekeeper/offline/shell.py, which writes
   VERSION, SHELL (the app shell's URLs) and OFFLINE_PAGE above this line.

   - Installing keeps the shell; a new version (any static file changed) drops the old one.
   - Pages: from the network first, and every page this phone opens is kept (the last 60; never
     one marked no-store, such as a share page with its editor link), so
     offline the games it opened stay readable, marked "Offline: showing what this phone last
     saw". A page it never opened gets the offline page.
   - Versioned static files (?v=) never change: from the cache first.
   - Live streams, a page's live content, POSTs and other sites go straight to the network:
     hands recorded offline wait in the page's own queue (static/js/queue.js), not here.

   A classic worker script, registered without {type: "module"} (static/js/offline.js): it imports
   nothing, so it runs in every browser with service workers. It keeps every page module (SHELL). */
"use strict";
var SHELL_CACHE = "scorekeeper-shell-" + VERSION;
var PAGES = "scorekeeper-pages";
var PAGE_LIMIT = 60;

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
    if (response.ok && response.type === "basic" && !response.redirected &&
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
        caches.open(SHELL_CACHE).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    });
  });
}
