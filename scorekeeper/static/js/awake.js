/* Game pages: keep the screen awake while the page is open (Screen Wake Lock API), with a switch
   to turn that off, remembered on this phone. The lock is released whenever the page is hidden
   and taken again when it shows. Browsers without the API (or a page on plain http on the LAN:
   it needs a secure context) hide the switch's state behind a sentence saying so. */
import { _ } from "./i18n.js";

function start() {
  var box = document.querySelector("[data-wake-lock]");
  if (!box) return;
  var toggle = box.querySelector("input[type=checkbox]");
  var state = box.querySelector(".awake-state");
  var KEY = "scorekeeper.keepAwake";
  var lock = null;

  if (!("wakeLock" in navigator)) {
    toggle.checked = false;
    toggle.disabled = true;
    state.textContent = window.isSecureContext ? _("This browser cannot keep the screen on.")
      : _("Keeping the screen on needs the https address.");
    return;
  }

  function wanted() { return localStorage.getItem(KEY) !== "no"; }

  function take() {
    if (!wanted() || document.visibilityState !== "visible" || lock) return;
    navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      state.textContent = _("The screen stays on while this page is open.");  // one short line each: nothing moves
      sentinel.addEventListener("release", function () {
        lock = null;
        if (!wanted()) state.textContent = _("The screen may turn off as usual.");
      });
    }).catch(function () {
      state.textContent = _("The browser did not allow keeping it on now.");
    });
  }

  function release() {
    if (lock) lock.release();
    lock = null;
    state.textContent = _("The screen may turn off as usual.");
  }

  toggle.checked = wanted();
  toggle.addEventListener("change", function () {
    localStorage.setItem(KEY, toggle.checked ? "yes" : "no");
    if (toggle.checked) take(); else release();
  });
  document.addEventListener("visibilitychange", take);
  if (wanted()) take(); else release();
}

start();
