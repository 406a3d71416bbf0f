// Seat picker: the roster players are seated in the order they are tapped (the hidden "order"
// field says so); without JavaScript the checked players sit in roster order. "Deals first" (or
// "Plays first") lists the players so seated, then the newcomers typed, by name; its other seats
// are hidden while anyone is seated (none seated: each keeps its "Player N").
import { isolatedName } from "./i18n.js";

  document.querySelectorAll(".seat-picker").forEach(function (picker) {
    var orderField = picker.querySelector('input[name="order"]');
    var order = orderField.value ? orderField.value.split(",") : [];
    var boxes = picker.querySelectorAll('input[name="seat"]');
    var select = picker.querySelector("select[data-names]");
    var newcomers = picker.querySelectorAll("input[id^='new_']");
    if (select) {
      Array.prototype.forEach.call(select.options, function (option) {
        option.setAttribute("data-seat-label", option.textContent);
      });
    }
    function nameSeats() {
      if (!select) return;
      var names = order.map(function (id) {
        return picker.querySelector('input[name="seat"][value="' + id + '"]')
          .parentNode.querySelector(".chip-name").textContent.trim();
      });
      newcomers.forEach(function (input) { if (input.value.trim()) names.push(input.value.trim()); });
      Array.prototype.forEach.call(select.options, function (option, seat) {
        var away = names.length > 0 && seat >= names.length;
        option.textContent = names[seat] ? isolatedName(names[seat]) : option.getAttribute("data-seat-label");  // no <bdi> in an option
        option.hidden = away;
        option.disabled = away;
      });
      if (select.selectedIndex < 0 || select.options[select.selectedIndex].disabled) select.selectedIndex = 0;
    }
    function show() {
      order = order.filter(function (id) {
        return picker.querySelector('input[name="seat"][value="' + id + '"]:checked');
      });
      boxes.forEach(function (box) {
        if (box.checked && order.indexOf(box.value) < 0) order.push(box.value);
        box.parentNode.querySelector(".seat-no").textContent = box.checked ? String(order.indexOf(box.value) + 1) : "";
      });
      orderField.value = order.join(",");
      nameSeats();
    }
    boxes.forEach(function (box) { box.addEventListener("change", show); });
    newcomers.forEach(function (input) { input.addEventListener("input", nameSeats); });
    show();
  });

// BG Stats writes a play's date as the phone's wall time (no zone): the import form sends this
// phone's time zone with the file, and the "For BG Stats" backup is written in it (?tz=).
function timeZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    return "";
  }
}

var zone = timeZone();

function withZone(link) {
  var url = new URL(link.href);
  url.searchParams.set("tz", zone);
  link.href = url.toString();
}

if (zone) {
  document.querySelectorAll("input[data-time-zone]").forEach(function (input) { input.value = zone; });
  document.querySelectorAll("a[data-time-zone-param]").forEach(withZone);
  // again as it is followed: the live page may have put the server's link back
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-time-zone-param]");
    if (link) withZone(link);
  });
}
