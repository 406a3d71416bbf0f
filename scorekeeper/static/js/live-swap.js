/* The live swap (live.js): a page's new content in place of its old, keeping what the reader has
   there: the blocks that did not change (focus and all), the focused field or button, what was typed
   and not yet sent, open <details> and sideways-scrolled tables. */

/* Blocks the swap leaves alone: this status line, its script, and the messages of the last action. */
function kept(node) {
  return node.hasAttribute("data-live-keep") || node.classList.contains("flashes");
}

function shape(node) {
  return [node.tagName, node.className, node.id, node.getAttribute("aria-labelledby")].join("|");
}

/* Make the container's blocks those of `fresh`: equal blocks stay as they are (focus and all),
   a changed block is replaced, a new one (the winner banner) inserted, a dropped one removed. */
export function morph(container, fresh) {
  var olds = [].filter.call(container.children, function (n) { return !kept(n); });
  var news = [].filter.call(fresh.children, function (n) { return !kept(n); });
  var i = 0;
  news.forEach(function (node) {
    var j = i;
    while (j < olds.length && !olds[j].isEqualNode(node)) j++;
    if (j < olds.length) {
      for (var k = i; k < j; k++) olds[k].remove();
      i = j + 1;
    } else if (i < olds.length && shape(olds[i]) === shape(node)) {
      replace(olds[i], node);
      i++;
    } else if (i < olds.length) {
      olds[i].before(node);
    } else {
      container.appendChild(node);
    }
  });
  for (; i < olds.length; i++) olds[i].remove();
}

var FOCUSABLE = "a[href], button, summary, input, select, textarea";

function replace(old, node) {
  var scrolled = [].map.call(old.querySelectorAll(".table-scroll"), function (s) { return s.scrollLeft; });
  var active = document.activeElement, focused = null;
  if (old.contains(active)) {
    var typing = active.matches(TYPED) && !/^(checkbox|radio|submit|button)$/.test(active.type);
    focused = { exact: identity(active, true), typing: typing, loose: identity(active, false),
                at: [].indexOf.call(old.querySelectorAll(FOCUSABLE), active) };
  }
  var typed = typedFields(old);
  old.replaceWith(node);
  keepTyped(node, typed);
  [].forEach.call(node.querySelectorAll(".table-scroll"), function (s, n) { s.scrollLeft = scrolled[n] || 0; });
  if (focused) refocus(node, focused);
}

/* The focus back on the same field, button or link of the block swapped in. A field being typed
   in: that very field (its id, or its name in the same form), else none: its place would not do,
   as another player's part arriving adds a "Looks right" above the rack being typed, and the
   typing must stay in the rack. A button or link: the same one; else the one it is with a new
   label or state (an Undo naming the new last hand, a timer's Pause become Start); else the one
   at its place. */
function refocus(node, focused) {
  var all = [].slice.call(node.querySelectorAll(FOCUSABLE));
  function find(kind) {
    return all.filter(function (f) { return identity(f, kind === "exact") === focused[kind]; })[0];
  }
  var again = find("exact") || (focused.typing ? null : find("loose") || all[focused.at]);
  if (again) again.focus({ preventScroll: true });
}

/* Which field (or button, link) an element is: its id; else its name, type, value (a box's or a
   button's: a text field's is what was typed) and its form; else its tag and link. ``exact``
   adds what changes with the game: a button's or link's text, the form's hidden fields. */
function identity(el, exact) {
  if (el.id) return "#" + el.id;
  var picked = /^(checkbox|radio|submit|button)$/.test(el.type) ? el.value : "";
  var form = el.form ? (exact ? formKey(el.form) : el.form.getAttribute("action") || "") : "";
  if (el.name) return [el.name, el.type, picked, form].join("|");
  return [el.tagName, el.getAttribute("href") || "", exact ? el.textContent.trim() : "", form].join("|");
}

/* A form's address and hidden fields ("" for a field outside any form). */
function formKey(form) {
  return form ? (form.getAttribute("action") || "") + "?" + formState(form) : "";
}

/* What the reader typed or ticked in a block's fields (not yet sent) stays when the block is
   replaced, as long as the server's own values of the form are unchanged (the same hand): another
   phone's part coming in never takes away a rack being typed (issue 38). */
var TYPED = "input:not([type=hidden]):not([type=submit]):not([type=button]), textarea, select";

function typedFields(block) {
  var typed = [];
  [].forEach.call(block.querySelectorAll(TYPED), function (f) {
    var tick = f.type === "checkbox" || f.type === "radio";
    if (f.name && (tick ? f.checked !== f.defaultChecked : f.value !== f.defaultValue)) {
      typed.push({ field: f, form: formKey(f.form), tick: tick });
    }
  });
  return typed;
}

function formState(form) {
  /* not the CSRF token, nor the form's own key (a new one each time the page is drawn: web/form_once.py) */
  return [].map.call(form.querySelectorAll("input[type=hidden]:not([name=csrf_token]):not([name=once])"), function (h) {
    return h.name + "=" + h.value;
  }).join("&");
}

function keepTyped(block, typed) {
  typed.forEach(function (t) {
    [].forEach.call(block.querySelectorAll(TYPED), function (f) {
      if (f.name !== t.field.name || formKey(f.form) !== t.form) return;
      if (t.tick && f.value === t.field.value && f.defaultChecked === t.field.defaultChecked) {
        f.checked = t.field.checked;
      } else if (!t.tick && f.defaultValue === t.field.defaultValue) {
        f.value = t.field.value;
      }
    });
  });
}

/* A <details> the reader opened in `main` stays open in `fresh` (matched by its id, else its class,
   else its summary's text). */
export function keepOpen(main, fresh) {
  var open = {};
  [].forEach.call(main.querySelectorAll("details[open]"), function (d) { open[detailsKey(d)] = true; });
  [].forEach.call(fresh.querySelectorAll("details"), function (d) { if (open[detailsKey(d)]) d.open = true; });
}

function detailsKey(details) {
  var summary = details.querySelector("summary");
  return details.id || details.className || (summary ? summary.textContent.trim() : "");
}
