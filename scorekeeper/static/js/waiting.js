/* Hands waiting on this phone, on every page: "N hands waiting to send", and sent from here.

   A hand form keeps each hand in IndexedDB (static/js/queue-store.js) and its game's pages send
   them (static/js/queue.js). Reopened anywhere else (the home page, the games list), the phone
   still says how many hands wait, links to their game, and sends them in order, each game's
   hands one after the other, with the same Idempotency-Key and hand number as queue.js: a hand
   the server refuses, or that clashes with another phone's, is kept with the answer and holds
   back the hands after it; its game's page shows it for the editor to decide. On https, hands
   this phone kept at the table's http address are offered here too (queue-handover.js). */
import { _ } from "./i18n.js";
import * as store from "./queue-store.js";
import { offer } from "./queue-handover.js";

function start() {
  if (store.available) store.ready().then(function () { offer(store.newKey); }, function () {});
  if (!store.available || !window.fetch || document.querySelector("[data-send-queue]")) return;  // a game page does it all
  var main = document.getElementById("content"), line = null, sending = false, retry = null;

  function gameOf(item) { return item.url.replace(/\/rounds\/.*$/, ""); }

  function show(items) {
    var waiting = items.length;
    if (!waiting) { if (line) line.hidden = true; return; }
    if (!line) {
      line = document.createElement("p");
      line.className = "waiting-hands card";
      line.setAttribute("role", "status");
      main.insertBefore(line, main.firstChild);
    }
    line.hidden = false;
    line.textContent = waiting === 1 ? _("1 hand waiting to send") : _("%(count)s hands waiting to send", { count: waiting });
    var held = items.filter(function (item) { return item.state !== "waiting"; })[0];
    line.appendChild(document.createTextNode(held ? _(": one needs the editor's choice. ") : (navigator.onLine ? _(": sending… ") : _(": sent when the connection returns. "))));
    var link = document.createElement("a");
    link.href = gameOf(held || items[0]);
    link.textContent = _("Open its game");
    line.appendChild(link);
  }

  /* The first hand of each game, if it is waiting (a held hand holds back the ones after it). */
  function firsts(items) {
    var seen = {}, out = [];
    items.forEach(function (item) {
      if (seen[item.game]) return;
      seen[item.game] = true;
      if (item.state === "waiting") out.push(item);
    });
    return out;
  }

  function pump() {
    if (sending) return;
    clearTimeout(retry);
    store.everything().then(function (items) {
      show(items);
      var next = navigator.onLine ? firsts(items)[0] : null;
      if (!next) return;
      sending = true;
      return store.post(next).then(function (sent) {
        var games = store.forGame(next.game);
        if (sent.outcome === "recorded") return games.drop(next).then(function () { return true; });
        if (sent.outcome === "retry" || sent.outcome === "token") return false;  // its game's page renews a token
        next.state = sent.outcome;  // "conflict" or "refused"
        next.answer = sent.answer;
        return games.save(next).then(function () { return true; });
      }, function () { return false; }).then(function (more) {
        sending = false;
        if (more) pump();
        else { store.everything().then(show); retry = setTimeout(pump, 15000); }
      });
    }).catch(function () { sending = false; });
  }

  window.addEventListener("online", pump);
  store.onChange(function () { store.everything().then(show); });  // another tab kept or sent a hand
  window.addEventListener("offline", function () { store.everything().then(show); });
  pump();
}

start();
