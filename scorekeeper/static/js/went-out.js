/* Who went out, when the hand form leaves it to the cards left: the one player with nothing left
   in hand. The server's rule is the source (entry/players.py went_out_or_empty_hand, which decides
   when no button is pressed); this copy presses the button as the player types, offline too, and
   tests/web/test_went_out_both_sides.py runs both over the same forms. No DOM here: it reads the
   form's fields as [name, value] pairs. */

const LEFT = /^players\.(\d+)\.(hand|rack|points|counts\.\w+)$/;

/* Each seat's fields: whether it holds anything ("zeroIsNothing": a count or total of 0 is
   nothing left, as a table types "she has 0 cards"; cards typed are never 0). */
function holding(fields, zeroIsNothing) {
  const seats = {};
  for (const [name, raw] of fields) {
    const m = LEFT.exec(name);
    if (!m) continue;
    const value = String(raw).trim();
    const zero = zeroIsNothing && m[2] !== "hand" && m[2] !== "rack" && /^0+$/.test(value);
    seats[m[1]] = seats[m[1]] || (value !== "" && !zero);
  }
  return seats;
}

/* The seat (as its button's value) of the one player with nothing left: a seat left empty first;
   else the one whose counts or total are all 0. Null when none or several. */
export function seatWithNothingLeft(fields) {
  for (const zeroIsNothing of [false, true]) {
    const seats = holding(fields, zeroIsNothing);
    const empty = Object.keys(seats).filter(function (seat) { return !seats[seat]; });
    if (empty.length) return empty.length === 1 && Object.keys(seats).length > 1 ? empty[0] : null;
  }
  return null;
}
