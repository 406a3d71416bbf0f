/* Snap the rack (beta; docs/rack-photo.md), on the tile games' hand form: a camera button beside
   each player's rack field takes or picks a photo; the phone reads it (rack-photo-run.js with
   rack-photo-read.js's steps: the photo is never sent) and the check screen
   (templates/rounds/_rack_photo.html, a dialog over the form) shows the photo with a box on each tile found and a chip per tile in reading order. The
   player checks them: a chip tapped opens the tile picker (the one keypad, keypad.js), a missed
   tile is added (a dotted box marked +1, +2 ... shows where one may be: tapped, or its button under
   the photo, it adds the tile there, box and all, so a kept photo keeps where that tile was), the rack's total (CT-7) and what cannot be (a tile more often than the set has
   it) follow. "Use these tiles" writes the notation into the field; nothing is ever scored from
   the photo alone. Only when the player ticks "Keep this photo" is it sent (rack-photo-keep.js). Without this script (or without the models) the racks are typed as ever. */
import { _, isolatedNumber } from "./i18n.js";
import * as ScorekeeperKeypad from "./keypad.js";
import * as Keeping from "./rack-photo-keep.js";
import { SMALL, in_reading_order, median } from "./rack-photo-read.js";
import * as Reading from "./rack-photo-run.js";

var COLOURS = { K: "black", B: "blue", R: "red", G: "gold" };
/* past one more than this many spots where a tile may be, only the first ones get a button under
   the photo at first (every one is on the photo; a last button shows the others' buttons too) */
var SPOT_BUTTONS = 12;

function start() {
  var form = document.querySelector("form.hand-form");
  var dialog = document.getElementById("rack-photo");
  if (!form || !dialog || typeof dialog.showModal !== "function" || !window.createImageBitmap) { return; }
  var urls = {};
  ["runtime", "loader", "wasm", "detector", "reader"].forEach(function (k) { urls[k] = dialog.getAttribute("data-" + k); });
  var rules = dialog.getAttribute("data-rules");
  /* the rules engine's counts, written into the page (rules.rack_counts): a joker's points (CT-7)
     and how many of each tile the set holds */
  var jokerPoints = parseInt(dialog.getAttribute("data-joker-points"), 10);
  var copies = parseInt(dialog.getAttribute("data-copies"), 10);
  function q(selector) { return dialog.querySelector(selector); }
  var status = q(".rack-photo-status"), canvas = q(".rack-photo-picture"), chips = q(".rack-photo-chips");
  var picker = q(".rack-photo-picker"), picking = q(".rack-photo-picking"), keep = q(".rack-photo-keep");
  var remove = q(".rack-photo-remove"), keypad = q("#rack-photo-keypad");
  var consent = q(".rack-photo-keep-photo"), kept = document.querySelector(".rack-photo-kept");
  var maybeNote = q(".rack-photo-maybe"), spots = q(".rack-photo-spots");
  /* maybe: the spots where a tile may be, each {box, n} (n: its mark, +n, kept while others are
     filled); spotAt: the spot (an index into maybe) the open picker adds a tile at, else null;
     allSpots: every spot has its button (else the first SPOT_BUTTONS and "more") */
  var tiles = [], maybe = [], field = null, picked = null, spotAt = null, photo = null, asked = 0;
  var allSpots = false;
  keypad.hidden = false;  /* (the keypad is drawn hidden for the pages whose script shows it) */

  /* one file input for every player: take a photo (or pick one) with the back camera */
  var camera = document.createElement("input");
  camera.type = "file"; camera.accept = "image/*"; camera.setAttribute("capture", "environment");
  camera.className = "rack-photo-camera"; camera.hidden = true; camera.tabIndex = -1;
  dialog.after(camera);

  form.querySelectorAll('.cards-input[name$=".rack"]').forEach(function (input) {
    var legend = input.closest("fieldset.player").querySelector("legend");
    var name = legend ? legend.textContent.trim() : "";
    var button = document.createElement("button"), beta = document.createElement("span");
    button.type = "button"; button.className = "secondary rack-photo-open";
    button.setAttribute("data-added", "");  /* not in the server's page (form-answer.js matches the two) */
    button.setAttribute("aria-label", _("Photo, beta: %(name)s's rack", { name: name }));
    beta.className = "beta"; beta.textContent = _("beta");
    button.append(_("Photo"), " ", beta);
    input.after(button);  /* beside it (rack-photo.css): the field's siblings stay as the other scripts know them */
    button.addEventListener("click", function () {
      field = input;
      q(".rack-photo-whose").textContent = _("%(name)s's rack", { name: name });
      camera.value = "";
      camera.click();
    });
  });

  camera.addEventListener("change", function () {
    var file = camera.files && camera.files[0];
    if (!file || !field) { return; }
    var mine = ++asked;
    tiles = []; maybe = []; allSpots = false; photo = null; canvas.hidden = true;
    consent.checked = false;  /* off for every photo, until the player ticks it for this one */
    closePicker(); draw();
    status.textContent = _("Reading the photo…");
    dialog.showModal();
    createImageBitmap(file).then(function (bitmap) {
      var image = Reading.work_image(bitmap);
      photo = { bitmap: bitmap, width: image.width, height: image.height };
      canvas.width = image.width; canvas.height = image.height; canvas.hidden = false;
      drawPhoto();
      return Reading.read(image, urls);
    }).then(function (found) {
      if (mine !== asked) { return; }  /* closed, or another photo since */
      tiles = found.tiles.concat(tiles);  /* (a tile added by hand meanwhile stays, after them) */
      if (typeof picked === "number") { picked += found.tiles.length; sayPicking(); }  /* its chip moved after them */
      /* where a tile may be: a dotted box each, a button each, and the note says so */
      maybe = found.maybe.map(function (box, k) { return { box: box, n: k + 1 }; });
      status.textContent = found.tiles.length ? _("Tiles found: %(count)s. Check each one.", { count: found.tiles.length })
        : _("No tile found: add them by hand, or take another photo.");
      draw();
    }).catch(function () {
      if (mine === asked) { status.textContent = _("This photo could not be read: add the tiles by hand, or cancel."); }
    });
  });

  function colourOf(token) { return token === "J" ? "wild" : COLOURS[token.charAt(0)] || ""; }
  function points(token) { return token === "J" ? jokerPoints : parseInt(token.slice(1), 10); }

  /* the sentence, then its rule id as a small link to the rule (as the engine's messages show) */
  function withRule(element, sentence, rule) {
    var link = document.createElement("a");
    link.className = "rule-ref"; link.href = rules + "#" + rule; link.textContent = "(" + rule + ")";
    element.replaceChildren(sentence + " ", link);
    return element;
  }

  function draw() {
    chips.replaceChildren.apply(chips, tiles.map(function (tile, i) {
      var chip = document.createElement("button");
      chip.type = "button";
      chip.className = "chip tile-chip chip-" + colourOf(tile.token) + (tile.unsure ? " unsure" : "");
      chip.textContent = tile.token;
      if (tile.unsure) {
        var mark = document.createElement("span");
        mark.className = "unsure-mark"; mark.textContent = "?";
        chip.append(mark);
      }
      chip.setAttribute("aria-label", tile.unsure ? _("%(tile)s, unsure: check it", { tile: tile.token })
        : _("%(tile)s: change or remove it", { tile: tile.token }));
      if (picked === i) { chip.setAttribute("aria-expanded", "true"); }
      chip.addEventListener("click", function () { openPicker(i); });
      return chip;
    }));
    q(".rack-photo-use").disabled = !tiles.length;  /* no tile found (fingers over the rack): none to use */
    drawSpots();
    var total = tiles.reduce(function (sum, tile) { return sum + points(tile.token); }, 0);
    withRule(q(".rack-photo-total"), _("Rack total: %(points)s points", { points: total }), "CT-7");
    var counts = {};
    tiles.forEach(function (tile) { counts[tile.token] = (counts[tile.token] || 0) + 1; });
    q(".rack-photo-flags").replaceChildren.apply(q(".rack-photo-flags"), Object.keys(counts).filter(function (token) {
      return counts[token] > copies;
    }).sort().map(function (token) {
      var sentence = token === "J" ? _("The game has only two jokers; this rack holds %(count)s.", { count: counts[token] })
        : _("The game has only two %(tile)s tiles; this rack holds %(count)s.", { tile: token, count: counts[token] });
      return withRule(document.createElement("li"), sentence, "CT-7");
    }));
    drawPhoto();
  }

  /* spot k's mark, "+1": its sign kept in front on a right-to-left page */
  function spotName(k) { return isolatedNumber("+" + maybe[k].n); }

  /* a button per spot where a tile may be (each is on the photo too, where a tap adds the tile as
     well): it opens the picker for a tile there. Past SPOT_BUTTONS + 1 spots, the first
     SPOT_BUTTONS and a button that shows the rest */
  function drawSpots() {
    maybeNote.hidden = spots.hidden = !maybe.length;
    var shown = allSpots || maybe.length <= SPOT_BUTTONS + 1 ? maybe.length : SPOT_BUTTONS;
    allSpots = allSpots || shown > SPOT_BUTTONS;  /* once shown, not hidden again by a spot given back */
    var buttons = maybe.slice(0, shown).map(function (spot, k) {
      var button = document.createElement("button");
      button.type = "button"; button.className = "secondary rack-photo-spot";
      button.textContent = spotName(k);
      button.setAttribute("aria-label", _("Add the tile at %(spot)s", { spot: spotName(k) }));
      if (spotAt === k) { button.setAttribute("aria-expanded", "true"); }
      button.addEventListener("click", function () { openPicker("new", k); });
      return button;
    });
    if (shown < maybe.length) {
      var more = document.createElement("button");
      more.type = "button"; more.className = "secondary rack-photo-more-spots";
      more.textContent = _("Show %(count)s more", { count: maybe.length - shown });
      more.addEventListener("click", function () {
        allSpots = true; drawSpots();
        spots.children[shown].focus();  /* the first of those shown now */
      });
      buttons.push(more);
    }
    spots.replaceChildren.apply(spots, buttons);
  }

  /* the photo, a box on each tile read from it (dashed where unsure), numbered as the chips go, and
     a dotted box marked +1, +2 ... where a tile may be */
  function drawPhoto() {
    if (!photo) { return; }
    var g = canvas.getContext("2d"), line = Math.max(2, photo.width / 250);
    g.drawImage(photo.bitmap, 0, 0, photo.width, photo.height);
    g.font = "bold " + Math.round(line * 7) + "px system-ui, sans-serif";
    g.direction = "ltr";  /* the marks ("+1", "3") read and sit as they do on a left-to-right page */
    maybe.forEach(function (spot, k) {
      var b = spot.box;
      g.lineWidth = spotAt === k ? line * 3 : line * 1.5;
      g.setLineDash([line, line * 1.5]);
      g.strokeStyle = g.fillStyle = "#38bdf8";
      g.strokeRect(b[0], b[1], b[2] - b[0], b[3] - b[1]);
      g.fillText("+" + spot.n, b[0] + line, b[1] - line);
    });
    tiles.forEach(function (tile, i) {
      if (!tile.box) { return; }
      var b = tile.box;
      g.lineWidth = picked === i ? line * 2 : line;
      g.setLineDash(tile.unsure ? [line * 3, line * 2] : []);
      g.strokeStyle = tile.unsure ? "#f59e0b" : "#22c55e";
      g.strokeRect(b[0], b[1], b[2] - b[0], b[3] - b[1]);
      g.fillStyle = g.strokeStyle;
      g.fillText(String(i + 1), b[0] + line, b[1] - line);
    });
  }

  /* the tiles with a box in reading order (rack-photo-read.js's rows, each left to right), then those
     added with none */
  function inReadingOrder(list) {
    var boxed = list.filter(function (t) { return t.box; }).map(function (t) {
      return { x0: t.box[0], y0: t.box[1], x1: t.box[2], y1: t.box[3], tile: t };
    });
    return in_reading_order(boxed).map(function (b) { return b.tile; })
      .concat(list.filter(function (t) { return !t.box; }));
  }

  /* a spot's box for the tile added there, unless it is far smaller than the tiles' (a box set apart
     as SMALL: a detector taught that box would learn a tile half its size) */
  function tileSized(box) {
    var heights = tiles.filter(function (t) { return t.box; }).map(function (t) { return t.box[3] - t.box[1]; });
    return !heights.length || box[3] - box[1] >= median(heights) / SMALL ? box : null;
  }

  /* what the open picker is for: a chip (by its number), a tile at a spot, or a missed tile */
  function sayPicking() {
    picking.textContent = spotAt !== null
      ? _("The tile at %(spot)s: pick its colour, then its number or the joker.", { spot: spotName(spotAt) })
      : picked === "new" ? _("A missed tile: pick its colour, then its number or the joker.")
      : _("Tile %(number)s, %(tile)s: pick its colour, then its number or the joker.", { number: picked + 1, tile: tiles[picked].token });
  }

  /* the picker for chip i, or ("new") for a tile to add: at spot `spot` of maybe when given */
  function openPicker(i, spot) {
    picked = i;
    var adding = i === "new";
    spotAt = adding && spot !== undefined ? spot : null;
    if (spotAt !== null && spotAt >= SPOT_BUTTONS) { allSpots = true; }  /* (tapped on the photo) its button, to come back to */
    sayPicking();
    keep.textContent = adding ? _("Add no tile") : _("Keep it as it is");
    remove.hidden = adding;
    var colour = !adding && keypad.querySelector('[data-suit="' + tiles[i].token.charAt(0) + '"]');
    if (colour) { colour.click(); }
    picker.hidden = false;
    draw();
    picking.focus();
  }

  function closePicker(focusChip) {
    var was = picked, spot = spotAt;
    picked = null; spotAt = null; picker.hidden = true;
    draw();
    var chip = typeof was === "number" ? chips.children[Math.min(was, tiles.length - 1)]
      : spot !== null ? spots.children[spot] : null;  /* no tile added at a spot: back to its button */
    if (focusChip) { (chip || q(".rack-photo-add")).focus(); }
  }

  ScorekeeperKeypad.attach(keypad, {
    onToken: function (token) {
      if (picked === null) { return; }
      token = token.toUpperCase();
      if (picked === "new") {  /* at a spot: the tile takes its box, its place in reading order, and the spot is done */
        /* spot: the box it was added at, given back as a spot if the tile is removed */
        var added = { token: token, box: spotAt === null ? null : tileSized(maybe[spotAt].box), unsure: false,
                      spot: spotAt === null ? null : maybe[spotAt] };
        if (spotAt !== null) { maybe.splice(spotAt, 1); }
        tiles = inReadingOrder(tiles.concat([added]));
        picked = tiles.indexOf(added);
      }
      else { tiles[picked] = { token: token, box: tiles[picked].box, unsure: false, spot: tiles[picked].spot }; }  /* checked now */
      closePicker(true);
    }
  });
  keep.addEventListener("click", function () {
    if (typeof picked === "number") { tiles[picked].unsure = false; }  /* looked at and kept: checked */
    closePicker(true);
  });
  remove.addEventListener("click", function () {
    if (typeof picked === "number") {
      var gone = tiles.splice(picked, 1)[0];
      if (gone.spot) {  /* added at a spot: the spot is back, with its mark and in its place, to add it again */
        maybe = maybe.concat([gone.spot]).sort(function (a, b) { return a.n - b.n; });
      }
    }
    closePicker(true);
  });
  q(".rack-photo-add").addEventListener("click", function () { openPicker("new"); });
  /* a tap on a spot's dotted box adds the tile there, as its button does (the innermost box) */
  canvas.addEventListener("click", function (event) {
    /* the picture is contained in the element's box (rack-photo.css: a tall photo is letterboxed) */
    var r = canvas.getBoundingClientRect(), s = Math.min(r.width / canvas.width, r.height / canvas.height);
    var x = (event.clientX - r.left - (r.width - canvas.width * s) / 2) / s;
    var y = (event.clientY - r.top - (r.height - canvas.height * s) / 2) / s;
    var at = null, area = function (b) { return (b[2] - b[0]) * (b[3] - b[1]); };
    maybe.forEach(function (spot, k) {
      var b = spot.box;
      if (x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3] && (at === null || area(b) < area(maybe[at].box))) { at = k; }
    });
    if (at !== null) { openPicker("new", at); }
  });
  q(".rack-photo-use").addEventListener("click", function () {
    field.value = tiles.map(function (tile) { return tile.token; }).join(" ");
    field.dispatchEvent(new Event("input", { bubbles: true }));  /* the engine's running value, who went out */
    if (consent.checked && photo) {  /* the one way a photo leaves the phone (rack-photo-keep.js) */
      Keeping.send(dialog.getAttribute("data-keep"), form.querySelector('input[name="csrf_token"]').value, photo, tiles, kept);
    }
    dialog.close();
  });
  q(".rack-photo-cancel").addEventListener("click", function () { dialog.close(); });
  dialog.addEventListener("close", function () { asked++; picked = null; spotAt = null; picker.hidden = true; });
}

start();
