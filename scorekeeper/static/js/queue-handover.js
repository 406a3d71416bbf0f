/* Hands kept at this phone's other address (http://) brought to this one (https://).

   A browser keeps IndexedDB per origin: hands queued at http://192.168.1.5:5000 are not seen by
   https://192.168.1.5:5000 (or :5443), where the table may have moved. Cookies are kept per host,
   whatever the scheme and port, so the http address says what it keeps in a cookie both can read:
   `sk_waiting=<its port>:<how many hands>` (queue-store.js keeps it, never Secure). Here, on https,
   every page then says "N hands were kept at http://…" with **Bring them here**, which opens
   that address's /handover page (templates/offline/handover.html; under `make run HTTPS=1` the
   plain-http answer of web/https_only.py serves it). That page reads its queue and comes back
   here with the hands in the address's #fragment (never sent to a server), marked with a random
   word this page wrote before it left: a link this phone did not ask for imports nothing.

   The hands keep their Idempotency-Key and number, so a hand sent from both addresses is
   recorded once (the server answers the second send with the first one's answer). Once they are
   stored here, `sk_handed=<that word>` tells the http address to drop its copies when it next
   runs, and `sk_waiting` is cleared. Nothing here sends anything: queue.js and waiting.js do. */
import { _ } from "./i18n.js";

var WAITING = "sk_waiting", HANDED = "sk_handed", ASKED = "scorekeeper.handover";
var KEY = /^[A-Za-z0-9_-]{8,64}$/, GAME = /^[A-Za-z0-9_-]{1,64}$/;

export function cookie(name) {
  var found = document.cookie.split("; ").filter(function (c) { return c.indexOf(name + "=") === 0; })[0];
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

/* A cookie of this host for every scheme and port (never Secure: the http address reads it too). */
export function setCookie(name, value, seconds) {
  document.cookie = name + "=" + encodeURIComponent(value) + "; path=/; max-age=" + seconds + "; SameSite=Lax";
}

/* How many hands the http address of this host keeps, and where: {count, origin}, or null. */
function waitingElsewhere() {
  var found = /^(\d*):(\d+)$/.exec(cookie(WAITING) || "");
  if (location.protocol !== "https:" || !found || found[2] === "0") return null;
  return { count: parseInt(found[2], 10), origin: "http://" + location.hostname + (found[1] ? ":" + found[1] : "") };
}

/* A hand as the http address kept it, fit to keep here: its own game's form address under this
   origin, a key and a state the queue knows; else null. */
function rehome(hand) {
  if (!hand || !KEY.test(hand.key) || !GAME.test(hand.game) || typeof hand.body !== "string") return null;
  var path = new URL(hand.url, location.href).pathname;
  if (path.indexOf("/games/" + hand.game + "/rounds/") !== 0) return null;
  var held = (hand.state === "conflict" || hand.state === "refused") && hand.answer && typeof hand.answer === "object";
  var kept = { key: hand.key, game: hand.game, url: location.origin + path, body: hand.body,
               at: Number(hand.at) || Date.now(), state: held ? hand.state : "waiting",
               number: Number.isInteger(hand.number) && hand.number > 0 ? hand.number : null };
  if (held) kept.answer = hand.answer;
  return kept;
}

/* The hands this page's address brought (#sk-hands=...), if this page asked for them: {word,
   hands}, or null; the fragment is taken off the address either way. */
export function brought() {
  var found = /(?:^#|&)sk-hands=([^&]*)/.exec(location.hash);
  if (!found) return null;
  history.replaceState(history.state, "", location.pathname + location.search);
  var payload, asked = localStorage.getItem(ASKED);
  try { payload = JSON.parse(decodeURIComponent(found[1])); } catch { return null; }
  if (!payload || !asked || payload.word !== asked || !Array.isArray(payload.hands)) return null;
  localStorage.removeItem(ASKED);
  return { word: asked, hands: payload.hands.map(rehome).filter(Boolean) };
}

/* The brought hands are stored here: the http address may drop its copies; nothing waits there now. */
export function taken(word) {
  setCookie(HANDED, word, 7 * 24 * 3600);
  setCookie(WAITING, "", 0);
}

/* Store the brought hands in the open database (keys already here are skipped), then `taken`. */
export function keepBrought(database) {
  var got = brought();
  if (!got) return Promise.resolve();
  return new Promise(function (resolve) {
    var t = database.transaction("hands", "readwrite"), store = t.objectStore("hands");
    store.getAll().onsuccess = function (event) {
      var have = event.target.result.map(function (item) { return item.key; });
      got.hands.forEach(function (hand) { if (have.indexOf(hand.key) < 0) store.add(hand); });
    };
    t.oncomplete = function () { taken(got.word); resolve(); };
    t.onerror = t.onabort = function () { resolve(); };  // kept at the http address: offered again
  });
}

/* On an https page: "N hands were kept at http://…" with the button that brings them here. */
export function offer(newKey) {
  var elsewhere = waitingElsewhere(), main = document.getElementById("content");
  if (!elsewhere || !main) return;
  var line = document.createElement("p"), n = elsewhere.count;
  line.className = "waiting-hands waiting-elsewhere card";
  line.setAttribute("role", "status");
  line.textContent = (n === 1
    ? _("1 hand was kept on this phone at %(origin)s (this table's address before https) and waits to be sent. ", { origin: elsewhere.origin })
    : _("%(count)s hands were kept on this phone at %(origin)s (this table's address before https) and wait to be sent. ", { count: n, origin: elsewhere.origin }));
  var bring = document.createElement("button");
  bring.type = "button";
  bring.className = "button small";
  bring.textContent = n === 1 ? _("Bring it here") : _("Bring them here");
  bring.addEventListener("click", function () {
    var word = newKey();
    localStorage.setItem(ASKED, word);
    location.assign(elsewhere.origin + "/handover#" + encodeURIComponent(JSON.stringify({ word: word, to: location.href })));
  });
  line.appendChild(bring);
  main.insertBefore(line, main.firstChild);
}
