/* A points field's sum (PG-2: 12+11+7-5) read as the server reads it (entry/points.py sum_of):
   the same rule in both places, so the total the phone shows is the total saved, and "not a sum"
   here is the server's form error. tests/web/test_points_sum_both_sides.py runs both over the same
   fields. No DOM here.

   A sum: whole numbers of at most 7 digits 0-9 (no other script's digits), joined by + and -
   (ASCII), at most 50 terms. Blanks may stand around each number and sign: whatever either Python
   or JavaScript reads as a space (a keyboard's no-break or thin space, a pasted tab or line break)
   and the invisible marks of writing direction a right-to-left text carries (LRM, RLM, ALM). */

const BLANK = "[\\t\\n\\v\\f\\r\\u001c-\\u001f \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff\\u200e\\u200f\\u061c]";
const TERM = new RegExp(`^${BLANK}*([+-]?)${BLANK}*([0-9]{1,7})${BLANK}*`);
const NOTHING = new RegExp(`^${BLANK}*$`);
const MOST_TERMS = 50;

/* The total of a typed sum, or null when it is not one ("" too). */
export function sumOf(text) {
  let rest = text, total = 0, terms = 0;
  while (rest.length) {
    const match = TERM.exec(rest);
    if (!match || (terms && !match[1]) || terms >= MOST_TERMS) return null;
    total += (match[1] === "-" ? -1 : 1) * Number(match[2]);
    rest = rest.slice(match[0].length);
    terms += 1;
  }
  return terms ? total : null;
}

/* What a field says: "" when nothing is typed (it counts 0), null when it is not a sum, else its total. */
export function readSum(text) {
  return NOTHING.test(text) ? "" : sumOf(text);
}
