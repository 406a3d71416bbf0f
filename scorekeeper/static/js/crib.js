/* Crib Rummy's hand page: the one-tap strip follows who starts (CR-9).
   Choosing the first player redraws the strip at once: its heading names that player, and the
   first turn's Player field follows the choice (and the other way round). A meld laid this turn
   (a set or a run, by its pegs) shows the buttons for cards added beside it (CR-6). Listeners sit on the
   document, so a hand page swapped in place (entry.js) needs nothing more. Without this script
   the server reads the first turn as the chosen starter's all the same. */

const STARTER = "f-starter";
const FIRST_PLAYER = "f-turns.0.player";

/** Name the player at seat ``seat`` (a string) in the strip's heading. */
export function redraw(seat) {
  const strip = document.querySelector(".turn-strip");
  const heading = strip && strip.querySelector("h2");
  if (!heading || seat === "") { return; }
  const names = (strip.dataset.names || "").split("|");
  heading.textContent = `${names[Number(seat)]}: one tap records the turn`;
}

/** A meld laid this turn (its pegs chosen): the buttons for cards added show (CR-6). */
function laidThisTurn(field) {
  if (!(field instanceof HTMLInputElement) || field.name !== "laid") { return false; }
  document.querySelectorAll("[data-after-laid]").forEach((row) => { row.hidden = !field.checked; });
  return true;
}

function follow(event) {
  const field = event.target;
  if (laidThisTurn(field)) { return; }
  if (!(field instanceof HTMLSelectElement) || ![STARTER, FIRST_PLAYER].includes(field.id)) { return; }
  const other = document.getElementById(field.id === STARTER ? FIRST_PLAYER : STARTER);
  if (other && field.value !== "") { other.value = field.value; }
  redraw(field.value);
}

document.addEventListener("change", follow);
