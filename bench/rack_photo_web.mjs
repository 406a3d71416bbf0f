// Times the phone's runtime: onnxruntime-web's WebAssembly build (vendored in static/vendor), one
// thread, in Node, on the committed models: the detector once (twice for a far rack's closer
// look) and the reader on TILES tiles in every look (reading.LOOKS: the reading's own and the
// further ones that mark a chip unsure), as one photo costs. Prints JSON. Run by
// bench/rack_photo_bench.py --web.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../scorekeeper/static/", import.meta.url));
const ort = await import(`${root}vendor/onnxruntime-web/ort.wasm.min.mjs`);
// the phone's own sizes (the script touches the page only when it reads a photo)
const { DETECT_W, DETECT_H, READ_W, READ_H, LOOKS } = await import(`${root}js/rack-photo-read.js`);
ort.env.wasm.numThreads = 1;
ort.env.wasm.wasmPaths = `${root}vendor/onnxruntime-web/`;
const tiles = Number(process.argv[2] || 16);
const runs = Number(process.argv[3] || 30);
const open = (name) => ort.InferenceSession.create(readFileSync(`${root}rack-photo/${name}.onnx`));
const [detector, reader] = [await open("detector"), await open("reader")];
const random = (n) => new Float32Array(n).map(() => Math.random());
const image = new ort.Tensor("float32", random(3 * DETECT_H * DETECT_W), [1, 3, DETECT_H, DETECT_W]);
const cut = tiles * (1 + LOOKS.length);
const crops = new ort.Tensor("float32", random(cut * 3 * READ_H * READ_W), [cut, 3, READ_H, READ_W]);
const timed = async (looks) => {
  const times = [];
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    for (let look = 0; look < looks; look++) await detector.run({ image });
    await reader.run({ tiles: crops });
    if (i >= 3) times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: times[runs >> 1], p95: times[Math.floor(runs * 0.95)] };
};
console.log(JSON.stringify({ tiles, runs, ...(await timed(1)), closer: await timed(2) }));
