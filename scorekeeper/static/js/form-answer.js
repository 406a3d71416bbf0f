/* A hand form's answer shown in place: "Show scores" and a refused save cost no page load.

   The form's own post is sent by fetch, and from the page the server answers with (the same
   page a plain post shows: the engine's scores of the hand, or what it refuses and why) only
   the messages are taken into this page: the scores above the form, "Nothing was saved", and
   each field's error beside its field, where the template puts it. The fields, what was typed
   in them, the keypad and the focus stay as they are. A save the server takes (a redirect)
   opens the game page as a plain post does, its message included.

   queue.js asks for the same when a hand it sent straight from the form is refused (the event
   "hand:refused" on the form, with the sent body). Without this script, offline (queue.js says
   so), or when the server cannot be reached, the form posts the plain way. */

/* What a page's answer shows around the fields, kept out of the matching of the two pages; so is
   what another script added to the form ([data-added]: rack-photo.js's Photo buttons). */
var MESSAGES = "ul.field-error, .form-errors, section.scored, #keypad, [data-added]";

function structural(node) {
  return !node.matches(MESSAGES) && !node.querySelector(":scope > .flashes");
}

function children(parent) {
  return [].filter.call(parent.children, structural);
}

/* The element of this page that stands where `node` stands in the answer: found by its id, or
   as the same child of its parent's counterpart, of the same tag and first class (a script may
   have added another: a running value marked "bad"). */
function counterpart(node) {
  if (node.id) return document.getElementById(node.id);
  var parent = node.parentElement && counterpart(node.parentElement);
  if (!parent) return null;
  var mine = children(parent)[children(node.parentElement).indexOf(node)];
  return mine && mine.tagName === node.tagName && mine.classList[0] === node.classList[0] ? mine : null;
}

/* A field's error list, put after the element it follows in the answer. */
function place(error) {
  var parent = counterpart(error.parentElement);
  if (!parent) return false;
  var before = error.previousElementSibling;
  while (before && !structural(before)) before = before.previousElementSibling;
  var after = before ? counterpart(before) : null;
  if (before && (!after || after.parentElement !== parent)) return false;
  var copy = document.importNode(error, true);
  if (after) after.after(copy); else parent.prepend(copy);
  /* a fold that hides the field (Krazy Bee's "Or the cards, a total or a note") opens, as the
     answer's page opens it: "Fix the fields marked below" must show each mark */
  for (var fold = copy.closest("details"); fold; fold = fold.parentElement && fold.parentElement.closest("details")) {
    fold.open = true;
  }
  return true;
}

function show(form, html) {
  var fresh = new DOMParser().parseFromString(html, "text/html");
  var content = document.getElementById("content"), freshContent = fresh.getElementById("content");
  if (!freshContent || !fresh.getElementById(form.id)) {  // not the form (an error page): shown whole
    content.replaceWith(document.importNode(freshContent || fresh.body, true));
    return;
  }
  content.querySelectorAll(".form-errors, section.scored, ul.field-error").forEach(function (n) { n.remove(); });
  var meta = content.querySelector(".hand-meta");
  var top = [].map.call(freshContent.querySelectorAll(".form-errors, section.scored"), function (n) {
    return document.importNode(n, true);
  });
  meta.after.apply(meta, top);
  var summary = content.querySelector(".form-errors");
  freshContent.querySelectorAll("ul.field-error").forEach(function (error) {
    if (error.closest(".form-errors")) return;  // a whole hand's error: shown already, with the summary
    if (place(error) || !summary) return;
    summary.appendChild(document.importNode(error, true));  // its place is not on this page: at the top
  });
  /* each field marked as the answer marks it, and the version the form was filled against */
  form.querySelectorAll("[id]").forEach(function (field) {
    var twin = fresh.getElementById(field.id);
    ["aria-invalid", "aria-describedby"].forEach(function (name) {
      var value = twin && twin.getAttribute(name);
      if (value) field.setAttribute(name, value); else field.removeAttribute(name);
    });
  });
  var version = fresh.querySelector("#" + form.id + " input[name=version]");
  if (version && form.elements.version) form.elements.version.value = version.value;
  var said = summary || content.querySelector("section.scored");
  if (said) {
    said.setAttribute("tabindex", "-1");
    said.focus({ preventScroll: true });
    said.scrollIntoView({ block: "nearest" });
  }
}

/* Send the form's post (`body`: its fields and the pressed button) and show the answer here. */
function send(form, body) {
  var save = form.querySelector("button.save");
  if (save) save.setAttribute("aria-busy", "true");
  return fetch(form.getAttribute("action") || location.href, {
    method: "POST", body: body, credentials: "same-origin", redirect: "manual"
  }).then(function (r) {
    if (r.type === "opaqueredirect") {  // taken: the game page, with its message
      location.assign(document.querySelector(".crumbs a").href);
      return null;
    }
    return r.text().then(function (html) { show(form, html); });
  }).finally(function () {
    if (save) { save.removeAttribute("aria-busy"); save.disabled = false; }
  });
}

function plainly(form, submitter) {
  if (submitter && submitter.name) {  // the pressed button's value, as a plain post sends it
    var pressed = document.createElement("input");
    pressed.type = "hidden";
    pressed.name = submitter.name;
    pressed.value = submitter.value;
    form.appendChild(pressed);
  }
  HTMLFormElement.prototype.submit.call(form);
}

/* Last in line: queue.js (a new hand, kept on the phone first) and entry.js (a Crib Rummy
   turn) take their own posts before this sees them. */
document.addEventListener("submit", function (event) {
  var form = event.target;
  if (event.defaultPrevented || !form.matches("form.hand-form") || !navigator.onLine) return;
  event.preventDefault();
  send(form, new FormData(form, event.submitter || null)).catch(function () {
    plainly(form, event.submitter);
  });
});

document.addEventListener("hand:refused", function (event) {
  var form = event.target;
  event.preventDefault();
  send(form, new URLSearchParams(event.detail.body)).catch(function () {
    HTMLFormElement.prototype.submit.call(form);
  });
});
