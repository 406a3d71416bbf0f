// Krazy Bee's hand form (KB-9): each player's Step shows Laid down or Missed from the cards left
// until it is tapped. The most cards a laid-down Step leaves comes from the engine, on the player's
// block (data-keeps: the 12 dealt less the Step's cards); here cards are only counted, never valued.
// A typed total does not say how many cards are left: Missed. The server picks the same way when the
// form sends no choice (entry/krazy_bee.py), so the form works alike without this script.
import { tokens } from "./keypad.js";

/* How many cards a block says are left: the typed cards, else the counts per class; null for a total. */
function held(block) {
  const cards = block.querySelector("input.cards-input");
  if (cards && cards.value.trim()) return tokens(cards.value).length;
  const total = block.querySelector('input[name$=".points"]');
  if (total && total.value.trim()) return null;
  let count = 0;
  for (const input of block.querySelectorAll(".count-group input")) {
    const n = Number.parseInt(input.value, 10);
    if (n > 0) count += n;
  }
  return count;
}

for (const block of document.querySelectorAll("form.hand-form fieldset.kb-player[data-keeps]")) {
  const keeps = Number(block.getAttribute("data-keeps"));
  const radios = [...block.querySelectorAll('.laid-choice input[type="radio"]')];
  let tapped = radios.some((radio) => radio.checked);  // a stored or re-shown choice stands
  const follow = () => {
    if (tapped) return;
    const n = held(block);
    const laid = n !== null && n <= keeps;
    for (const radio of radios) radio.checked = radio.value === (laid ? "1" : "0");
  };
  block.addEventListener("input", (event) => {
    if (radios.includes(event.target)) tapped = true;  // the player's tap (its input event comes first)
    else follow();
  });
  follow();
}
