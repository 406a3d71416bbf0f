/* A choice taken back: a tap on the chosen button of a group marked [data-untap] (Crib Rummy's
   "a set +2", Crazy Rummy's face-up cards) clears it, and a change event follows as for any
   choice. The keyboard keeps the radio group's own keys. Without this script the server takes a
   choice back where it is refused with another (docs/recording-a-hand.md). */

let armed = null;

function radioOf(target) {
  const node = target instanceof Element ? target.closest("label, input") : null;
  const input = node instanceof HTMLLabelElement ? node.control : node;
  return input instanceof HTMLInputElement && input.type === "radio" && input.closest("[data-untap]") ? input : null;
}

/* the button's state before the tap (a click finds it chosen already) */
document.addEventListener("pointerdown", (event) => {
  const input = radioOf(event.target);
  armed = input && input.checked ? input : null;
}, true);

document.addEventListener("click", (event) => {
  const input = event.target;
  if (!(input instanceof HTMLInputElement) || input !== armed) return;
  armed = null;
  input.checked = false;
  input.dispatchEvent(new Event("change", { bubbles: true }));
});
