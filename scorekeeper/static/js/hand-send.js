/* Sending a kept hand, for the pages (queue-store.js imports it) and the service worker (sw.js: a
   classic script, which cannot import; scorekeeper/offline/shell.py writes this file into /sw.js
   above sw.js's own code, its export line left out). It imports nothing and touches no page:
   IndexedDB, fetch and AbortController only, which both have. */

/* The hands database: IndexedDB "scorekeeper", store "hands" (one record a hand: its game, form
   address and fields, the number it was recorded as, its idempotency key, its state). Resolves
   with the open database. */
function openHands() {
  return new Promise(function (resolve, reject) {
    var open = indexedDB.open("scorekeeper", 1);
    open.onupgradeneeded = function () {
      open.result.createObjectStore("hands", { keyPath: "id", autoIncrement: true }).createIndex("game", "game");
    };
    open.onsuccess = function () { resolve(open.result); };
    open.onerror = function () { reject(open.error); };
  });
}

/* What a send's answer means for the kept hand: "recorded"; "token" (the session and its form
   token ended); "conflict" (another phone recorded that hand: both versions); "refused" (kept with
   the reasons until the editor decides); "retry" (the server is down or busy, or another change got
   there first: the same key again later); a 409 that says `refused` (a seat's part for a hand
   already recorded) is "refused". */
function outcome(status, answer) {
  if (status === 201) return "recorded";
  if (status === 400 && /CSRF/.test(answer.error || "")) return "token";
  if (status === 409 && answer.conflict) return "conflict";
  if (status === 409 && answer.refused) return "refused";  // a seat's part for a hand already recorded
  return [400, 401, 403, 404, 413, 422].indexOf(status) >= 0 ? "refused" : "retry";
}

/* how long a send may wait for its answer before it is given up (and sent again later); above the
   server's own waits (SQLite's busy timeout: 10 s) */
var SEND_LIMIT = 20000;

/* Send a kept hand once (its Idempotency-Key and the number it was recorded as): {status, answer,
   outcome}; rejected when the server cannot be reached, or has not answered within SEND_LIMIT (a
   stuck server, a Wi-Fi that stopped passing packets without closing the connection: without a
   limit the send, and every hand behind it, waited for ever; given up, it is sent again later
   with the same key, so it is still recorded once). */
function sendHand(item) {
  var stop = new AbortController(), timer = setTimeout(function () { stop.abort(); }, SEND_LIMIT);
  return fetch(item.url, {
    method: "POST", credentials: "same-origin", cache: "no-store", body: item.body, signal: stop.signal,
    headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json",
               "Idempotency-Key": item.key, "X-Scorekeeper-Hand": item.number ? String(item.number) : "" }
  }).then(function (response) {
    return response.json().catch(function (err) {
      if (stop.signal.aborted) throw err;  // the answer stopped half-way: not an answer
      return {};
    }).then(function (answer) {
      return { status: response.status, answer: answer, outcome: outcome(response.status, answer) };
    });
  }).then(function (sent) { clearTimeout(timer); return sent; },
    function (err) { clearTimeout(timer); throw err; });
}

export { openHands, outcome, sendHand };
