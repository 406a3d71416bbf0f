/* What the send queue (static/js/queue.js) shows of a kept hand that needs the editor, and a kept
   hand put back in the form. queue.js owns the queue and says what each button does, in `view`:
   `keep(item, number)` and `drop(item)` for a conflict, `putBack(item)` (null without a form: a
   link to the form instead) and `dropHeld(item)` for a refused hand. */
import { _, isolatedNumber } from "./i18n.js";

export function el(tag, cls, text) {
  var node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function button(text, cls, action) {
  var b = el("button", "button small " + cls, text);
  b.type = "button";
  b.addEventListener("click", action);
  return b;
}

/* A change with its sign in front, on a right-to-left page too ("-5", never "5-"). */
function signed(n) { return isolatedNumber(n > 0 ? "+" + n : String(n)); }

/* The changes of each version of a hand, one row each (or its reasons across the row). */
function changesTable(names, rows) {
  var table = el("table", "send-versions"), head = el("tr");
  head.appendChild(el("th", "", ""));
  names.forEach(function (name) { var th = el("th", "num", name); th.scope = "col"; head.appendChild(th); });
  table.appendChild(el("thead")).appendChild(head);
  var body = table.appendChild(el("tbody"));
  rows.forEach(function (row) {
    var tr = body.appendChild(el("tr")), th = tr.appendChild(el("th", "", row[0]));
    th.scope = "row";
    if (row[1]) row[1].forEach(function (c) { tr.appendChild(el("td", "num", signed(c))); });
    else { var td = tr.appendChild(el("td", "reasons", row[2])); td.colSpan = names.length; }
  });
  return table;
}

/* Another phone recorded this hand first: both versions, keep mine under the next number or drop it. */
export function conflictView(li, item, view) {
  var c = item.answer.conflict, word = view.word;
  li.appendChild(el("p", "", item.answer.error));
  var rows = [[_("Yours"), c.mine.changes, (c.mine.reasons || []).join(" ")]];
  if (c.theirs) rows.push([_("Another phone's %(round_word)s %(number)s", { round_word: word, number: c.theirs.number }), c.theirs.changes, ""]);
  li.appendChild(changesTable(view.names, rows));
  var actions = li.appendChild(el("p", "send-actions"));
  actions.appendChild(button(_("Keep mine as %(round_word)s %(number)s", { round_word: word, number: c.next }), "", function () {
    view.keep(item, c.next);
  }));
  actions.appendChild(button(_("Drop mine"), "danger", function () { view.drop(item); }));
}

/* The server refused this hand: its reasons, then put it back in the form (or a link to it) or drop it. */
export function refusedView(li, item, view) {
  var reasons = li.appendChild(el("ul", "reasons"));
  (item.answer.reasons || [item.answer.error || _("The server refused it.")]).forEach(function (r) {
    reasons.appendChild(el("li", "", r));
  });
  var actions = li.appendChild(el("p", "send-actions"));
  if (view.putBack) {
    actions.appendChild(button(_("Put it back in the form"), "", function () { view.putBack(item); }));
  } else {
    var link = actions.appendChild(el("a", "button small", _("Fix it on the form")));
    link.href = view.formUrl;
  }
  actions.appendChild(button(_("Drop it"), "danger", function () { view.dropHeld(item); }));
}

/* A kept hand's sent body back in its form (its own token stays). */
export function restore(form, body) {
  form.reset();
  new URLSearchParams(body).forEach(function (value, name) {
    if (name === "csrf_token") return;
    [].forEach.call(form.elements, function (field) {
      if (field.name !== name) return;
      if (field.type === "checkbox" || field.type === "radio") { if (field.value === value) field.checked = true; }
      else field.value = value;
    });
  });
}
