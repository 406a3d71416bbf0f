/* No hand lost offline: the hand form's "Save" keeps the hand in this phone's IndexedDB first,
   then sends it; hands that could not go yet are listed as "waiting to send" (on the form and
   on the game page) and sent in order when the connection returns. Needs no service worker, so
   it works on the LAN over plain http too, for a page that stays open while the connection drops.

   Every send carries an Idempotency-Key (the server records each key once and answers a repeat
   with the original result) and the hand number this phone recorded it as (X-Scorekeeper-Hand):
   a 409 means another phone recorded that hand meanwhile; both versions are shown and the
   editor chooses. A hand the server refuses (the engine's check, a lost edit secret) stays
   here, with the reasons, until the editor puts it back in the form or drops it; while it is
   being corrected it keeps its place and number, and holds back the hands queued after it (so
   this phone never conflicts with itself); dropped, the hands after it move up one. After a
   Save, Save stays disabled until the form is edited again: a second tap sends nothing.
   See scorekeeper/offline/sending.py for the server's side. */
import { _, language } from "./i18n.js";
import * as ScorekeeperQueueStore from "./queue-store.js";
import { keptHere } from "./queue-here.js";
import { button, conflictView, el, refusedView, restore } from "./queue-view.js";

function start() {
  var panel = document.querySelector("[data-send-queue]");
  if (!panel || !ScorekeeperQueueStore.available || !window.fetch || !window.URLSearchParams) return;
  var game = panel.dataset.game, word = panel.dataset.word, names = JSON.parse(panel.dataset.names);
  var Word = word.charAt(0).toUpperCase() + word.slice(1);
  var list = panel.querySelector(".send-queue-items"), line = panel.querySelector(".send-queue-state");
  var form = document.querySelector("form.hand-form[data-queue]");
  var note = document.querySelector("[data-offline-note]");
  var pageNumber = form && form.dataset.queue ? parseInt(form.dataset.queue, 10) : null;
  var sending = false, sendingKey = null, retry = null, delay = 2000, direct = null, tokenTried = {}, failed = {}, recorded = 0;

  var store = ScorekeeperQueueStore.forGame(game);
  var queued = store.all, save = store.save, drop = store.drop, newKey = ScorekeeperQueueStore.newKey;

  /* The number of the next hand: the page's, or after the hands waiting here (a kept page may be old). */
  function nextNumber(items) {
    var n = Math.max(pageNumber, recorded + 1);  // hands this page sent are recorded: after them
    var known = ScorekeeperQueueStore.nextRecorded(game);
    if (document.querySelector(".offline-notice") && known > n) n = known;
    items.forEach(function (item) { if (item.number && item.number >= n) n = item.number + 1; });
    return n;
  }

  function title(item) { return item.label ? item.label : item.number ? Word + " " + item.number : _("A %(round_word)s turn", { round_word: word }); }

  /* What the buttons of a hand that needs the editor do (queue-view.js shows them). */
  var view = {
    word: word, names: names, formUrl: panel.dataset.formUrl, dropHeld: dropHeld,
    keep: function (item, next) {  // mine under the next number: the hands after it move up too
      queued().then(function (items) {
        var shift = next - item.number;
        return Promise.all(items.map(function (other) {
          if (other.id === item.id) { other.state = "waiting"; delete other.answer; }
          if (other.id >= item.id && other.number) other.number += shift;
          return other.id >= item.id ? save(other) : null;
        }));
      }).then(pump);
    },
    drop: function (item) { drop(item).then(pump); },
    putBack: form ? function (item) {
      restore(form, item.body);
      item.state = "editing";  // keeps its place and number: the hands after it wait for it
      form.querySelector("button.save").disabled = false;  // (a hand the server failed on may go as it is)
      save(item).then(pump).then(function () { form.querySelector("input, select, textarea").focus(); });
    } : null,
  };

  function render(items) {
    panel.hidden = items.length === 0;
    list.textContent = "";
    items.forEach(function (item) {
      var li = el("li", "send-item send-" + item.state);
      var at = new Date(item.at).toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
      var state = item.state === "conflict" ? _("not sent: choose below")
        : item.state === "refused" ? _("not recorded: see why below")
          : item.state === "editing" ? _("being corrected in the form (the hands after it wait)")
          : item.key === sendingKey ? _("sending…") : _("waiting to send");
      li.appendChild(el("p", "send-title", _("%(hand)s (kept on this phone at %(time)s): %(state)s", { hand: title(item), time: at, state: state })));
      if (item.state === "conflict") conflictView(li, item, view);
      if (item.state === "refused") refusedView(li, item, view);
      if (item.state === "editing") {
        li.appendChild(el("p", "send-actions")).appendChild(button(_("Drop it"), "danger", function () { dropHeld(item); }));
      }
      list.appendChild(li);
    });
    keptHere(panel, items.filter(function (item) { return item.state === "waiting"; }).length, sendNow);
    var editing = items.filter(function (item) { return item.state === "editing"; })[0];
    /* the hand sent straight from this form is this page's own hand: it moves no number */
    var before = items.filter(function (item) { return item.key !== direct; });
    if (form && pageNumber !== null) showNumber(editing ? editing.number : nextNumber(before));
  }

  /* The heading names the hand this form records; a later number (hands waiting before it) says
     that the game page knows who deals or plays first, the server's words ([data-queued-meta]).
     Back to the page's own number, the page's own heading and line return. */
  var heading = document.querySelector("h1"), meta = document.querySelector(".hand-meta");
  var ownHeading = heading ? heading.textContent : "", ownMeta = meta ? meta.innerHTML : "";
  function showNumber(n) {
    if (!heading) return;
    var later = n !== pageNumber;
    var words = later ? _("Record %(round_word)s %(number)s", { round_word: word, number: n }) : ownHeading;
    if (heading.textContent !== words) heading.textContent = words;
    if (!meta) return;
    if (later && meta.dataset.queuedMeta && meta.textContent !== meta.dataset.queuedMeta) meta.textContent = meta.dataset.queuedMeta;
    if (!later && meta.innerHTML !== ownMeta) meta.innerHTML = ownMeta;
  }

  /* Drop a hand that holds back the queue: the hands after it move up one (its number is free). */
  function dropHeld(item) {
    queued().then(function (items) {
      return Promise.all(items.map(function (other) {
        if (other.id <= item.id || !item.number || !other.number) return null;
        other.number -= 1;
        return save(other);
      }));
    }).then(function () { return drop(item); }).then(pump);
  }

  function send(item) {
    return ScorekeeperQueueStore.post(item).then(function (sent) {
      return settle(item, sent);
    }, function () { return "retry"; });
  }

  function settle(item, sent) {
    var outcome = sent.outcome, answer = sent.answer;
    if (outcome === "recorded") {
      delay = 2000;
      recorded = Math.max(recorded, answer.recorded);
      return drop(item).then(function () {
        if (item.key !== direct) return "next";
        location.assign(answer.game_url);
        return "stop";
      });
    }
    if (outcome === "token" && !tokenTried[item.key]) {
      tokenTried[item.key] = true;  // the session (and its form token) ended: a fresh token, once
      return freshToken(item).then(function () { return "next"; }, function () { return "retry"; });
    }
    if (outcome === "conflict") { item.state = "conflict"; }
    else if (outcome === "refused" || outcome === "token") {  // a fresh token did not help either
      if (item.key === direct && sent.status === 422) {  // sent straight from the form: its errors at the fields
        direct = null;
        return drop(item).then(function () {  // shown in place by form-answer.js, else by a plain post
          var ask = new CustomEvent("hand:refused", { bubbles: true, cancelable: true, detail: { body: item.body } });
          if (form.dispatchEvent(ask)) HTMLFormElement.prototype.submit.call(form);
          return "stop";
        });
      }
      item.state = "refused";
    } else if (sent.status === 500 && answer.error && failed[item.key]) {
      item.state = "refused";  // the server failed on it twice: the editor decides, not a retry for ever
    } else {  // the server is down or busy, or failed once: the same key again later
      if (sent.status === 500 && answer.error) failed[item.key] = true;
      return "retry";
    }
    item.answer = answer;
    return save(item).then(function () { return "stop"; });
  }

  function freshToken(item) {
    return fetch(item.url, { credentials: "same-origin", cache: "no-store" }).then(function (r) { return r.text(); })
      .then(function (html) {
        var token = new DOMParser().parseFromString(html, "text/html").querySelector("input[name=csrf_token]");
        if (!token) throw new Error("no token");
        var body = new URLSearchParams(item.body);
        body.set("csrf_token", token.value);
        item.body = body.toString();
        if (form) form.querySelector("input[name=csrf_token]").value = token.value;
        return save(item);
      });
  }

  /* "Send them now" (queue-here.js): a try at once, even if the phone says it is offline. */
  function sendNow() { delay = 2000; pump(true); }

  function pump(tryNow) {
    if (sending) return;
    clearTimeout(retry);
    sending = true;
    queued().then(function (items) {
      var item = items[0];
      sendingKey = item && item.state === "waiting" && (navigator.onLine || tryNow === true) ? item.key : null;
      render(items);
      if (!sendingKey) {
        line.textContent = items.length && items[0].state === "waiting" ? _("Offline: sent when the connection returns.") : "";
        return "stop";
      }
      line.textContent = _("Sending…");
      return send(item);
    }).then(function (outcome) {
      sending = false;
      sendingKey = null;
      if (outcome === "next") pump();
      else if (outcome === "retry") later();
      else queued().then(function (items) { render(items); held(items); });
    }, function () { sending = false; sendingKey = null; later(); });
  }

  /* The send stopped at a hand that needs the editor: the line says so, not "Sending…". */
  function held(items) {
    var first = items[0], state = first ? first.state : null;
    if (state === "conflict") line.textContent = _("%(hand)s not sent: another phone recorded it first; choose below.", { hand: title(first) });
    else if (state === "refused") line.textContent = _("%(hand)s not sent: the server refused it; see why below.", { hand: title(first) });
    else if (line.textContent === _("Sending…")) line.textContent = "";
  }

  function later() {
    if (direct) { direct = null; leaveForm(); }
    line.textContent = _("Could not reach the server: trying again in %(seconds)s s.", { seconds: Math.round(delay / 1000) });
    retry = setTimeout(pump, delay);
    delay = Math.min(delay * 2, 15000);
    queued().then(render);
  }

  function leaveForm() {
    var save = form.querySelector("button.save");
    form.reset();
    save.removeAttribute("aria-busy");
    save.disabled = true;  // until the form is edited again: a second tap sends no empty hand
    function edited() {
      save.disabled = false;
      form.removeEventListener("input", edited);
      form.removeEventListener("change", edited);
    }
    form.addEventListener("input", edited);
    form.addEventListener("change", edited);
  }

  if (form) {
    form.addEventListener("submit", function (event) {
      var by = event.submitter;
      if (by && by.name === "action" && by.value === "preview") {
        if (!navigator.onLine) { event.preventDefault(); if (note) note.focus(); }
        return;  // online: the engine's preview, as without this script
      }
      // a hand played turn by turn (Crib Rummy): online, entry.js sends each turn in place
      if (form.hasAttribute("data-by-turn") && navigator.onLine) return;
      event.preventDefault();
      var body = new URLSearchParams(new FormData(form, by || null)).toString();  // the pressed button too
      queued().then(function (items) {
        // (form.action would be the button named "action": the attribute, resolved)
        var url = new URL(form.getAttribute("action") || location.href, location.href).href;
        var item = { key: newKey(), game: game, url: url, body: body, at: Date.now(), state: "waiting",
                     number: pageNumber === null ? null : nextNumber(items) };
        var editing = items.filter(function (held) { return held.state === "editing"; })[0];
        if (editing) {  // the refused hand, corrected: in its own place, with its own number
          delete editing.answer;
          item.id = editing.id;
          item.number = editing.number;
        }
        var alone = items.length === (editing ? 1 : 0) && navigator.onLine;
        return save(item).then(function () {
          if (alone) {  // nothing before it: sent now, and the game page opens once it is recorded
            direct = item.key;
            form.querySelector("button.save").disabled = true;
            form.querySelector("button.save").setAttribute("aria-busy", "true");
          } else {
            leaveForm();
            line.textContent = _("%(hand)s kept on this phone: waiting to send.", { hand: title(item) });
          }
          pump();
        });
      }).catch(function (err) {  // no IndexedDB (a private window may refuse it): the plain post
        if (window.console) console.error("queue:", err);
        HTMLFormElement.prototype.submit.call(form);
      });
    });
  }

  /* Other hand forms (a correction, Crib Rummy's "end the hand") are not kept: offline they say
     so and stay as they are, instead of the browser's "no connection" page. */
  [].forEach.call(document.querySelectorAll("form.hand-form:not([data-queue])"), function (other) {
    other.addEventListener("submit", function (event) {
      if (navigator.onLine) return;
      event.preventDefault();
      line.textContent = _("Offline: this change needs the connection. Nothing was lost; send it when it returns.");
      panel.hidden = false;
    });
  });

  function connectivity() {
    if (note) note.hidden = navigator.onLine;
  }
  window.addEventListener("offline", connectivity);
  window.addEventListener("online", function () { connectivity(); delay = 2000; pump(); });
  document.addEventListener("live:online", function () { delay = 2000; pump(); });
  document.addEventListener("queue:kept", function () { pump(); });  // a seat's part kept (seat-part.js)
  ScorekeeperQueueStore.onChange(function (changed, number) {
    if (changed !== game) return;
    if (number) recorded = Math.max(recorded, number);  // another tab sent it: the next hand is after it
    if (!sending) queued().then(render);
  });
  connectivity();
  pump();
}

start();
