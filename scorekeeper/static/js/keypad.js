/* The one tap keypad for card and tile fields (templates/_macros/keypad.html draws it), used by the hand
   forms (entry.js) and the checker pages (checker.js). It owns the keys: the suit or colour picked
   (aria-pressed, and its colour on the keypad's data-colour, which the rank keys take), a rank key
   made into a token in the variant's notation (data-suit-first on the keypad says "7H" or "H7"),
   the wild and separator keys (data-token), and the tool keys (data-do). What a token does with a
   field is the page's: it gets onToken(token, key) and onAction(name, key). Nothing here values
   a card (the server's engine does). */
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

export { attach, tokens };
