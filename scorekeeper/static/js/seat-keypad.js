/* The seat page's tap keypad (docs/own-phones.md): the hand form's own keypad (keypad.js
   serveFields, templates/_macros/keypad.html) under a part's typed rack, cards left in hand or
   turn's cards, on the seated phone's form and on the editor's forms filling a missing part.
   A live change (live.js) swaps in the hand's card anew: the keypad, left alone by the swap,
   goes under the new copy of the field being filled. Without this script the fields are typed. */
import * as ScorekeeperKeypad from "./keypad.js";

var keypad = document.getElementById("keypad");
var main = document.getElementById("content");
if (keypad && main) {
  var keys = ScorekeeperKeypad.serveFields(main, keypad, { box: ".field" });
  document.addEventListener("live:change", keys.refit);
}
