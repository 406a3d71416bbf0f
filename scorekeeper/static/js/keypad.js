/* The one tap keypad for card and tile fields (templates/_macros/keypad.html draws it), used by the hand
   forms (entry.js) and the checker pages (checker.js). It owns the keys: the suit or colour picked
   (aria-pressed, and its colour on the keypad's data-colour, which the rank keys take), a rank key
   made into a token in the variant's notation (data-suit-first on the keypad says "7H" or "H7"),
   the wild and separator keys (data-token), and the tool keys (data-do). What a token does with a
   field is the page's: it gets onToken(token, key) and onAction(name, key). Nothing here values
   a card (the server's engine does). serveFields puts a keypad to work on the typed fields of a page
   (the hand forms, the seat page): under the field in use, with its chips. */
import { _ } from "./i18n.js";

  /* The tokens of a typed field: split on spaces and commas. */
  function tokens(text) { return text.split(/[\s,]+/).filter(Boolean); }

  function attach(keypad, opts) {
    var suitFirst = ["yes", "true"].indexOf(keypad.getAttribute("data-suit-first")) >= 0;
    var suit = "";
    var noop = function () {};
    var onToken = opts.onToken || noop, onAction = opts.onAction || noop;

    function pickSuit(button) {
      suit = button.getAttribute("data-suit");
      keypad.querySelectorAll("[data-suit]").forEach(function (b) {
        b.setAttribute("aria-pressed", b === button ? "true" : "false");
      });
      keypad.setAttribute("data-colour", button.getAttribute("data-colour") || "");
    }

    function token(key) {
      if (key.hasAttribute("data-token")) { return key.getAttribute("data-token"); }
      var rank = key.getAttribute("data-rank");
      if (!suit) { return rank; }
      return suitFirst ? suit + rank : rank + suit;
    }

    var first = keypad.querySelector("[data-suit]");
    if (first) { pickSuit(first); }
    keypad.addEventListener("click", function (ev) {
      var key = ev.target.closest(".key");
      if (!key || !keypad.contains(key)) { return; }
      if (key.hasAttribute("data-suit")) { pickSuit(key); return; }
      if (key.hasAttribute("data-do")) { onAction(key.getAttribute("data-do"), key); return; }
      if (key.hasAttribute("data-rank") || key.hasAttribute("data-token")) { onToken(token(key), key); }
    });
    return { suit: function () { return suit; } };
  }

  /* The keypad serving the typed card/tile fields (.cards-input) in ``root``: it opens under the
     field in use (after its box, the closest ``opts.box``), its chips (.chips, when it has them)
     show what that field holds and a chip tapped takes its card out, and its keys add to the field,
     take from it (back, clear), let the phone keyboard type (type) or close (done). The taps are
     listened to on ``root``, so a field swapped in later (a live page) is served as well: refit()
     then takes its phone keyboard away and moves an open keypad under the field's new copy.
     ``opts.bar``: a sticky bar the keypad is scrolled clear of. */
  function serveFields(root, keypad, opts) {
    opts = opts || {};
    var box = opts.box || ".cards-field";
    var suitFirst = keypad.getAttribute("data-suit-first") === "yes";
    var active = null;

    function setTokens(input, list) {
      input.value = list.join(" ");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }

    function drawChips() {
      var chips = keypad.querySelector(".chips");
      if (!chips) { return; }
      chips.textContent = "";
      if (!active) { return; }
      tokens(active.value).forEach(function (tok, i) {
        var b = document.createElement("button");
        var mark = (suitFirst ? tok.charAt(0) : tok.slice(-1)).toUpperCase();
        b.type = "button"; b.className = "chip"; b.textContent = tok;
        var suitKey = keypad.querySelector('[data-suit="' + mark + '"]');  // the chip in its suit's colour
        if (suitKey) { b.classList.add("chip-" + suitKey.getAttribute("data-colour")); }
        b.setAttribute("aria-label", _("%(card)s, remove", { card: tok }));  // what it shows first (WCAG 2.5.3)
        b.addEventListener("click", function () {
          var list = tokens(active.value); list.splice(i, 1); setTokens(active, list); drawChips();
        });
        chips.appendChild(b);
      });
    }

    /* The keypad opens below the field: scroll it fully above the sticky bar, measured rather
       than left to scroll-padding, which browsers apply differently to scrollIntoView. When the
       keypad and its field cannot both fit, the field stays in view. */
    function clearOfBar(field) {
      var bar = opts.bar ? opts.bar() : null;
      var floor = bar ? bar.getBoundingClientRect().top : window.innerHeight;
      var overlap = keypad.getBoundingClientRect().bottom - floor;
      var headroom = field.getBoundingClientRect().top;
      if (overlap > 0) { window.scrollBy(0, Math.min(overlap + 8, Math.max(headroom, 0))); }
    }

    /* The keypad under ``input``, for its cards; ``still``: the page is not scrolled. */
    function open(input, still) {
      active = input;
      input.closest(box).after(keypad);
      keypad.hidden = false;
      drawChips();
      if (!still) { clearOfBar(input); }
    }

    function refit() {
      root.querySelectorAll(".cards-input:not([inputmode])").forEach(function (input) {
        input.setAttribute("inputmode", "none");  /* the keypad replaces the phone keyboard */
      });
      if (!active || root.contains(active)) { return; }
      var again = active.id && document.getElementById(active.id);
      if (again && root.contains(again) && !keypad.hidden) { open(again, true); }
      else { active = null; keypad.hidden = true; }
    }

    root.addEventListener("focusin", function (ev) {
      if (ev.target.matches(".cards-input")) { open(ev.target); }
    });
    root.addEventListener("input", function (ev) { if (ev.target === active) { drawChips(); } });
    attach(keypad, {
      onToken: function (tok) {
        if (!active) { return; }
        var list = tokens(active.value); list.push(tok); setTokens(active, list);
        clearOfBar(active);  /* the chip it adds pushes the keypad down: back above the bar */
      },
      onAction: function (what) {
        if (!active) { return; }
        if (what === "type") { active.setAttribute("inputmode", "text"); active.focus(); return; }
        if (what === "done") { keypad.hidden = true; active = null; return; }
        setTokens(active, what === "back" ? tokens(active.value).slice(0, -1) : []);
      }
    });
    refit();
    return { open: open, refit: refit };
  }

export { attach, serveFields, tokens };
