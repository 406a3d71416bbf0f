// Krazy Bee's hand form (KB-9): each player's Step shows Laid down or Missed from the cards left
// until it is tapped. The most cards a laid-down Step leaves comes from the engine, on the player's
// block (data-keeps: the 12 dealt less the Step's cards); here cards are only counted, never valued.
// A typed total does not say how many cards are left: Missed. The server picks the same way when the
// form sends no choice (entry/krazy_bee.py), so the form works alike without this script.
//
// A player who missed still holds every card dealt (KB-6: no lay-off before the Step, data-dealt),
// so once the counts typed already say Missed and one class is left, it is filled with the rest,
// marked and explained beside it; typing over it keeps what is typed. Nothing is filled when the
// Step was tapped Laid down, and the server only ever sees the numbers the form shows.
import { tokens } from "./keypad.js";

/* How many cards a block says are left: the typed cards, else the counts the player typed (never
   the one the form filled); null for a total. */
function held(block, typed) {
  const cards = block.querySelector("input.cards-input");
  if (cards && cards.value.trim()) return tokens(cards.value).length;
  const total = block.querySelector('input[name$=".points"]');
  if (total && total.value.trim()) return null;
  let count = 0;
  for (const input of typed) {
    const n = Number.parseInt(input.value, 10);
    if (n > 0) count += n;
  }
  return count;
}

for (const block of document.querySelectorAll("form.hand-form fieldset.kb-player[data-keeps]")) {
  const keeps = Number(block.getAttribute("data-keeps"));
  const dealt = Number(block.getAttribute("data-dealt")) || 0;
  const radios = [...block.querySelectorAll('.laid-choice input[type="radio"]')];
  const counts = [...block.querySelectorAll(".count-group input")];
  const typed = new Set(counts.filter((input) => input.value.trim()));  // shown again after a refusal
  const note = block.querySelector(".rest-note");
  let tapped = radios.some((radio) => radio.checked);  // a stored or re-shown choice stands
  let filled = null;  // the count the form filled with the rest of the cards dealt
  const laidShown = () => radios.some((radio) => radio.checked && radio.value === "1");
  const show = (input) => {
    if (filled && filled !== input) {
      filled.value = "";
      filled.classList.remove("rest");
    }
    filled = input;
    if (note) note.hidden = !input;
  };
  /* The rest of the cards dealt, once the counts typed say Missed and one class is left. */
  const fillRest = (n) => {
    const open = counts.filter((input) => !typed.has(input));
    const rest = dealt - n;
    if (!dealt || n === null || n <= keeps || laidShown() || open.length !== 1 || rest <= 0) {
      show(null);
      return false;
    }
    if (filled === open[0] && filled.value === String(rest)) return false;
    show(open[0]);
    filled.value = String(rest);
    filled.classList.add("rest");
    return true;
  };
  const follow = () => {
    const n = held(block, typed);
    if (!tapped) {
      const laid = n !== null && n <= keeps;
      for (const radio of radios) radio.checked = radio.value === (laid ? "1" : "0");
    }
    if (fillRest(n)) filled.dispatchEvent(new Event("input", { bubbles: true }));  // its running value
  };
  block.addEventListener("input", (event) => {
    if (!event.isTrusted && event.target === filled) return;  // our own fill, announced to the page
    if (radios.includes(event.target)) tapped = true;  // the player's tap (its input event comes first)
    if (counts.includes(event.target)) {  // typed, or typed over: the player's number from now on
      typed.add(event.target);
      if (event.target === filled) {
        filled.classList.remove("rest");
        filled = null;
        if (note) note.hidden = true;
      }
    }
    follow();
  });
  follow();
}
