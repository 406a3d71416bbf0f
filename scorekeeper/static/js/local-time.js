/* Times in the phone's own time zone: every <time data-local-time datetime="...Z"> the server
   wrote in UTC ("23 Nov 21:04 UTC") becomes "21:04" today, or "23 Nov 21:04" on another day. */
import { language } from "./i18n.js";

  var today = new Date().toDateString();
  document.querySelectorAll("time[data-local-time]").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (isNaN(when)) { return; }
    var clock = when.toLocaleTimeString(language(), { hour: "2-digit", minute: "2-digit" });
    var day = when.toDateString() === today ? "" : when.toLocaleDateString(language(), { day: "numeric", month: "short" }) + " ";
    el.textContent = day + clock;
    el.title = when.toLocaleString(language());
  });
