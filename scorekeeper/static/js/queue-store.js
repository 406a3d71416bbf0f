/* Where the hand form keeps hands until they are sent (static/js/queue.js): IndexedDB, database
   "scorekeeper", store "hands" (one record a hand: its game, form address and fields, the number
   it was recorded as, its idempotency key, its state), read in the order they were kept.
   forGame(id) gives {all, save, drop}, each a promise; `available` is false without IndexedDB.
   Hands an http address kept are brought to the https one by queue-handover.js: on http this
   keeps the cookie that says how many wait here. Where the browser has Background Sync, a hand
   that could not go yet asks the service worker (sw.js) to send it when the connection returns,
   even if every page is closed. */
import { openHands, sendHand } from "./hand-send.js";
import { cookie, keepBrought, setCookie } from "./queue-handover.js";

export var available = Boolean(window.indexedDB);
  var connection = null, NEXT = "scorekeeper.next.", SYNC = "scorekeeper-send";

  /* The database (hand-send.js opens it, for the service worker too), once any hands brought from
     the http address are kept in it. */
  function db() {
    if (!connection) connection = openHands().then(function (d) {
      return keepBrought(d).then(function () { return d; });
    });
    return connection;
  }

  /* One transaction; resolves with the request's result once the transaction is complete (stored). */
  function tx(mode, work) {
    return db().then(function (d) {
      return new Promise(function (resolve, reject) {
        var t = d.transaction("hands", mode), request = work(t.objectStore("hands")), result;
        request.onsuccess = function () { result = request.result; };
        t.oncomplete = function () { resolve(result); };
        t.onerror = t.onabort = function () { reject(t.error); };
      });
    });
  }

  /* The phone's other tabs are told when a game's hands change (onChange), so their lists follow,
     and which hand number a hand they sent was recorded as: listen(game, recorded or undefined). */
  var changes = window.BroadcastChannel ? new BroadcastChannel("scorekeeper-queue") : null;
  function told(game) {
    return function (result) { if (changes) changes.postMessage({ game: game }); account(); return result; };
  }
  function onChange(listen) {
    if (changes) changes.addEventListener("message", function (e) { listen(e.data.game, e.data.recorded); });
  }

  function forGame(game) {
    return {
      all: function () { return tx("readonly", function (s) { return s.index("game").getAll(game); }); },
      save: function (item) {
        if (item.state === "waiting" && !navigator.onLine) sendLater();
        return tx("readwrite", function (s) { return s.put(item); }).then(told(game));
      },
      drop: function (item) { return tx("readwrite", function (s) { return s.delete(item.id); }).then(told(game)); }
    };
  }

  /* On an http address: drop the hands the https address took (sk_handed, queue-handover.js), then
     say in `sk_waiting=<port>:<count>` how many wait here (no cookie when none). */
  function account() {
    if (location.protocol !== "http:") return Promise.resolve();
    var handed = cookie("sk_handed");
    return db().then(function (d) {
      return new Promise(function (resolve) {
        var t = d.transaction("hands", "readwrite"), left = 0, dropped = [];
        t.objectStore("hands").openCursor().onsuccess = function (event) {
          var at = event.target.result;
          if (!at) return;
          if (handed && at.value.handed === handed) { dropped.push(at.value.game); at.delete(); } else left += 1;
          at.continue();
        };
        t.oncomplete = function () {
          setCookie("sk_waiting", location.port + ":" + left, left ? 365 * 24 * 3600 : 0);
          if (changes) dropped.forEach(function (game) { changes.postMessage({ game: game }); });
          resolve();
        };
        t.onerror = t.onabort = function () { resolve(); };
      });
    });
  }

  /* Background Sync (sw.js sends the waiting hands when the connection returns, pages open or not);
     a browser without it sends them from the pages, on load and when it comes back online. */
  function sendLater() {
    if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
    navigator.serviceWorker.getRegistration().then(function (registration) {
      if (registration && registration.sync) return registration.sync.register(SYNC);
    }).catch(function () { /* no Background Sync here: the pages send */ });
  }

  /* Every hand waiting on this phone, of every game, oldest first. */
  function everything() {
    return tx("readonly", function (s) { return s.getAll(); });
  }

  /* The number of the next hand of a game, as the last hand this phone sent to it was recorded (0: none). */
  function nextRecorded(game) {
    return parseInt(localStorage.getItem(NEXT + game) || "0", 10);
  }

  /* Send a kept hand once (hand-send.js: its Idempotency-Key and number, given up after 20 s):
     {status, answer, outcome}, the next hand's number remembered once it is recorded; rejected when
     the server cannot be reached or did not answer in time (sent again later with the same key);
     "retry" and a rejection ask for the service worker's sync. */
  function post(item) {
    return sendHand(item).then(function (sent) {
      if (sent.outcome === "recorded") recordedAs(item.game, sent.answer.recorded);
      if (sent.outcome === "retry") sendLater();
      return sent;
    }, function (err) { sendLater(); throw err; });
  }

  /* A hand of ``game`` was recorded as ``number``: remembered for a kept page (nextRecorded), and
     told to the phone's other tabs, whose forms number their next hand after it (a tab that kept a
     hand another tab sent went on asking for it, and its next hand clashed with it as "another
     phone's"). */
  function recordedAs(game, number) {
    localStorage.setItem(NEXT + game, String(number + 1));
    if (changes) changes.postMessage({ game: game, recorded: number });
  }

  /* A random idempotency key (crypto.randomUUID needs a secure context; this does not). */
  function newKey() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return [].map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join("");
  }

  if (available) account();

/* Resolves once the database is open (and any hands brought from the http address are kept in it). */
function ready() { return db(); }

export { forGame, newKey, everything, post, nextRecorded, onChange, ready };
