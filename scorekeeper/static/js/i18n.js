/* The scripts' words in the page's language (docs/languages.md). The page carries them as a JSON
   island (#script-words, written by scorekeeper/web/languages.py from the same gettext catalogs as
   the pages), so a page kept offline keeps its language and no build step is needed. An English
   page carries none: each msgid is its own English. `_("Hello %(name)s", {name: "Ann"})` fills
   named placeholders the way the server's gettext does. pybabel extracts every `_("...")` here. */

var island = typeof document === "undefined" ? null : document.getElementById("script-words");
var words = island ? JSON.parse(island.textContent) : {};

export function _(text, values) {
  var said = Object.prototype.hasOwnProperty.call(words, text) ? words[text] : text;
  if (!values) return said;
  return said.replace(/%\((\w+)\)s/g, function (whole, name) {
    return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
  });
}

/* The page's language, for numbers and dates the scripts format themselves. */
export function language() {
  return (typeof document === "undefined" ? "" : document.documentElement.lang) || "en";
}

/* Text that runs both ways (docs/languages.md "Right to left"; the pages' own: scorekeeper/display/bidi.py).
   A player's name keeps its order beside words of the other direction, and a score keeps its sign
   in front ("-12", never "12-") on a right-to-left page: each is wrapped in Unicode isolates where the
   directions mix (a right-to-left page, or a right-to-left name), else left as it is. */
var RTL_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/;

function rightToLeft() {
  return typeof document !== "undefined" && document.documentElement.dir === "rtl";
}

export function isolatedName(name) {
  var text = String(name == null ? "" : name);
  return text && (rightToLeft() || RTL_LETTER.test(text)) ? "\u2068" + text + "\u2069" : text;
}

export function isolatedNumber(value) {
  var text = String(value == null ? "" : value);
  return text && rightToLeft() ? "\u2066" + text + "\u2069" : text;
}
