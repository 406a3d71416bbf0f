/* Every phone told: when a change made on another phone arrives through the live stream
   (live.js's "live:change"), the game page's polite live region ([data-announcer], kept through
   the swap) reads it in words, once: "Hand 4 recorded: Ann +25, total 70; Bob +0, total 45." The
   words are the server's ([data-last-change], one per change-log entry, the winners included when
   it ends the game); nothing else on the page is a live region for it (live.js shows "Live:
   updated at ..." without reading it out, the winner banner is none). A swap that brings no new
   entry says what changed of the turn timer, if anything ("Turn timer: Bob's turn, running."),
   else nothing (a reconnect). The turn timer's zero is said here too. */
import { _ } from "./i18n.js";

const announcer = document.querySelector("[data-announcer]");
const lastId = () => {
  const node = document.querySelector("[data-last-change]");
  return node ? node.dataset.lastChange : "";
};
let heard = lastId();

/* where the turn timer stands, as the page shows it (templates/games/_timer.html) */
function timerNow() {
  const node = document.querySelector("[data-turn-timer]");
  if (!node) return { seconds: 0 };
  const { seconds, running, turn } = node.dataset;
  return { seconds: Number(seconds) || 0, running: running === "1", turn, names: JSON.parse(node.dataset.names || "[]") };
}
let timer = timerNow();

/* what changed of the timer, in words ("" when nothing did) */
function timerWords(before, now) {
  if (!now.seconds) return before.seconds ? _("Turn timer off.") : "";
  const whose = _("%(name)s's turn, %(state)s", { name: now.names[Number(now.turn)] || "", state: now.running ? _("running") : _("paused") });
  if (now.seconds !== before.seconds) return _("Turn timer: %(seconds)s s a turn, %(whose)s.", { seconds: now.seconds, whose });
  if (now.turn !== before.turn || now.running !== before.running) return _("Turn timer: %(whose)s.", { whose });
  return "";
}

function say(words) {
  if (!announcer || !words) return;
  announcer.textContent = "";  // the same words twice are read twice
  setTimeout(() => { announcer.textContent = words; }, 50);
}

document.addEventListener("live:change", () => {
  const id = lastId(), before = timer;
  timer = timerNow();
  if (id === heard) { say(timerWords(before, timer)); return; }
  heard = id;
  const node = document.querySelector("[data-last-change]");
  if (node) say(node.textContent.trim());
});

document.addEventListener("timer:up", (event) => say(_("Time is up for %(name)s.", { name: event.detail.name })));
