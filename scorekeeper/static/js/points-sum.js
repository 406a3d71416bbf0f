// The points game's hand form (PG-2): each field takes a sum (12+11+7-5) and shows its total at
// once; Enter moves to the next player's field (the last one saves). The server reads the sum
// again (entry/points.py sum_of) by the same rule as typed-sum.js, which reads it here.
import { _, isolatedNumber } from "./i18n.js";
import { readSum } from "./typed-sum.js";

function show(input) {
  const out = document.getElementById(input.getAttribute("aria-describedby"));
  if (!out) return;
  const total = readSum(input.value);
  out.textContent = total === "" ? "" : total === null ? _("not a sum of whole numbers") : `= ${isolatedNumber(total)}`;
}

for (const box of document.querySelectorAll("[data-points-sum]")) {
  const fields = [...box.querySelectorAll("input[data-sum]")];
  fields.forEach((input, i) => {
    show(input);
    input.addEventListener("input", () => show(input));
    input.addEventListener("keydown", (event) => {
      if (event.key !== "Enter" || i === fields.length - 1) return;
      event.preventDefault();
      fields[i + 1].focus();
    });
  });
}
