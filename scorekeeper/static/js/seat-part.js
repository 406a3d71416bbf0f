/* A seat's part kept on the phone while it is offline (docs/own-phones.md, docs/offline.md): on the
   seat page, "Send my part" without a connection keeps the part in the phone's queue (queue-store.js,
   under the game "seat-<id>", apart from the game's hands) and the page says it is waiting to send;
   queue.js (the same queue as the hand form's) sends it once, with its Idempotency-Key, when the
   connection returns, and shows a part refused then (a hand already recorded: 409; 422) with its
   reasons until the player drops it. Online the form is posted as before. */
import { _ } from "./i18n.js";
import * as store from "./queue-store.js";

function start() {
  var panel = document.querySelector("[data-send-queue][data-seat-parts]");
  if (!panel || !store.available || !window.fetch || !window.URLSearchParams) return;
  var parts = store.forGame(panel.dataset.game), word = panel.dataset.word;
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine || !form.matches("form.seat-part")) return;
    event.preventDefault();
    var number = parseInt(form.elements.hand_number.value, 10);
    var item = { key: store.newKey(), game: panel.dataset.game, at: Date.now(), state: "waiting", number: number,
                 url: new URL(form.getAttribute("action"), location.href).href,
                 body: new URLSearchParams(new FormData(form)).toString(),
                 label: _("Your part of %(round_word)s %(number)s", { round_word: word, number: number }) };
    parts.all().then(function (items) {
      /* sent again before it went: it replaces the part waiting for the same hand (a new key) */
      var before = items.filter(function (kept) { return kept.state === "waiting" && kept.number === number; })[0];
      if (before) item.id = before.id;
      return parts.save(item);
    }).then(function () { document.dispatchEvent(new CustomEvent("queue:kept")); });
  });
}

start();
