/* A seat's part kept on the phone until it is sent (docs/own-phones.md, docs/offline.md): on the
   seat page, "Send my part" sends the part with an Idempotency-Key. Without a connection, or when
   the send fails while the phone is online (the server unreachable, a 5xx, no answer within
   `data-send-wait` ms of the queue's panel: 8 s), the part is kept in the phone's queue
   (queue-store.js, under the game "seat-<id>", apart from the game's hands) with the same key and
   the page says it is waiting to send; queue.js (the same queue as the hand form's) sends it
   again until it arrives (a part the server had kept though its answer was lost is answered again,
   kept once) and shows a part refused then (a hand already recorded: 409; 422) with its reasons
   until the player drops it. A part sent and answered opens the seat page again; one refused at
   once is posted as a plain form, so the page shows why at its fields. A Crib Rummy turn is not
   kept: offline it stays in its form, and the page says the change needs the connection. */
import { _ } from "./i18n.js";
import * as store from "./queue-store.js";

var WAIT = 8000;

function start() {
  var panel = document.querySelector("[data-send-queue][data-seat-parts]");
  if (!panel || !store.available || !window.fetch || !window.URLSearchParams) return;
  var parts = store.forGame(panel.dataset.game), word = panel.dataset.word;

  /* Keep ``item`` in the queue (in place of a part of the same hand still waiting) and tell queue.js. */
  function keep(item) {
    return parts.all().then(function (items) {
      var before = items.filter(function (kept) { return kept.state === "waiting" && kept.number === item.number; })[0];
      if (before) item.id = before.id;
      return parts.save(item);
    }).then(function () { document.dispatchEvent(new CustomEvent("queue:kept")); });
  }

  /* Sent now: answered, the seat page again; refused, the plain post (the reasons at the fields);
     the server out of reach or busy, or silent too long, kept (the same key) for queue.js. */
  function sendNow(form, item, button) {
    var wait = parseInt(panel.dataset.sendWait || WAIT, 10);
    var silent = new Promise(function (resolve) { setTimeout(function () { resolve({ outcome: "retry" }); }, wait); });
    button.disabled = true;
    button.setAttribute("aria-busy", "true");
    Promise.race([store.post(item), silent]).then(null, function () { return { outcome: "retry" }; })
      .then(function (sent) {
        if (sent.outcome === "recorded") { location.assign(sent.answer.game_url); return; }
        if (sent.outcome !== "retry") { HTMLFormElement.prototype.submit.call(form); return; }
        button.disabled = false;
        button.removeAttribute("aria-busy");
        keep(item);
      });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    /* a Crib Rummy turn is not kept (the next player's turn waits on it): offline it stays as typed */
    if (form.matches("form.seat-turn") && !navigator.onLine) {
      event.preventDefault();
      panel.querySelector(".send-queue-state").textContent =
        _("Offline: this change needs the connection. Nothing was lost; send it when it returns.");
      panel.hidden = false;
      return;
    }
    if (!form.matches("form.seat-part")) return;
    event.preventDefault();
    var number = parseInt(form.elements.hand_number.value, 10);
    var item = { key: store.newKey(), game: panel.dataset.game, at: Date.now(), state: "waiting", number: number,
                 url: new URL(form.getAttribute("action"), location.href).href,
                 body: new URLSearchParams(new FormData(form)).toString(),
                 label: _("Your part of %(round_word)s %(number)s", { round_word: word, number: number }) };
    /* busy at once, not once the queue is read: a live change swapped in meanwhile would take away
       the form this send answers to (live.js holds its swaps while a button is busy) */
    var button = form.querySelector("button[type=submit]");
    button.setAttribute("aria-busy", "true");
    parts.all().then(function (items) {
      /* offline, or a part of this hand already waiting: kept (sent again, it replaces that one) */
      var waiting = items.some(function (kept) { return kept.state === "waiting" && kept.number === number; });
      if (!navigator.onLine || waiting) {
        button.removeAttribute("aria-busy");
        return keep(item);
      }
      sendNow(form, item, button);
    }, function () { HTMLFormElement.prototype.submit.call(form); });  // no IndexedDB after all: the plain post
  });
}

start();
