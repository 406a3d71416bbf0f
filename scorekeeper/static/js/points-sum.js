// The points game's hand form (PG-2): each field takes a sum (12+11+7-5) and shows its total at
// once; Enter moves to the next player's field (the last one saves). The server reads the sum
// again with its own parser (entry/points.py sum_of); this is only what the player sees.

const TERM = /^\s*([+-]?)\s*(\d{1,7})\s*/
import { _, isolatedNumber } from "./i18n.js";
;

export function sumOf(text) {
  let rest = text, total = 0, terms = 0;
  while (rest.length) {
    const match = TERM.exec(rest);
    if (!match || (terms && !match[1]) || terms >= 50) return null;
    total += (match[1] === "-" ? -1 : 1) * Number(match[2]);
    rest = rest.slice(match[0].length);
    terms += 1;
  }
  return terms ? total : null;
}

function show(input) {
  const out = document.getElementById(input.getAttribute("aria-describedby"));
  if (!out) return;
  const text = input.value.trim();
  const total = text ? sumOf(text) : null;
  out.textContent = !text ? "" : total === null ? _("not a sum of whole numbers") : `= ${isolatedNumber(total)}`;
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
