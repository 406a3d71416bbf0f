/* Hand entry, progressive enhancement: a tap keypad for card fields and the
   engine's running value. Card values are never computed here: every value
   comes from POST .../rounds/preview (the rules engine). Without this script
   the forms work as typed text. */
(function () {
  "use strict";
  var form = document.querySelector("form.hand-form");
  var keypad = document.getElementById("keypad");
  if (!form || !keypad) { return; }
  var csrf = form.querySelector("input[name=csrf_token]").value;
  var previewUrl = form.getAttribute("data-preview");
  var suitFirst = keypad.getAttribute("data-suit-first") === "yes";
  var active = null;
  var firstSuit = keypad.querySelector("[data-suit]");
  var suit = firstSuit ? firstSuit.getAttribute("data-suit") : "";
  var timers = new WeakMap();

  function tokens(input) { return input.value.split(/[\s,]+/).filter(Boolean); }
  function setTokens(input, list) {
    input.value = list.join(" ");
    input.dispatchEvent(new Event("input", { bubbles: true }));
  }

  function post(body) {
    return fetch(previewUrl, {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body)
    }).then(function (r) { return r.json(); });
  }

  function wildRank() {
    var dealer = form.querySelector("select[data-dealer]");
    return dealer ? dealer.value : "";
  }

  /* The running value of one card field, as the engine reports it. */
  function refresh(input) {
    var box = input.closest(".cards-field");
    var out = box.querySelector("output.running");
    if (!out) { return; }
    if (!input.value.trim()) { out.textContent = ""; out.classList.remove("bad"); return; }
    var body = { what: box.getAttribute("data-mode") || "hand", cards: input.value, wild: wildRank() };
    if (body.what === "check") {
      var target = box.parentNode.querySelector("select.meld-target");
      var chosen = target && target.selectedOptions[0];
      body.extend = chosen ? (chosen.getAttribute("data-cards") || "") : "";
    }
    post(body).then(function (answer) {
      out.classList.toggle("bad", !!answer.error || answer.valid === false);
      /* "said": the server's escaped HTML of each message, sentence first, rule id linked */
      if (answer.error || (body.what === "check" && !answer.valid)) { out.innerHTML = (answer.said || []).join(" "); }
      else if (body.what === "check") {
        out.textContent = answer.kind + (answer.points !== null ? ": pegs " + answer.points : "");
      } else if (answer.points !== undefined) { out.textContent = "= " + answer.points + " points"; }
      else if (answer.cards !== undefined) { out.textContent = "= " + answer.cards + " cards"; }
    }).catch(function () { out.textContent = ""; });
  }

  function later(input) {
    clearTimeout(timers.get(input));
    timers.set(input, setTimeout(function () { refresh(input); }, 250));
  }

  function drawChips() {
    var chips = keypad.querySelector(".chips");
    chips.textContent = "";
    if (!active) { return; }
    tokens(active).forEach(function (tok, i) {
      var b = document.createElement("button");
      var mark = (suitFirst ? tok.charAt(0) : tok.slice(-1)).toUpperCase();
      b.type = "button"; b.className = "chip"; b.textContent = tok;
      if (keypad.querySelector('[data-suit="' + mark + '"]')) { b.classList.add("suit-" + mark); }
      b.setAttribute("aria-label", tok + ", remove");  // what it shows first (WCAG 2.5.3)
      b.addEventListener("click", function () {
        var list = tokens(active); list.splice(i, 1); setTokens(active, list); drawChips();
      });
      chips.appendChild(b);
    });
  }

  function attach(input) {
    active = input;
    input.closest(".cards-field").after(keypad);
    keypad.hidden = false;
    drawChips();
    clearOfSaveBar(keypad, input);
  }

  /* The keypad opens below the field: scroll it fully above the sticky save bar, measured
     rather than left to scroll-padding, which browsers apply differently to scrollIntoView.
     When the keypad and its field cannot both fit, the field stays in view. */
  function clearOfSaveBar(box, field) {
    var bar = form.querySelector(".form-actions");
    var floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
    var overlap = box.getBoundingClientRect().bottom - floor;
    var headroom = field.getBoundingClientRect().top;
    if (overlap > 0) { window.scrollBy(0, Math.min(overlap + 8, Math.max(headroom, 0))); }
  }

  form.querySelectorAll(".cards-input").forEach(function (input) {
    input.setAttribute("inputmode", "none");  /* the keypad replaces the phone keyboard */
    input.addEventListener("focus", function () { attach(input); });
    input.addEventListener("input", function () { later(input); if (input === active) { drawChips(); } });
    if (input.value.trim()) { refresh(input); }
  });

  keypad.addEventListener("click", function (ev) {
    var key = ev.target.closest("button");
    if (!key || !active || key.classList.contains("chip")) { return; }
    var list = tokens(active);
    if (key.hasAttribute("data-suit")) {
      suit = key.getAttribute("data-suit");
      keypad.querySelectorAll("[data-suit]").forEach(function (b) {
        b.setAttribute("aria-pressed", b === key ? "true" : "false");
      });
      return;
    }
    if (key.hasAttribute("data-rank")) {
      var rank = key.getAttribute("data-rank");
      list.push(suit ? (suitFirst ? suit + rank : rank + suit) : rank);
    } else if (key.hasAttribute("data-token")) {
      list.push(key.getAttribute("data-token"));
    } else if (key.getAttribute("data-do") === "back") {
      list.pop();
    } else if (key.getAttribute("data-do") === "clear") {
      list = [];
    } else if (key.getAttribute("data-do") === "type") {
      active.setAttribute("inputmode", "text"); active.focus(); return;
    } else if (key.getAttribute("data-do") === "done") {
      keypad.hidden = true; active = null; return;
    }
    setTokens(active, list);
    drawChips();
  });

  /* Crib Rummy: a meld's pegs depend on the table meld it grows. */
  form.querySelectorAll("select.meld-target").forEach(function (sel) {
    sel.addEventListener("change", function () {
      var input = sel.parentNode.querySelector(".cards-input");
      if (input) { refresh(input); }
    });
  });

  /* Crazy Rummy: the face-up cards give the wild rank and, from the engine, each hand size. */
  var faceUps = form.querySelectorAll("select.face-up");
  function formObject() {
    var data = {};
    new FormData(form).forEach(function (value, name) { (data[name] = data[name] || []).push(value); });
    return data;
  }
  function deal() {
    var wild = form.querySelector("[data-wild]");
    if (wild) { wild.textContent = wildRank() || "—"; }
    form.querySelectorAll(".cards-input").forEach(function (input) { if (input.value.trim()) { later(input); } });
    /* the sizes come worded by the server (entry/crazy_rummy.py), as the page first showed them */
    post({ what: "round", form: formObject() }).then(function (answer) {
      var sizes = (answer.shown || {}).hand_sizes || [];
      form.querySelectorAll("output.hand-size").forEach(function (out) {
        out.textContent = sizes[+out.getAttribute("data-seat")] || "";
      });
    }).catch(function () {});
  }
  faceUps.forEach(function (sel) { sel.addEventListener("change", deal); });
})();
