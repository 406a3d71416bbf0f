/* Live pages: follow a game (or the games list) over Server-Sent Events and swap in its new
   content after every change, in place: no reload, the scroll position, open <details>, a
   sideways-scrolled hands table and the focused button kept. The server renders the content
   (the page's own templates): a reader's event brings it along, an editor's page fetches its
   own (?fragment=live); this script only swaps it in (live-swap.js). Without JavaScript (or
   EventSource) the page keeps its plain Refresh link.

   Other scripts can build on it (a queue of hands recorded offline, say): it announces
   "live:online" and "live:offline" when the stream connects or drops, and "live:change" after
   each swap, on document with detail {version}.

   The stream beats every data-live-beat seconds. A connection can die without a word (a phone
   walked out of the Wi-Fi): after two missed beats the line says "Last heard from the table N s
   ago", and the stream is opened again. A stream whose time is up says "end" first: the next one
   is opened at once, and the line says nothing of it.

   A change that comes while the reader is tapping, or while a form they sent is on its way, waits
   (see held()): swapped in under the finger, the button pressed would be a new one, and a press
   and its release on two different buttons are no click (the tap lost). */
import { _, language } from "./i18n.js";
import { keepOpen, morph } from "./live-swap.js";

/* A refused stream is asked for again after 5 to 8 s, each page its own wait: a server restarted
   under a club night's 125 phones is not asked by all of them in the same instant (the server's
   SSE retry, for a dropped stream, is spread so too: live/stream.py). */
var RETRY_MS = 5000, RETRY_SPREAD_MS = 3000;

function start() {
  var status = document.querySelector("[data-live-stream]");
  if (!status || !window.EventSource || !window.fetch || !("content" in document.createElement("template"))) return;

  var main = status.parentElement;
  var state = status.querySelector(".live-state"), alert = status.querySelector(".live-alert");
  var refreshLink = status.querySelector(".live-refresh");
  if (alert) state.removeAttribute("role");  /* (before it says anything) */
  var version = status.dataset.liveVersion, fragmentUrl = status.dataset.liveFragment;
  var source = null, fetching = false, again = false, gone = false, retry = null, polling = 0, renewing = false;
  var beat = parseFloat(status.dataset.liveBeat) || 15, heard = Date.now();

  function hear() { heard = Date.now(); }

  /* Two beats missed: say when the table was last heard, and open the stream again; at most once
     every two beats (the browser tries a dropped stream again itself every 2 to 4 s meanwhile): once
     silent for four beats, it opened a new stream every second, while the server was away. */
  var reopened = 0;
  setInterval(function () {
    if (gone || !source) return;
    var now = Date.now(), silent = (now - heard) / 1000;
    if (silent < 2 * beat + 1) return;
    say(_("Last heard from the table %(seconds)s s ago; reconnecting…", { seconds: Math.round(silent) }), false);
    if (now - reopened < 2 * beat * 1000) return;
    if (source.readyState !== EventSource.CONNECTING || silent > 4 * beat) {
      reopened = now;
      source.close();
      connect(true);
    }
  }, 1000);

  /* Live: the line is shown, not read out (each change is, by announce.js); a problem is read out. */
  function say(text, live) {
    var shown = live || !alert ? state : alert, other = shown === state ? alert : state;
    shown.textContent = text;
    if (other) other.textContent = "";
    refreshLink.hidden = live;
  }

  function announce(name) {
    document.dispatchEvent(new CustomEvent("live:" + name, { detail: { version: version } }));
  }

  function connect(silent) {
    if (gone) return;
    clearTimeout(retry);
    if (!silent) hear();
    source = new EventSource(status.dataset.liveStream + "?since=" + encodeURIComponent(version || ""));
    source.onopen = function () {
      polling = 0;
      hear();
      if (renewing) { renewing = false; return; }  /* it never left: the line stays as it was */
      say(_("Live: this page updates by itself."), true);
      announce("online");
    };
    /* every live slot of the server is taken: it answers now and the browser asks again (SSE retry) */
    source.addEventListener("poll", function (event) {
      polling = JSON.parse(event.data).seconds;
      say(_("Updated every %(seconds)s seconds (the server is busy).", { seconds: polling }), true);
    });
    source.addEventListener("beat", hear);
    /* the stream's time is up (the server's LIVE_STREAM_SECONDS): the next one now, without a word */
    source.addEventListener("end", function () {
      source.close();
      renewing = true;
      connect();
    });
    source.onerror = function () {
      if (polling && source.readyState !== EventSource.CLOSED) return;  // the poll ended; asked again soon
      renewing = false;  // (the next stream, once open, says so again)
      say(_("Connection lost; trying again…"), false);
      announce("offline");
      if (source.readyState === EventSource.CLOSED) {  // refused (not a network drop): try again later
        goneMeanwhile();
        retry = setTimeout(connect, RETRY_MS + Math.random() * RETRY_SPREAD_MS);
      }
    };
    source.addEventListener("change", function (event) {
      hear();
      var data = JSON.parse(event.data);
      version = data.version;
      if (typeof data.html === "string" && !fetching) swap(data.html);
      else update();
    });
  }

  /* Fetch the page's content and swap it in; one fetch at a time, the latest change wins. */
  function update() {
    if (fetching) { again = true; return; }
    fetching = true;
    fetch(fragmentUrl, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (response.status === 404) { return deleted(); }
      if (!response.ok) { throw new Error("HTTP " + response.status); }
      return response.text().then(swap);
    }).catch(function () {
      say(_("Could not update this page; tap Refresh."), false);
    }).then(function () {
      fetching = false;
      if (again) { again = false; update(); }
    });
  }

  /* A stream refused may be a game deleted while this page heard nothing (asleep, offline, the
     server restarting): its "gone" never came, and every stream asked since is a 404. The page's
     content says so then; anything else is left to the next try. */
  function goneMeanwhile() {
    fetch(fragmentUrl, { credentials: "same-origin", cache: "no-store" }).then(function (response) {
      if (response.status === 404) deleted();
    }).catch(function () {});
  }

  function deleted() {
    gone = true;
    clearTimeout(retry);
    if (source) source.close();
    say(status.dataset.liveGone || _("This game was deleted."), false);  /* the page's own words, if it has them */
  }

  /* The tap under way: since its press, until its click (and the post it sends, if any) or a
     release that is no click. The last post sent: the page leaves with it, unless a script took
     it (its submit prevented), and then until the script's send is over (its button aria-busy).
     Each holds the swaps for HOLD_MS at most: a post stopped, a press never released. */
  var HOLD_MS = 10000, pressed = 0, sent = null, sentAt = 0, waiting = null, waitTimer = null;

  function held() {
    var now = Date.now();
    if (pressed && now - pressed < HOLD_MS) return true;
    if (!sent || now - sentAt >= HOLD_MS) return false;
    return !sent.defaultPrevented || main.querySelector("[aria-busy=true]") !== null;
  }

  function released(press, after) {
    setTimeout(function () {
      if (pressed !== press) return;  // a new press since
      pressed = 0;
      flush();
    }, after);
  }

  document.addEventListener("pointerdown", function () { pressed = Date.now(); }, true);
  document.addEventListener("click", function () { released(pressed, 0); }, true);  // (after its submit)
  document.addEventListener("pointerup", function () { released(pressed, 500); }, true);  // no click comes
  document.addEventListener("pointercancel", function () { released(pressed, 0); }, true);
  document.addEventListener("submit", function (event) { sent = event; sentAt = Date.now(); }, true);
  window.addEventListener("pageshow", function (event) {  // back on the page: the post is behind it
    if (event.persisted) { sent = null; flush(); }
  });

  /* The latest change is swapped in now, or once nothing holds it. */
  function swap(html) {
    waiting = html;
    flush();
  }

  function flush() {
    clearTimeout(waitTimer);
    if (waiting === null) return;
    if (held()) { waitTimer = setTimeout(flush, 250); return; }
    var html = waiting;
    waiting = null;
    swapIn(html);
  }

  function swapIn(html) {
    var fresh = document.createElement("template");
    fresh.innerHTML = html;
    var x = window.scrollX, y = window.scrollY;
    keepOpen(main, fresh.content);
    morph(main, fresh.content);
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
    say(_("Live: updated at %(time)s.", { time: new Date().toLocaleTimeString(language()) }), true);
    announce("change");
  }

  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible" && source && source.readyState === EventSource.CLOSED) connect();
  });
  window.addEventListener("online", function () {
    if (source && source.readyState === EventSource.CLOSED) connect();
  });
  connect();
}

start();
