/* Reading a rack photo on the phone (Snap the rack, beta; docs/rack-photo.md): the same steps as
   scorekeeper/photo/reading.py, which is the contract. The constants and the steps keep the Python
   names (find_boxes, in_reading_order, ...), so the two read side by side; a browser test compares
   their sampling on the same image (tests/browser/test_rack_photo_read_browser.py).

   An image here is {width, height, data}: data a Float32Array of height x width x 3 values 0..1,
   as numpy's H x W x 3. The photo decoded and the two models run over these steps:
   rack-photo-run.js (photo/photo.py's part). */

/* reading.py's constants, one for one */
export var DETECT_W = 448, DETECT_H = 336, STRIDE = 4;
export var READ_W = 32, READ_H = 48;
export var WORK_LONG = 1024;
export var PAD = 0.5;
export var DETECT = 0.45;
export var OVERLAP = 0.6;
export var MARGIN = 0.08;
export var SURE_FOUND = 0.5, SURE_NUMBER = 0.98, SURE_COLOUR = 0.6;
export var ODD_SIZE = 1.35, SIZE_PEERS = 3;
export var SMALL = 2.0;  /* a box under the others' median height over SMALL is a spot, not a tile */
export var LOOKS = [[0.08, 0.07, 0.0]];  /* the reader's further looks: margin, shift across, down */
export var JOKER_DOUBT = 0.03;  /* a number read where the joker is this likely is unsure */
/* a chip read as the joker, or a number, with less belief than these is a spot, not a chip */
export var JOKER_APART = 0.4, NUMBER_APART = 0.25;
export var ZOOM_BELOW = 28, ZOOM_TALL = 36, ZOOM_MARGIN = 1.0, ZOOM_GAIN = 1.2;  /* the closer look */
export var MAYBE = 0.1, MAYBE_OVERLAP = 0.3;  /* a spot where a tile may be missed */
export var COLOUR_LETTERS = "KBRG";
export var JOKER = 13;
export var MOST_TILES = 106;  /* the whole set: the search stops there */

/* Python's round(): halves to the even neighbour (round(2.5) == 2), not up as Math.round. */
export function py_round(x) {
  var r = Math.round(x);
  return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}
function clip(x, lo, hi) { return Math.min(Math.max(x, lo), hi); }
function sigmoid(x) { return Math.fround(1 / (1 + Math.exp(-x))); }  /* float32, as numpy's on float32 */
export function median(values) {
  var s = values.slice().sort(function (a, b) { return a - b; }), m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
function height(b) { return b.y1 - b.y0; }

/* The rectangle (x0, y0)-(x1, y1) of an image sampled bilinearly into h x w x 3, at pixel
   centres, edges clamped (reading.sample). */
export function sample(image, x0, y0, x1, y1, w, h) {
  var W = image.width, H = image.height, src = image.data, out = new Float32Array(h * w * 3);
  var xa = new Int32Array(w), xb = new Int32Array(w), fx = new Float64Array(w);
  for (var i = 0; i < w; i++) {
    var xs = clip(x0 + (i + 0.5) * (x1 - x0) / w - 0.5, 0, W - 1);
    xa[i] = Math.floor(xs); xb[i] = Math.min(xa[i] + 1, W - 1); fx[i] = xs - xa[i];
  }
  for (var r = 0; r < h; r++) {
    var ys = clip(y0 + (r + 0.5) * (y1 - y0) / h - 0.5, 0, H - 1);
    var ya = Math.floor(ys), yb = Math.min(ya + 1, H - 1), fy = ys - ya;
    for (var c = 0; c < w; c++) {
      for (var k = 0; k < 3; k++) {
        var top = src[(ya * W + xa[c]) * 3 + k] * (1 - fx[c]) + src[(ya * W + xb[c]) * 3 + k] * fx[c];
        var bottom = src[(yb * W + xa[c]) * 3 + k] * (1 - fx[c]) + src[(yb * W + xb[c]) * 3 + k] * fx[c];
        out[(r * w + c) * 3 + k] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return out;
}

/* h x w x 3 values written as planes (numpy's transpose(2, 0, 1)) into `into` from `offset`, whose
   planes are `rows` x `cols` (the sample goes top left). */
function planar(hwc, w, h, into, offset, rows, cols) {
  for (var r = 0; r < h; r++) {
    for (var c = 0; c < w; c++) {
      for (var k = 0; k < 3; k++) { into[offset + k * rows * cols + r * cols + c] = hwc[(r * w + c) * 3 + k]; }
    }
  }
}

/* The whole work image, as large as the detector's box holds it: a view {x0, y0, x1, y1, scale},
   scale in detector pixels a work pixel (reading.whole). */
export function whole(image) {
  return { x0: 0, y0: 0, x1: image.width, y1: image.height,
           scale: Math.min(DETECT_W / image.width, DETECT_H / image.height) };
}

/* The detector's input [1, 3, DETECT_H, DETECT_W]: the view sampled top left, grey around it
   (reading.letterbox). */
export function letterbox(image, view) {
  var w = Math.max(1, py_round((view.x1 - view.x0) * view.scale));
  var h = Math.max(1, py_round((view.y1 - view.y0) * view.scale));
  var box = new Float32Array(3 * DETECT_H * DETECT_W).fill(PAD);
  planar(sample(image, view.x0, view.y0, view.x1, view.y1, w, h), w, h, box, 0, DETECT_H, DETECT_W);
  return box;
}

/* The span `size` long about the middle of lo..hi, moved to lie within least..most (cut to it when
   longer) (reading._framed). */
function framed(lo, hi, size, least, most) {
  var start = Math.max(least, Math.min((lo + hi - size) / 2, most - size));
  return [start, Math.min(most, start + size)];
}

/* A closer view of the tiles found when they are small in the detector's box, framed to the box's
   shape, or null (reading.closer). */
export function closer(boxes, view) {
  if (!boxes.length) { return null; }
  var tall = median(boxes.map(height));
  if (tall * view.scale >= ZOOM_BELOW) { return null; }
  var margin = ZOOM_MARGIN * tall;
  var least = function (key) { return Math.min.apply(null, boxes.map(function (b) { return b[key]; })); };
  var most = function (key) { return Math.max.apply(null, boxes.map(function (b) { return b[key]; })); };
  var x0 = Math.max(view.x0, least("x0") - margin), y0 = Math.max(view.y0, least("y0") - margin);
  var x1 = Math.min(view.x1, most("x1") + margin), y1 = Math.min(view.y1, most("y1") + margin);
  if (x1 - x0 < 1 || y1 - y0 < 1) { return null; }  /* every box off the photo (found in the grey) */
  var scale = Math.min(DETECT_W / (x1 - x0), DETECT_H / (y1 - y0), ZOOM_TALL / tall);
  if (scale < view.scale * ZOOM_GAIN) { return null; }
  var xs = framed(x0, x1, DETECT_W / scale, view.x0, view.x1), ys = framed(y0, y1, DETECT_H / scale, view.y0, view.y1);
  return { x0: xs[0], y0: ys[0], x1: xs[1], y1: ys[1], scale: scale };
}

/* Intersection over the smaller box (a tile inside a bigger box is the same tile). */
function overlap(a, b) {
  var w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0), h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) { return 0; }
  return w * h / Math.min((a.x1 - a.x0) * height(a), (b.x1 - b.x0) * height(b));
}

/* The detector map's peaks (each cell surest of its 3 x 3, zero outside the map) at least `least`
   sure, as boxes {x0, y0, x1, y1, sure} in work pixels, surest first (reading._peaks). */
function peaks(heat, h, w, view, least) {
  var plane = h * w, p = new Float32Array(plane), found = [];
  for (var n = 0; n < plane; n++) { p[n] = sigmoid(heat[n]); }
  for (var i = 0; i < h; i++) {
    for (var j = 0; j < w; j++) {
      var here = p[i * w + j], peak = 0;
      for (var di = -1; di <= 1; di++) {
        for (var dj = -1; dj <= 1; dj++) {
          var y = i + di, x = j + dj;
          if (y >= 0 && y < h && x >= 0 && x < w) { peak = Math.max(peak, p[y * w + x]); }
        }
      }
      if (here >= least && here >= peak) { found.push([i, j]); }
    }
  }
  found.sort(function (a, b) { return p[b[0] * w + b[1]] - p[a[0] * w + a[1]]; });  /* stable, as sorted() */
  return found.map(function (ij) {
    var at = ij[0] * w + ij[1];
    var cx = view.x0 + (ij[1] + sigmoid(heat[plane + at])) * STRIDE / view.scale;
    var cy = view.y0 + (ij[0] + sigmoid(heat[2 * plane + at])) * STRIDE / view.scale;
    var bw = Math.exp(clip(heat[3 * plane + at], -3, 4)) * STRIDE / view.scale;
    var bh = Math.exp(clip(heat[4 * plane + at], -3, 4)) * STRIDE / view.scale;
    return { x0: cx - bw / 2, y0: cy - bh / 2, x1: cx + bw / 2, y1: cy + bh / 2, sure: p[at] };
  });
}

/* `boxes` in order, each kept unless it overlaps `others` or a kept one by more than `most`; at
   most MOST_TILES (reading._apart). */
function apart(boxes, others, most) {
  var kept = [];
  function clear(box) { return function (other) { return overlap(box, other) <= most; }; }
  for (var f = 0; f < boxes.length && kept.length < MOST_TILES; f++) {
    var box = boxes[f];
    if (others.every(clear(box)) && kept.every(clear(box))) { kept.push(box); }
  }
  return kept;
}

/* Tiles on the detector's map (heat: [5, h, w] flat) of a view, in work pixels, surest first,
   overlaps dropped, at most MOST_TILES (reading.find_boxes). A box: {x0, y0, x1, y1, sure}. */
export function find_boxes(heat, h, w, view) {
  return apart(peaks(heat, h, w, view, DETECT), [], OVERLAP);
}

/* Where a tile may have been missed: peaks at least MAYBE sure but under DETECT, centred in the
   view, that no tile found covers by more than MAYBE_OVERLAP, nor one another (reading.maybe_missed). */
export function maybe_missed(heat, h, w, view, tiles) {
  var inside = peaks(heat, h, w, view, MAYBE).filter(function (b) {
    var cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2;
    return b.sure < DETECT && view.x0 <= cx && cx <= view.x1 && view.y0 <= cy && cy <= view.y1;
  });
  return apart(inside, tiles, MAYBE_OVERLAP);
}

/* Rows top to bottom (a new row where a centre is lower than the row's by more than half a
   tile), each left to right (reading.in_reading_order). */
export function in_reading_order(boxes) {
  if (!boxes.length) { return []; }
  var tall = median(boxes.map(height)), rows = [];
  boxes.slice().sort(function (a, b) { return (a.y0 + a.y1) - (b.y0 + b.y1); }).forEach(function (box) {
    var row = rows[rows.length - 1];
    var mean = row ? row.reduce(function (s, b) { return s + (b.y0 + b.y1) / 2; }, 0) / row.length : 0;
    if (row && (box.y0 + box.y1) / 2 - mean <= tall / 2) { row.push(box); } else { rows.push([box]); }
  });
  return [].concat.apply([], rows.map(function (row) {
    return row.sort(function (a, b) { return (a.x0 + a.x1) - (b.x0 + b.x1); });
  }));
}

/* The reader's input [n, 3, READ_H, READ_W]: each box widened by the look's margin (MARGIN, the
   reading's own) and moved by its shift across and down, in box sizes (reading.crops). */
export function crops(image, boxes, look) {
  var margin = look ? look[0] : MARGIN, sx = look ? look[1] : 0, sy = look ? look[2] : 0;
  var out = new Float32Array(boxes.length * 3 * READ_H * READ_W);
  boxes.forEach(function (b, k) {
    var w = b.x1 - b.x0, h = height(b), mx = w * margin, my = h * margin, dx = w * sx, dy = h * sy;
    planar(sample(image, b.x0 - mx + dx, b.y0 - my + dy, b.x1 + mx + dx, b.y1 + my + dy, READ_W, READ_H),
           READ_W, READ_H, out, k * 3 * READ_H * READ_W, READ_H, READ_W);
  });
  return out;
}

/* The reader's input for the reading's own look then each of LOOKS, read in one run
   (reading.every_look). */
export function every_look(image, boxes) {
  var parts = [crops(image, boxes)].concat(LOOKS.map(function (look) { return crops(image, boxes, look); }));
  var out = new Float32Array(parts.length * boxes.length * 3 * READ_H * READ_W);
  parts.forEach(function (part, k) { out.set(part, k * part.length); });
  return out;
}

/* Boxes whose height is off the others' median by more than ODD_SIZE times; only with more than
   SIZE_PEERS boxes to compare (reading.odd_sizes). */
export function odd_sizes(boxes) {
  if (boxes.length <= SIZE_PEERS) { return boxes.map(function () { return false; }); }
  var tall = median(boxes.map(height));
  return boxes.map(function (b) { return !(tall / ODD_SIZE <= height(b) && height(b) <= tall * ODD_SIZE); });
}

/* [boxes of tile size, boxes under the others' median height divided by SMALL] (shown as spots,
   not chips); only with more than SIZE_PEERS boxes to compare (reading.small_apart). */
export function small_apart(boxes) {
  if (boxes.length <= SIZE_PEERS || !SMALL) { return [boxes, []]; }
  var tall = median(boxes.map(height));
  return [boxes.filter(function (b) { return height(b) >= tall / SMALL; }),
          boxes.filter(function (b) { return height(b) < tall / SMALL; })];
}

/* The detector's tiles and spots as the reading shows them: {boxes: the chips' boxes in reading
   order, maybe: the spots, the missed ones then the small ones} (reading.chips_and_spots). */
export function chips_and_spots(found, maybe) {
  var apart = small_apart(found);
  return { boxes: in_reading_order(apart[0]), maybe: maybe.concat(apart[1]) };
}

function softmax_rows(x, n, k) {
  var out = [];
  for (var i = 0; i < n; i++) {
    var row = Array.from(x.subarray(i * k, (i + 1) * k)), top = Math.max.apply(null, row);
    var e = row.map(function (v) { return Math.exp(v - top); }), sum = e.reduce(function (s, v) { return s + v; }, 0);
    out.push(e.map(function (v) { return v / sum; }));
  }
  return out;
}
function argmax(row) { return row.indexOf(Math.max.apply(null, row)); }  /* the first, as numpy's */

/* The reader's logits (number [n, 14], colour [n, 4], flat) as tile notation ("R3", "J"), with how
   sure each number and colour is (readout.tokens_of). */
export function tokens_of(number, colour, n) {
  return read_tokens(number.subarray(0, n * (JOKER + 1)), colour.subarray(0, n * COLOUR_LETTERS.length), n);
}

/* The logits of every look (number [(1 + LOOKS.length) * n, 14], colour [.., 4], flat) as the n
   tiles' notation, read from the mean of the looks' logits, with how sure the first look is of the
   number and the colour so read (readout.read_tokens). */
export function read_tokens(number, colour, n) {
  var looks = number.length / (n * (JOKER + 1));
  var mean = function (x) {
    var size = x.length / looks, out = new Float32Array(size);
    for (var i = 0; i < size; i++) {
      var sum = 0;
      for (var look = 0; look < looks; look++) { sum += x[look * size + i]; }
      out[i] = sum / looks;
    }
    return out;
  };
  var kn = JOKER + 1, kc = COLOUR_LETTERS.length, mn = mean(number), mc = mean(colour);
  var pn = softmax_rows(number, n, kn), pc = softmax_rows(colour, n, kc);
  var tokens = [], sure_n = [], sure_c = [];
  for (var i = 0; i < n; i++) {
    var k = argmax(Array.from(mn.subarray(i * kn, (i + 1) * kn)));
    var q = argmax(Array.from(mc.subarray(i * kc, (i + 1) * kc)));
    tokens.push(k === JOKER ? "J" : COLOUR_LETTERS.charAt(q) + (k + 1));
    sure_n.push(pn[i][k]);
    sure_c.push(k === JOKER ? 1 : pc[i][q]);
  }
  return { tokens: tokens, sure_n: sure_n, sure_c: sure_c };
}

/* Which of the n tiles to mark unsure: a further look (LOOKS; its logits follow the first look's
   in `number`) reads another number, or the first reads a number and gives the joker at least
   JOKER_DOUBT (readout.doubted). */
export function doubted(number, n) {
  var k = JOKER + 1, first = softmax_rows(number, n, k), out = [];
  for (var i = 0; i < n; i++) {
    var read = argmax(first[i]), other = false;
    for (var look = 1; look <= LOOKS.length; look++) {
      var row = Array.from(number.subarray((look * n + i) * k, (look * n + i + 1) * k));
      if (argmax(row) !== read) { other = true; }
    }
    out.push(other || (read !== JOKER && first[i][JOKER] >= JOKER_DOUBT));
  }
  return out;
}

/* Which of the tiles read (read_tokens's tokens and sure_n) the reader barely believes: a joker
   under JOKER_APART, a number under NUMBER_APART; shown as spots where a tile may be
   (readout.barely_read). */
export function barely_read(tokens, sure_n) {
  return tokens.map(function (token, k) { return sure_n[k] < (token === "J" ? JOKER_APART : NUMBER_APART); });
}
