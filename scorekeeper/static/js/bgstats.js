/* "Send to BG Stats" in this phone's own time. BG Stats reads a play's `playDate` as the wall time of
   the phone that logs it (`2026-02-01 20:15:00`, no zone); the server knows the start only in UTC
   (the link's data-play-utc), so the date in the link is written here, in this phone's time zone:
   when the page opens, and again as the link is followed (a live update may have brought it). */

function pad(n) {
  return (n < 10 ? "0" : "") + n;
}

function wallTime(when) {
  return when.getFullYear() + "-" + pad(when.getMonth() + 1) + "-" + pad(when.getDate()) + " " +
    pad(when.getHours()) + ":" + pad(when.getMinutes()) + ":" + pad(when.getSeconds());
}

function localise(link) {
  var when = new Date(link.getAttribute("data-play-utc"));
  if (isNaN(when)) return;
  try {
    var url = new URL(link.href);
    var play = JSON.parse(url.searchParams.get("data"));
    play.playDate = wallTime(when);
    link.href = url.origin + url.pathname + "?data=" + encodeURIComponent(JSON.stringify(play));
  } catch {
    /* not a play this script can read: the link stays as the server wrote it */
  }
}

document.querySelectorAll("a[data-play-utc]").forEach(localise);
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest("a[data-play-utc]");
  if (link) localise(link);
});
