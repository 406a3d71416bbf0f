/* Crib Rummy's hand page: the one-tap strip follows who starts (CR-9).
   Choosing the first player redraws the strip at once: its heading names that player, and the
   first turn's Player field follows the choice (and the other way round). A meld laid this turn
   (a set or a run, by its pegs) shows the buttons for cards added beside it (CR-6). Listeners sit on the
   document, so a hand page swapped in place (entry.js) needs nothing more. Without this script
   the server reads the first turn as the chosen starter's all the same. */

import { _, isolatedName } from "./i18n.js";

const STARTER = "f-starter";
const FIRST_PLAYER = "f-turns.0.player";

/** Name the player at seat ``seat`` (a string) in the strip's heading. */
export function redraw(seat) {
  const strip = document.querySelector(".turn-strip");
  const heading = strip && strip.querySelector("h2");
  if (!heading || seat === "") { return; }
  const names = (strip.dataset.names || "").split("|");
  heading.textContent = _("%(names)s: one tap records the turn", { names: isolatedName(names[Number(seat)]) });
}

const CARDS = /^turns\.\d+\.melds\.\d+\.cards$/;

function said(words) {
  const line = document.querySelector("[data-cleared]");
  if (line) { line.textContent = words; }
}

/** This turn's meld rows that hold cards. */
function cardRows() {
  return [...document.querySelectorAll("form.hand-form[data-by-turn] .cards-input")]
    .filter((input) => CARDS.test(input.name) && input.value.trim());
}

/** A meld laid this turn (its pegs chosen): the buttons for cards added show (CR-6). The meld's
    pegs and the turn's melds as cards are one or the other: choosing the pegs clears the cards. */
function laidThisTurn(field) {
  if (!(field instanceof HTMLInputElement) || field.name !== "laid") { return false; }
  document.querySelectorAll("[data-after-laid]").forEach((row) => { row.hidden = !field.checked; });
  const rows = field.checked ? cardRows() : [];
  rows.forEach((input) => {
    input.value = "";
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  if (rows.length) {
    said(_("%(choice)s chosen: the cards entered are cleared (a turn is its pegs or its cards).",
      { choice: field.closest("label").textContent.trim() }));
  } else if (!field.checked) { said(_("The meld's pegs are taken back.")); }
  return true;
}

/** Cards entered for this turn: they are the turn, so a meld's pegs chosen are taken back; and a
    meld laid now lets the player add cards to the melds on the table (CR-6). */
function cardsThisTurn(event) {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || !CARDS.test(field.name)) { return; }
  const any = cardRows().length > 0;
  document.querySelectorAll("[data-after-cards]").forEach((row) => { row.hidden = !any; });
  const chosen = document.querySelector('input[name="laid"]:checked');
  if (!any || !chosen) { return; }
  chosen.checked = false;
  document.querySelectorAll("[data-after-laid]").forEach((row) => { row.hidden = true; });
  said(_("Cards entered: %(choice)s is taken back (a turn is its pegs or its cards).",
    { choice: chosen.closest("label").textContent.trim() }));
}

/** The field that says who goes out: this turn's Player, or Who went out when correcting a hand. */
function outField() {
  const row = document.querySelector("[data-cards-left]");
  return row ? row.dataset.outField : "";
}

/** The player who goes out has no cards left (CR-7): their box in "cards left" is shut and says
    "(goes out)", the others' open. Follows the turn's Player field (or, correcting a hand, Who went
    out); the page opens with the server's choice. */
export function shutOut(seat) {
  document.querySelectorAll("[data-cards-left] input").forEach((box) => {
    const shut = box.name === `end.cards_left.${seat}`;
    if (shut) { box.value = ""; }
    box.disabled = shut;
    const note = box.closest(".number-field").querySelector(".goes-out");
    if (note) { note.hidden = !shut; }
  });
}

function follow(event) {
  const field = event.target;
  if (laidThisTurn(field)) { return; }
  if (field instanceof HTMLSelectElement && field.name === outField()) { shutOut(field.value); }
  if (!(field instanceof HTMLSelectElement) || ![STARTER, FIRST_PLAYER].includes(field.id)) { return; }
  const other = document.getElementById(field.id === STARTER ? FIRST_PLAYER : STARTER);
  if (other && field.value !== "") {
    other.value = field.value;
    if (other.name === outField()) { shutOut(other.value); }
  }
  redraw(field.value);
}

document.addEventListener("change", follow);
document.addEventListener("input", cardsThisTurn);
