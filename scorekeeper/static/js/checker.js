/* Checker page enhancement: the card/tile keypad (keypad.js), card chips and a tile grid editor, all kept in
   sync with the typed notation fields. Without this script the typed fields and the Check
   button do everything; nothing here decides a rule (the server's engine does). */
import { _ } from "./i18n.js";
import * as ScorekeeperKeypad from "./keypad.js";

function start() {
  var form = document.querySelector(".checker-form");
  if (!form) return;

  var family = form.dataset.family;
  var wilds = (form.dataset.wilds || "").split(",").filter(Boolean);
  /* The one card-face table, sent by the server as data (display/card_faces.py FACES). */
  var FACES = JSON.parse(form.dataset.faces);
  var TILE = FACES.tile_colours, SUIT = FACES.suit_symbols, SUIT_NAME = FACES.suit_names;
  var TILE_TOKEN = new RegExp(FACES.tile_pattern), SUITED_TOKEN = new RegExp(FACES.suited_pattern);
  var SEPARATOR = { "|": _("next meld"), "/": _("next row"), ".": _("empty cell") };
  var keypad = form.querySelector(".keypad");
  var boxes = form.querySelectorAll(".cards-box");
  var active = form.querySelector('.cards-box[data-field="cards"]') || boxes[0];
  var brush = null;
  var grids = {};  /* field name -> its grid editor (a table entered as a grid, CT-9) */

  function gridOf(box) { return box && grids[box.dataset.field]; }
  function gridOn(box) { var g = gridOf(box); return Boolean(g && g.on); }

  var tokens = ScorekeeperKeypad.tokens;

  /* One face as players see it: tile colour, suit symbol, wild cards starred (display only). */
  function face(token) {
    var t = token.toUpperCase(), el = document.createElement("span"), label = t, symbol = "", colour = "";
    var m;
    if (wilds.indexOf(t) >= 0) { label = family === "numbers" ? t : "J"; symbol = "★"; colour = "wild"; }
    else if (family === "tiles" && (m = TILE_TOKEN.exec(t))) { label = m[2]; colour = TILE[m[1]]; }
    else if (family === "suited" && (m = SUITED_TOKEN.exec(t))) {
      label = m[1] === "T" ? "10" : m[1]; symbol = m[2] ? SUIT[m[2]] : "";
      colour = FACES.red_suits.indexOf(symbol) >= 0 ? "red" : (symbol ? "black" : "");
    } else if (!(family === "numbers" && /^\d+$/.test(t))) { colour = "unknown"; }
    el.className = "cface cface-" + (colour || "plain") + (colour === "wild" ? " cface-wild" : "");
    el.dataset.words = symbol && colour !== "wild" ? SUIT_NAME[symbol] : (colour === "unknown" ? "" : colour);
    el.title = t;
    var l = document.createElement("span"); l.className = "cface-label"; l.textContent = label; el.appendChild(l);
    if (symbol) { var s = document.createElement("span"); s.className = "cface-symbol"; s.textContent = symbol; el.appendChild(s); }
    return el;
  }

  /* What a face or separator is called: the text it shows first (what a voice-control user
     says, WCAG 2.5.3), then its colour or suit in words: "12 red", "7♥ hearts", "| next meld". */
  function spoken(token) {
    if (SEPARATOR[token]) return token + " " + SEPARATOR[token];
    var el = face(token);
    return (el.textContent + " " + el.dataset.words).trim();
  }

  /* -- typed field <-> chips ------------------------------------------------------------- */
  function fieldOf(box) { return box.querySelector(".cards-input"); }

  function spaced(text) { return text.replace(/\|/g, " | ").replace(/\//g, " / ").replace(/\n/g, " / "); }

  function renderChips(box) {
    var chips = box.querySelector(".chips"), field = fieldOf(box);
    if (!chips) return;
    chips.hidden = gridOn(box);  // the grid shows those tiles already
    if (chips.hidden) return;
    chips.textContent = "";
    tokens(spaced(field.value)).forEach(function (tok, i) {
      var b = document.createElement("button");
      b.type = "button"; b.className = "chip"; b.dataset.index = i;
      if (SEPARATOR[tok]) { b.classList.add("chip-sep"); b.textContent = tok; }
      else b.appendChild(face(tok));
      b.setAttribute("aria-label", _("%(card)s, remove", { card: spoken(tok) }));
      chips.appendChild(b);
    });
  }

  function setText(box, text) {
    var field = fieldOf(box);
    field.value = text.replace(/\s+/g, " ").trim();
    renderChips(box);
    if (gridOf(box)) gridOf(box).fromText(field.value);
  }

  function append(box, tok) {
    setText(box, spaced(fieldOf(box).value) + " " + tok);
  }

  function activate(box) {
    boxes.forEach(function (b) { b.classList.toggle("active", b === box); });
    active = box;
    var name = keypad && keypad.querySelector(".keypad-target-name");
    if (name) name.textContent = gridOn(box) ? _("the grid (pick a tile, then tap a cell)")
      : box.dataset.name || box.querySelector("label").textContent.split(/[(:]/)[0].trim();
  }

  boxes.forEach(function (box) {
    var field = fieldOf(box);
    box.addEventListener("focusin", function () { activate(box); });
    box.addEventListener("click", function () { activate(box); });
    field.addEventListener("input", function () {
      renderChips(box);
      if (gridOf(box)) gridOf(box).fromText(field.value);
    });
    box.querySelector(".chips").addEventListener("click", function (e) {
      var chip = e.target.closest(".chip");
      if (!chip) return;
      var list = tokens(spaced(field.value));
      list.splice(Number(chip.dataset.index), 1);
      setText(box, list.join(" "));
    });
    renderChips(box);
  });

  /* -- keypad (keypad.js): keys write into the field in use; in a grid they pick the tile ---- */
  if (keypad) {
    keypad.hidden = false;
    ScorekeeperKeypad.attach(keypad, {
      onAction: function (what) {
        if (what === "back") {
          var list = tokens(spaced(fieldOf(active).value)); list.pop(); setText(active, list.join(" "));
        } else if (what === "clear") { setText(active, ""); if (gridOn(active)) gridOf(active).clear(); }
      },
      onToken: function (tok, key) {
        if (gridOn(active) && tok !== "|" && tok !== "/") {
          brush = tok;
          keypad.querySelectorAll(".key").forEach(function (k) { k.classList.toggle("picked", k === key); });
          gridOf(active).showBrush();
          return;
        }
        append(active, tok);
      }
    });
  }

  /* -- tile grid editors (CT-9): tap a keypad tile, tap a cell; tap a tile again to clear ---------- */
  function makeGrid(editor, box) {
    var cellsEl = editor.querySelector(".grid-cells"), brushEl = editor.querySelector(".brush-face");
    var rows = 6, cols = 7, cells = [];

    function blank() { cells = []; for (var r = 0; r < rows; r++) { cells.push(new Array(cols).fill(null)); } }

    function fromText(text) {
      var lines = text.split(/[/\n]/).map(function (line) { return tokens(line); });
      var width = Math.max.apply(null, lines.map(function (l) { return l.length; }).concat([0]));
      rows = Math.max(6, lines.length + 1); cols = Math.max(7, width + 1);
      blank();
      lines.forEach(function (line, r) {
        line.forEach(function (tok, c) { cells[r][c] = tok === "." ? null : tok.toUpperCase(); });
      });
      render();
    }

    function toText() {
      var top = rows, bottom = -1, left = cols, right = -1;
      cells.forEach(function (row, r) { row.forEach(function (t, c) {
        if (t) { top = Math.min(top, r); bottom = Math.max(bottom, r); left = Math.min(left, c); right = Math.max(right, c); }
      }); });
      if (bottom < 0) return "";
      var out = [];
      for (var r = top; r <= bottom; r++) {
        var row = cells[r].slice(left, right + 1).map(function (t) { return t || "."; });
        while (row.length && row[row.length - 1] === ".") row.pop();
        out.push(row.length ? row.join(" ") : ".");
      }
      return out.join(" / ");
    }

    /* A table of buttons: screen readers walk its rows and cells; a tile's name starts with
       what the cell shows, so a voice-control user can say it. */
    function render() {
      var body = cellsEl.tBodies[0];
      body.textContent = "";
      cells.forEach(function (row, r) {
        var tr = body.insertRow();
        row.forEach(function (tok, c) {
          var b = document.createElement("button");
          b.type = "button"; b.className = "grid-cell"; b.dataset.row = r; b.dataset.col = c;
          b.setAttribute("aria-label", (tok ? _("%(tile)s, tap to clear; ", { tile: spoken(tok) }) : _("Empty: "))
                         + _("row %(row)s, column %(column)s", { row: r + 1, column: c + 1 }));
          if (tok) b.appendChild(face(tok));
          tr.insertCell().appendChild(b);
        });
      });
    }

    function grow(r, c) {
      if (r === rows - 1 && rows < 20) { rows++; cells.push(new Array(cols).fill(null)); }
      if (c === cols - 1 && cols < 20) { cols++; cells.forEach(function (row) { row.push(null); }); }
    }

    cellsEl.addEventListener("click", function (e) {
      var b = e.target.closest(".grid-cell");
      if (!b) return;
      var r = Number(b.dataset.row), c = Number(b.dataset.col);
      if (cells[r][c]) cells[r][c] = null;
      else if (brush) { cells[r][c] = brush; grow(r, c); }
      else { brushEl.textContent = _("pick a tile on the keypad first"); return; }
      render();
      fieldOf(box).value = toText();
      renderChips(box);
    });
    editor.querySelector(".grid-tools").addEventListener("click", function (e) {
      var what = e.target.dataset && e.target.dataset.grid;
      if (what === "row") grow(rows - 1, -1);
      if (what === "col") grow(-1, cols - 1);
      if (what === "clear") { blank(); setTextRaw(""); }
      render();
    });
    function setTextRaw(text) { fieldOf(box).value = text; renderChips(box); }

    var self = {
      on: false, fromText: fromText, render: render,
      clear: function () { blank(); render(); },
      showBrush: function () { brushEl.textContent = ""; if (brush) brushEl.appendChild(face(brush)); },
      show: function (on) { self.on = on; editor.hidden = !on; }
    };
    return self;
  }

  /* Each table that may be a grid: its editor, and the "One set / Table grid" switch above its field. */
  form.querySelectorAll(".grid-editor[data-for]").forEach(function (editor) {
    var box = form.querySelector('.cards-box[data-field="' + editor.dataset.for + '"]');
    var modes = form.querySelector('.grid-modes[data-for="' + editor.dataset.for + '"]');
    if (!box || !modes) return;
    var grid = grids[box.dataset.field] = makeGrid(editor, box);
    var setMode = function (on) {
      grid.show(on);
      modes.querySelectorAll("button").forEach(function (b) {
        b.setAttribute("aria-pressed", (b.dataset.mode === "grid") === on ? "true" : "false");
      });
      activate(box);
      if (on) grid.fromText(fieldOf(box).value);
      else keypad.querySelectorAll(".key").forEach(function (k) { k.classList.remove("picked"); });
      renderChips(box);
    };
    modes.hidden = false;
    modes.addEventListener("click", function (e) {
      var b = e.target.closest("button");
      if (b) setMode(b.dataset.mode === "grid");
    });
    setMode(/[/\n]|(^|\s)\.(\s|$)/.test(fieldOf(box).value));
  });
  /* The keys type into the first field to begin with (the meld checker's grid did this already). */
  var firstBox = form.querySelector('.cards-box[data-field="cards"]') || boxes[0];
  if (firstBox && (firstBox.dataset.field !== "cards" || Object.keys(grids).length)) activate(firstBox);

  /* -- after Check: the verdict takes focus, so a screen reader reads it before the form ---------- */
  var verdict = document.getElementById("verdict");
  if (verdict && /[?&]action=/.test(location.search)) verdict.focus({ preventScroll: true });

  /* -- sharing: the address bar shows the verdict's short link; Share sends it ------------------ */
  var share = document.getElementById("share-link");
  if (share) {
    // the address bar keeps its own host (the link itself may name the LAN address, for other phones)
    if (window.history && history.replaceState) history.replaceState(null, "", share.pathname + share.search);
    var button = document.querySelector("[data-share]");
    button.hidden = false;
    button.addEventListener("click", function () {
      if (navigator.share) { navigator.share({ title: document.title, url: share.href }).catch(function () {}); return; }
      if (navigator.clipboard) navigator.clipboard.writeText(share.href).then(function () { button.textContent = _("Link copied"); });
    });
  }
}

start();
