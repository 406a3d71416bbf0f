/* Every phone told: when a change made on another phone arrives through the live stream
   (live.js's "live:change"), the game page's polite live region ([data-announcer], kept through
   the swap) reads it in words: "Hand 4 recorded: Ann +25, total 70; Bob +0, total 45." The words
   are the server's ([data-last-change], one per change-log entry); a swap that brings no new
   entry (a turn timer tap, a reconnect) says nothing. The turn timer's zero is said here too. */

const announcer = document.querySelector("[data-announcer]");
const lastId = () => {
  const node = document.querySelector("[data-last-change]");
  return node ? node.dataset.lastChange : "";
};
let heard = lastId();

function say(words) {
  if (!announcer || !words) return;
  announcer.textContent = "";  // the same words twice are read twice
  setTimeout(() => { announcer.textContent = words; }, 50);
}

document.addEventListener("live:change", () => {
  const id = lastId();
  if (id === heard) return;
  heard = id;
  const node = document.querySelector("[data-last-change]");
  if (node) say(node.textContent.trim());
});

document.addEventListener("timer:up", (event) => say("Time is up for " + event.detail.name + "."));
