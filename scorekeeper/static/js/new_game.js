/* New game: "Deals first" lists the names as they are typed (the server does the same when
   the form comes back with errors); an empty seat keeps its "Player N". */
import { _, isolatedName } from "./i18n.js";

function start() {
  var select = document.querySelector("select[data-names]");
  if (!select) { return; }
  var prefix = select.getAttribute("data-names");
  function relabel() {
    Array.prototype.forEach.call(select.options, function (option) {
      var seat = +option.value, input = document.getElementById(prefix + seat);
      var name = input ? input.value.trim() : "";
      option.textContent = name ? isolatedName(name) : _("Player %(seat)s", { seat: seat + 1 });  /* no <bdi> in an option */
    });
  }
  document.querySelectorAll("input[id^='" + prefix + "']").forEach(function (input) {
    input.addEventListener("input", relabel);
  });
  relabel();
}

start();
