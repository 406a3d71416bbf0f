/* Live pages: follow a game (or the games list) over Server-Sent Events and swap in its new
   content after every change, in place: no reload, the scroll position, open <details>, a
   sideways-scrolled hands table and the focused button kept. The server renders the content
   (the page's own templates): a reader's event brings it along, an editor's page fetches its
   own (?fragment=live); this script only swaps it in. Without JavaScript (or EventSource) the
   page keeps its plain Refresh link.

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
     every two beats (the browser tries a dropped stream again itself every 2 s meanwhile): once
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
        retry = setTimeout(connect, 5000);
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
    keepOpen(fresh.content);
    morph(main, fresh.content);
    if (window.scrollX !== x || window.scrollY !== y) window.scrollTo(x, y);
    say(_("Live: updated at %(time)s.", { time: new Date().toLocaleTimeString(language()) }), true);
    announce("change");
  }

  /* Blocks the swap leaves alone: this status line, its script, and the messages of the last action. */
  function kept(node) {
    return node.hasAttribute("data-live-keep") || node.classList.contains("flashes");
  }

  function shape(node) {
    return [node.tagName, node.className, node.id, node.getAttribute("aria-labelledby")].join("|");
  }

  /* Make the container's blocks those of `fresh`: equal blocks stay as they are (focus and all),
     a changed block is replaced, a new one (the winner banner) inserted, a dropped one removed. */
  function morph(container, fresh) {
    var olds = [].filter.call(container.children, function (n) { return !kept(n); });
    var news = [].filter.call(fresh.children, function (n) { return !kept(n); });
    var i = 0;
    news.forEach(function (node) {
      var j = i;
      while (j < olds.length && !olds[j].isEqualNode(node)) j++;
      if (j < olds.length) {
        for (var k = i; k < j; k++) olds[k].remove();
        i = j + 1;
      } else if (i < olds.length && shape(olds[i]) === shape(node)) {
        replace(olds[i], node);
        i++;
      } else if (i < olds.length) {
        olds[i].before(node);
      } else {
        container.appendChild(node);
      }
    });
    for (; i < olds.length; i++) olds[i].remove();
  }

  var FOCUSABLE = "a[href], button, summary, input, select, textarea";

  function replace(old, node) {
    var scrolled = [].map.call(old.querySelectorAll(".table-scroll"), function (s) { return s.scrollLeft; });
    var active = document.activeElement, focused = null;
    if (old.contains(active)) {
      var typing = active.matches(TYPED) && !/^(checkbox|radio|submit|button)$/.test(active.type);
      focused = { exact: identity(active, true), typing: typing, loose: identity(active, false),
                  at: [].indexOf.call(old.querySelectorAll(FOCUSABLE), active) };
    }
    var typed = typedFields(old);
    old.replaceWith(node);
    keepTyped(node, typed);
    [].forEach.call(node.querySelectorAll(".table-scroll"), function (s, n) { s.scrollLeft = scrolled[n] || 0; });
    if (focused) refocus(node, focused);
  }

  /* The focus back on the same field, button or link of the block swapped in. A field being typed
     in: that very field (its id, or its name in the same form), else none: its place would not do,
     as another player's part arriving adds a "Looks right" above the rack being typed, and the
     typing must stay in the rack. A button or link: the same one; else the one it is with a new
     label or state (an Undo naming the new last hand, a timer's Pause become Start); else the one
     at its place. */
  function refocus(node, focused) {
    var all = [].slice.call(node.querySelectorAll(FOCUSABLE));
    function find(kind) {
      return all.filter(function (f) { return identity(f, kind === "exact") === focused[kind]; })[0];
    }
    var again = find("exact") || (focused.typing ? null : find("loose") || all[focused.at]);
    if (again) again.focus({ preventScroll: true });
  }

  /* Which field (or button, link) an element is: its id; else its name, type, value (a box's or a
     button's: a text field's is what was typed) and its form; else its tag and link. ``exact``
     adds what changes with the game: a button's or link's text, the form's hidden fields. */
  function identity(el, exact) {
    if (el.id) return "#" + el.id;
    var picked = /^(checkbox|radio|submit|button)$/.test(el.type) ? el.value : "";
    var form = el.form ? (exact ? formKey(el.form) : el.form.getAttribute("action") || "") : "";
    if (el.name) return [el.name, el.type, picked, form].join("|");
    return [el.tagName, el.getAttribute("href") || "", exact ? el.textContent.trim() : "", form].join("|");
  }

  function formKey(form) {
    return form ? (form.getAttribute("action") || "") + "?" + formState(form) : "";
  }

  /* What the reader typed or ticked in a block's fields (not yet sent) stays when the block is
     replaced, as long as the server's own values of the form are unchanged (the same hand): another
     phone's part coming in never takes away a rack being typed (issue 38). */
  var TYPED = "input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select";

  function typedFields(block) {
    var typed = [];
    [].forEach.call(block.querySelectorAll(TYPED), function (f) {
      var tick = f.type === "checkbox" || f.type === "radio";
      if (f.name && (tick ? f.checked !== f.defaultChecked : f.value !== f.defaultValue)) {
        typed.push({ field: f, form: formKey(f.form), tick: tick });
      }
    });
    return typed;
  }

  function formState(form) {
    if (!form) return "";
    /* not the CSRF token, nor the form's own key (a new one each time the page is drawn: web/form_once.py) */
    return [].map.call(form.querySelectorAll("input[type=hidden]:not([name=csrf_token]):not([name=once])"), function (h) {
      return h.name + "=" + h.value;
    }).join("&");
  }

  function keepTyped(block, typed) {
    typed.forEach(function (t) {
      [].forEach.call(block.querySelectorAll(TYPED), function (f) {
        if (f.name !== t.field.name || formKey(f.form) !== t.form) return;
        if (t.tick && f.value === t.field.value && f.defaultChecked === t.field.defaultChecked) {
          f.checked = t.field.checked;
        } else if (!t.tick && f.defaultValue === t.field.defaultValue) {
          f.value = t.field.value;
        }
      });
    });
  }

  /* A <details> the reader opened stays open (matched by its id, else its class, else its summary's text). */
  function keepOpen(fresh) {
    var open = {};
    [].forEach.call(main.querySelectorAll("details[open]"), function (d) { open[detailsKey(d)] = true; });
    [].forEach.call(fresh.querySelectorAll("details"), function (d) { if (open[detailsKey(d)]) d.open = true; });
  }

  function detailsKey(details) {
    var summary = details.querySelector("summary");
    return details.id || details.className || (summary ? summary.textContent.trim() : "");
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
