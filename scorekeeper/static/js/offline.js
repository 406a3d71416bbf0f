/* Every page: install the service worker (static/js/sw.js, served as /sw.js), which keeps the app
   shell and the pages this phone opens, so they stay readable offline. Service workers run only
   in a secure context (https, or localhost): on the LAN over plain http this does nothing, and
   the queue of hands (static/js/queue.js) still keeps every hand recorded offline.

   A page the service worker served from its cache carries the notice "Offline: showing what
   this phone last saw"; when the connection returns the notice says so. */
import { _ } from "./i18n.js";

  var script = document.querySelector("script[data-service-worker]");  // (a module has no currentScript)
  var worker = script && script.getAttribute("data-service-worker");

  if (worker && "serviceWorker" in navigator && window.isSecureContext) {
    navigator.serviceWorker.register(worker, { scope: script.getAttribute("data-scope") || "/" }).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (registration) {
      // this page loaded before the worker took over: ask it to keep this page too (not a page that
      // says it is for now only, [data-not-kept]: asked again, a PDF's waiting page would start another PDF)
      if (!navigator.serviceWorker.controller && registration.active && !document.querySelector("[data-not-kept]")) {
        registration.active.postMessage({ keep: location.href });
      }
      document.documentElement.setAttribute("data-offline-ready", "yes");
    }).catch(function () { /* no worker: the pages still work online */ });
  }

  window.addEventListener("online", function () {
    var notice = document.querySelector(".offline-notice");
    if (notice) {
      notice.textContent = _("Back online: this page updates by itself again, or reload it.");
    }
  });
