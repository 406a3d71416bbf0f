/* The standings screen's round timer (templates/events/screen.html): counts down to the round's
   end (data-ends, the server's ms since the epoch) and says "Time!" (data-time-up, in the page's
   language) at zero. The phone's or TV's clock offset from the server's is read from data-now
   when the section is first seen; a live swap (static/js/live.js) brings a fresh section, read
   again at the next tick. */

const offsets = new WeakMap();

function tick() {
  const section = document.querySelector("[data-round-timer]");
  if (!section) return;
  if (!offsets.has(section)) offsets.set(section, (parseInt(section.dataset.now, 10) || Date.now()) - Date.now());
  const clock = section.querySelector("[data-round-clock]");
  const left = Math.max(0, Math.ceil(((parseInt(section.dataset.ends, 10) || 0) - (Date.now() + offsets.get(section))) / 1000));
  let text = section.dataset.timeUp;
  if (left > 0) {
    text = Math.floor(left / 60) + ":" + String(left % 60).padStart(2, "0");
  }
  section.classList.toggle("time-up", left === 0);
  if (clock && clock.textContent !== text) {
    const shown = left > 0 ? document.createElement("bdi") : document.createTextNode(text);
    if (left > 0) {
      shown.dir = "ltr";
      shown.textContent = text;
    }
    clock.replaceChildren(shown);
  }
}

tick();
setInterval(tick, 250);
