/* Hands kept at this address only: what a game page says when no service worker can send them.

   A browser keeps IndexedDB per origin (scheme, host and port), so hands queued at
   http://192.168.1.5:5000 cannot be read from http://laptop.local:5000, nor from the table's
   next LAN address; and over plain http on the LAN there is no service worker (not a secure
   context), so nothing sends them once every page of this address is closed. While hands wait
   here, a game page without a service worker says so plainly, names the address to open again,
   and offers "Send them now" (queue.js's `sendNow`). Opened again, any page of this address
   says how many hands wait (waiting.js) and its game page sends them. Hands of the same host's
   https address are brought by queue-handover.js instead. */
import { _ } from "./i18n.js";
import { button, el } from "./queue-view.js";

/* True when a service worker controls this page (it keeps pages and, with Background Sync,
   sends hands after the page closed); false over plain http on the LAN. */
export function workerHere() {
  return Boolean(window.isSecureContext && navigator.serviceWorker && navigator.serviceWorker.controller);
}

/* Show, or hide, the notice in the send-queue panel: `waiting` hands not sent yet, `sendNow` tried
   when the button is pressed. */
export function keptHere(panel, waiting, sendNow) {
  var notice = panel.querySelector(".send-here");
  if (!waiting || workerHere()) { if (notice) notice.remove(); return; }
  if (!notice) {
    notice = el("div", "send-here");
    panel.insertBefore(notice, panel.querySelector(".send-queue-items"));
  }
  /* the same count: the notice and its button stay as they are, so a tap on the button while the
     queue retries in the background is not lost to a button made again under the finger */
  if (notice.dataset.waiting === String(waiting)) return;
  notice.dataset.waiting = String(waiting);
  notice.textContent = "";
  notice.appendChild(el("p", "", waiting === 1
    ? _("This hand waits on this phone at %(origin)s only: over plain http no service worker sends it once this address's pages are closed, and the table's other addresses cannot see it. Open %(origin)s again to send it.", { origin: location.origin })
    : _("These %(count)s hands wait on this phone at %(origin)s only: over plain http no service worker sends them once this address's pages are closed, and the table's other addresses cannot see them. Open %(origin)s again to send them.", { count: waiting, origin: location.origin })));
  notice.appendChild(el("p", "send-actions")).appendChild(
    button(waiting === 1 ? _("Send it now") : _("Send them now"), "", sendNow));
}
