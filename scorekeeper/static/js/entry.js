/* Hand entry, progressive enhancement: the tap keypad (keypad.js) for card fields, the engine's
   running value of cards and of counts per class, who went out picked for the player
   with nothing left, Enter to the next player, and Crib Rummy's turns posted without
   leaving the page. Card values are never computed here: every value comes from
   POST .../rounds/preview (the rules engine). Without this script the forms work as
   typed text, one post per hand or turn. */
import { _, isolatedNumber } from "./i18n.js";
import * as ScorekeeperKeypad from "./keypad.js";
import "./untap.js";
import { seatWithNothingLeft } from "./went-out.js";

  init();  /* and again on a hand page swapped in place (Crib Rummy's turns) */
  function init() {
    var form = document.querySelector("form.hand-form");
    var keypad = document.getElementById("keypad");
    if (!form || !keypad) { return; }
    var csrf = form.querySelector("input[name=csrf_token]").value;
    var previewUrl = form.getAttribute("data-preview");
    var timers = new WeakMap();

    /* An answer's messages: the server's HTML ("said") when it sent one, else its plain words. */
    function said(out, answer) {
      if (answer.said) { out.innerHTML = answer.said.join(" "); }
      else { out.textContent = answer.error || (answer.reasons || []).join(" "); }
    }
    function post(body) {
      return fetch(previewUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
        body: JSON.stringify(body)
      }).then(function (r) { return r.json(); });
    }

    function wildRank() {
      var dealer = form.querySelector("[data-dealer] input:checked, select[data-dealer]");
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
        if (answer.error || (body.what === "check" && !answer.valid)) { said(out, answer); }
        else if (body.what === "check") {
          out.textContent = (answer.kind_said || answer.kind) + (answer.points !== null ? _(": pegs %(pegs)s", { pegs: isolatedNumber(answer.points) }) : "");
        } else if (answer.points !== undefined) { out.textContent = _("= %(points)s points", { points: isolatedNumber(answer.points) }); }
        else if (answer.cards !== undefined) { out.textContent = _("= %(cards)s cards", { cards: answer.cards }); }
      }).catch(function () { out.textContent = ""; });
    }

    function later(input) {
      clearTimeout(timers.get(input));
      timers.set(input, setTimeout(function () { refresh(input); }, 250));
    }

    /* The keypad (keypad.js) under the card field in use, its chips, kept above the save bar. */
    var keys = ScorekeeperKeypad.serveFields(form, keypad, {
      bar: function () { return form.querySelector(".form-actions"); }
    });
    form.querySelectorAll(".cards-input").forEach(function (input) {
      input.addEventListener("input", function () { later(input); });
      if (input.value.trim()) { refresh(input); }
    });

    /* Crib Rummy: the keypad is open under the turn's first meld row, so a meld as cards needs
       no tap on the field first; the page stays where it is and the focus where it was. */
    var ready = form.hasAttribute("data-keypad-open") && document.getElementById(form.getAttribute("data-keypad-open"));
    if (ready) { keys.open(ready, true); }

    /* Crib Rummy: a meld's pegs depend on the table meld it grows. */
    form.querySelectorAll("select.meld-target").forEach(function (sel) {
      sel.addEventListener("change", function () {
        var input = sel.parentNode.querySelector(".cards-input");
        if (input) { refresh(input); }
      });
    });

    /* Crazy Rummy: the face-up cards give the wild rank and, from the engine, each hand size. */
    function formObject() {
      var data = {};
      new FormData(form).forEach(function (value, name) { (data[name] = data[name] || []).push(value); });
      return data;
    }
    /* each player's hand size as soon as their card is picked: the engine's words, on the card (CZ-7) */
    function sizeNow(ev) {
      var picked = ev.target.tagName === "SELECT" ? ev.target.selectedOptions[0] : ev.target.checked && ev.target;  /* (untapped: none) */
      var out = ev.target.closest(".face-up-row, .face-up-pick").querySelector("output.hand-size");
      if (out) { out.textContent = picked ? picked.getAttribute("data-size") || "" : ""; }
    }
    function deal(ev) {
      sizeNow(ev);
      var wild = form.querySelector("[data-wild]");
      if (wild) { wild.textContent = wildRank() || "—"; }
      form.querySelectorAll(".cards-input").forEach(function (input) { if (input.value.trim()) { later(input); } });
      form.querySelectorAll(".count-group").forEach(countLater);
      /* the sizes come worded by the server (entry/crazy_rummy.py), as the page first showed them */
      post({ what: "round", form: formObject() }).then(function (answer) {
        var sizes = (answer.shown || {}).hand_sizes || [];  /* (none while a card is still to pick) */
        form.querySelectorAll("output.hand-size").forEach(function (out) {
          if (sizes.length) { out.textContent = sizes[+out.getAttribute("data-seat")] || ""; }
        });
      }).catch(function () {});
    }
    form.querySelectorAll(".face-up").forEach(function (el) { el.addEventListener("change", deal); });

    /* Cards counted per class: the engine's value of the counts, shown as a card field's is. */
    function countRefresh(group) {
      var out = group.querySelector("output.counted");
      var counts = {}, any = false;
      group.querySelectorAll("input").forEach(function (input) {
        var v = input.value.trim();
        if (v) { counts[input.name.split(".").pop()] = v; any = true; }
      });
      if (!any) { out.textContent = ""; out.classList.remove("bad"); return; }
      post({ what: "counts", counts: counts, wild: wildRank() }).then(function (answer) {
        out.classList.toggle("bad", !!answer.error);
        if (answer.error) { said(out, answer); } else { out.textContent = _("= %(points)s points", { points: isolatedNumber(answer.points) }); }
      }).catch(function () { out.textContent = ""; });
    }
    function countLater(group) {
      clearTimeout(timers.get(group));
      timers.set(group, setTimeout(function () { countRefresh(group); }, 250));
    }
    form.querySelectorAll(".count-group").forEach(function (group) {
      group.addEventListener("input", function () { countLater(group); });
      countRefresh(group);
    });

    /* Who went out: left to the form, the one player with nothing left in hand once every
       other player's cards, counts or total are in; a choice made by tapping stands. */
    var outGroup = form.querySelector('.seat-choice input[name="went_out"], .seat-choice input[name="winner"]');
    var outName = outGroup ? outGroup.name : "";
    var chosenByHand = !!form.querySelector('input[name="' + outName + '"]:checked');
    function fields() {
      return Array.prototype.map.call(form.querySelectorAll("input[name^='players.']"), function (input) {
        return [input.name, input.value];
      });
    }
    function laidFor(seat) {  /* Krazy Bee: whoever goes out has laid the Step */
      var laid = form.querySelector('input[name="players.' + seat + '.laid"]:not([value="0"])');
      if (laid && !laid.checked) { laid.checked = true; }
    }
    function guessOut(ev) {
      if (ev && ev.target.name === outName) { chosenByHand = true; }  /* (its input event comes first) */
      if (!outName || chosenByHand) { return; }
      var out = seatWithNothingLeft(fields());  /* the server's rule (went-out.js) */
      form.querySelectorAll('input[name="' + outName + '"]').forEach(function (radio) {
        radio.checked = out !== null && radio.value === out;
      });
      if (out !== null) { laidFor(out); }
    }
    if (outName) {
      form.querySelectorAll('input[name="' + outName + '"]').forEach(function (radio) {
        radio.addEventListener("change", function () { chosenByHand = true; if (radio.value) { laidFor(radio.value); } });
      });
      form.addEventListener("input", guessOut);
      form.addEventListener("change", guessOut);
    }

    /* Crib Rummy: the hand is one page. A turn is the form's own post, sent by fetch; the page
       it answers with (the next turn, the board moved on, or the errors) replaces this one in
       place, without a page load. A post that ends the hand opens the game page as usual. */
    function turnByTurn(ev) {
      var target = ev.target, ending = target.querySelector('input[name="end.type"]:checked');
      if (ending && ending.value) { return; }  /* the hand ends: its post opens the game page */
      if (!navigator.onLine && target.hasAttribute("data-queue")) { return; }  /* offline: queue.js keeps it */
      ev.preventDefault();
      var body = new FormData(target, ev.submitter || null);
      fetch(target.getAttribute("action"), { method: "POST", body: body, credentials: "same-origin" }).then(function (r) {
        if (!/\/rounds\/new$/.test(new URL(r.url).pathname)) { window.location.assign(r.url); return null; }
        /* (the engine ended the hand at this turn, CR-8: the game page, fetched again) */
        return r.text();
      }).then(function (html) {
        if (html === null) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html");
        document.getElementById("content").replaceWith(fresh.getElementById("content"));
        document.title = fresh.title;
        window.scrollTo(0, 0);
        init();
        var said = document.querySelector(".flashes, .form-errors");
        if (said) { said.setAttribute("tabindex", "-1"); said.focus({ preventScroll: true }); }
      }).catch(function () {  /* no answer: send it the plain way, the pressed button included */
        target.removeEventListener("submit", turnByTurn);
        target.requestSubmit(ev.submitter || undefined);
      });
    }
    if (form.hasAttribute("data-by-turn")) {
      form.addEventListener("submit", turnByTurn);
      form.querySelectorAll('input[name="end.type"]').forEach(function (radio) {
        radio.addEventListener("change", function () {
          var left = form.querySelector("details.cards-left");
          if (left && radio.checked && radio.value === "out") { left.open = true; }
        });
      });
    }

    /* Enter moves to the same field of the next player (the last one's Enter saves); a shut
       field (Crib Rummy's cards left of the player going out: crib.js) is passed over. */
    var SEATED = /^(players|end\.cards_left|face_up)\.(\d+)(.*)$/;
    form.addEventListener("keydown", function (ev) {
      var m = ev.key === "Enter" && ev.target.name ? SEATED.exec(ev.target.name) : null;
      if (!m) { return; }
      var next;
      for (var seat = +m[2] + 1; ; seat++) {
        next = form.querySelector('[name="' + m[1] + "." + seat + m[3] + '"]');
        if (!next || !next.disabled) { break; }
      }
      if (!next) { return; }
      ev.preventDefault();
      var fold = next.closest("details");
      if (fold) { fold.open = true; }
      next.focus();
    });
  }
