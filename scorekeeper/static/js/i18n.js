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
