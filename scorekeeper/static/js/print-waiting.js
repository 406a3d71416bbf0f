/* The page a PDF that takes a while answers with (views/print_waiting.py): it asks the PDF's state
   every second, says its place in the queue and how long it should take, and opens the PDF when it
   is ready (or says why it could not be made). Without scripts the page refreshes itself instead. */

function start() {
  var box = document.querySelector("[data-print-waiting]");
  if (!box || !window.fetch) return;
  var progress = box.querySelector("[data-print-progress]");

  function ask() {
    fetch(box.getAttribute("data-print-waiting"), { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(function (answer) {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.json();
      })
      .then(function (known) {
        if (known.state === "ready") { window.location.replace(known.url); return; }
        if (known.state === "failed") { progress.textContent = known.error; return; }
        progress.textContent = known.text;
        window.setTimeout(ask, 1000);
      })
      .catch(function () { window.setTimeout(ask, 3000); });  // the server busy or gone a moment: again
  }
  window.setTimeout(ask, 1000);
}

start();
