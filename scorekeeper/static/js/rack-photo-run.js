/* A rack photo read on the phone (Snap the rack, beta; docs/rack-photo.md): the photo decoded into a
   work image, onnxruntime-web (static/vendor/) and the two models loaded, and the tiles read with
   the steps of rack-photo-read.js (reading.py's), as scorekeeper/photo/photo.py does on the
   server. The photo never leaves the phone: the runtime and the models are imported only on first
   use; the service worker keeps them afterwards. */
import {
  DETECT_H, DETECT_W, LOOKS, READ_H, READ_W, SURE_COLOUR, SURE_FOUND, SURE_NUMBER, WORK_LONG,
  barely_read, chips_and_spots, closer, doubted, every_look, find_boxes, letterbox, maybe_missed, odd_sizes,
  py_round, read_tokens, whole,
} from "./rack-photo-read.js";

/* The photo as an image of 0..1, its longer side at most WORK_LONG (photo.decode; a decoded
   ImageBitmap is turned as its EXIF says already). */
export function work_image(bitmap) {
  var scale = Math.min(1, WORK_LONG / Math.max(bitmap.width, bitmap.height));
  var w = Math.max(1, py_round(bitmap.width * scale)), h = Math.max(1, py_round(bitmap.height * scale));
  var canvas = document.createElement("canvas");
  canvas.width = w; canvas.height = h;
  var g = canvas.getContext("2d", { willReadFrequently: true });
  g.imageSmoothingQuality = "high";
  g.drawImage(bitmap, 0, 0, w, h);
  var rgba = g.getImageData(0, 0, w, h).data, data = new Float32Array(w * h * 3);
  for (var n = 0, m = 0; n < rgba.length; n += 4, m += 3) {
    data[m] = rgba[n] / 255; data[m + 1] = rgba[n + 1] / 255; data[m + 2] = rgba[n + 2] / 255;
  }
  return { width: w, height: h, data: data };
}

var loading = null;

/* onnxruntime-web and the two models, loaded once (urls: the page's data-runtime, data-loader,
   data-wasm, data-detector, data-reader, all versioned, so the service worker keeps them). One
   thread: no workers and no cross-origin isolation. A failed load is tried again next time. */
export function load(urls) {
  if (!loading) {
    loading = import(urls.runtime).then(function (ort) {
      var whole = function (url) { return new URL(url, document.baseURI).href; };
      ort.env.wasm.numThreads = 1;
      ort.env.wasm.proxy = false;
      ort.env.wasm.wasmPaths = { mjs: whole(urls.loader), wasm: whole(urls.wasm) };
      var options = { executionProviders: ["wasm"] };
      return Promise.all([ort.InferenceSession.create(whole(urls.detector), options),
                          ort.InferenceSession.create(whole(urls.reader), options)]).then(function (s) {
        return { ort: ort, detector: s[0], reader: s[1] };
      });
    });
    loading.catch(function () { loading = null; });
  }
  return loading;
}

/* The tiles on a work image, in reading order, and where a tile may be missed: {tiles: [{token,
   box: [x0, y0, x1, y1] in work pixels, unsure}], maybe: [[x0, y0, x1, y1]]} (photo.read_image). */
export function read(image, urls) {
  return load(urls).then(function (rt) {
    /* the detector's tiles in one view, and where it may have missed one (photo.detect) */
    var detect = function (view) {
      var x = new rt.ort.Tensor("float32", letterbox(image, view), [1, 3, DETECT_H, DETECT_W]);
      return rt.detector.run({ image: x }).then(function (out) {
        var h = out.heat.dims[2], w = out.heat.dims[3], tiles = find_boxes(out.heat.data, h, w, view);
        return { tiles: tiles, maybe: maybe_missed(out.heat.data, h, w, view, tiles) };
      });
    };
    var corners = function (b) { return [b.x0, b.y0, b.x1, b.y1]; };
    /* looked at again closer when the tiles are small; the first look's if that finds none
       (photo.find_tiles) */
    return detect(whole(image)).then(function (first) {
      var view = closer(first.tiles, whole(image));
      return view ? detect(view).then(function (near) { return near.tiles.length ? near : first; }) : first;
    }).then(function (look) {
      var shown = chips_and_spots(look.tiles, look.maybe);
      var boxes = shown.boxes, maybe = shown.maybe.map(corners);
      if (!boxes.length) { return { tiles: [], maybe: maybe }; }
      var n = boxes.length, looks = 1 + LOOKS.length;
      var tiles = new rt.ort.Tensor("float32", every_look(image, boxes), [looks * n, 3, READ_H, READ_W]);
      return rt.reader.run({ tiles: tiles }).then(function (said) {
        var t = read_tokens(said.number.data, said.colour.data, n), odd = odd_sizes(boxes);
        var doubt = doubted(said.number.data, n), apart = barely_read(t.tokens, t.sure_n);
        var chips = boxes.map(function (b, k) {
          return { token: t.tokens[k], box: corners(b),
                   unsure: b.sure < SURE_FOUND || t.sure_n[k] < SURE_NUMBER || t.sure_c[k] < SURE_COLOUR ||
                           odd[k] || doubt[k] };
        });
        /* a tile the reader barely believes is a spot where a tile may be, not a chip */
        return { maybe: maybe.concat(chips.filter(function (c, k) { return apart[k]; }).map(function (c) { return c.box; })),
                 tiles: chips.filter(function (c, k) { return !apart[k]; }) };
      });
    });
  });
}
