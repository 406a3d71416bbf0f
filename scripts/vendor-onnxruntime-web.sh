#!/bin/sh
# Vendor onnxruntime-web's plain WebAssembly (CPU) build into scorekeeper/static/vendor/onnxruntime-web/
# (docs/rack-photo.md): `make vendor-ort` or `sh scripts/vendor-onnxruntime-web.sh 1.30.0`.
# Needs npm once, here; `make run` then serves the committed files and needs no npm.
set -eu
VERSION=${1:?usage: $0 VERSION (an onnxruntime-web release, e.g. 1.30.0)}
HERE=$(cd "$(dirname "$0")/.." && pwd)
DEST="$HERE/scorekeeper/static/vendor/onnxruntime-web"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && npm pack --silent "onnxruntime-web@$VERSION" >/dev/null && tar xzf "onnxruntime-web-$VERSION.tgz")
DIST="$WORK/package/dist"
mkdir -p "$DEST"
rm -f "$DEST"/*.mjs "$DEST"/*.wasm
# the wasm-only bundle's API (ort.wasm.min.mjs), the Emscripten loader it imports from
# env.wasm.wasmPaths (ort-wasm-simd-threaded.mjs) and the WebAssembly it loads; nothing of WebGL,
# WebGPU, JSEP or JSPI
for f in ort.wasm.min.mjs ort-wasm-simd-threaded.mjs ort-wasm-simd-threaded.wasm; do
	cp "$DIST/$f" "$DEST/$f"
done
# the package carries no LICENSE file; onnxruntime's own (MIT), as in its repository
cat > "$DEST/LICENSE" <<'LICENSE'
MIT License

Copyright (c) 2018 - present Microsoft Corporation

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
LICENSE
echo "$VERSION" > "$DEST/VERSION"
(cd "$DEST" && sha256sum ort.wasm.min.mjs ort-wasm-simd-threaded.mjs ort-wasm-simd-threaded.wasm > SHA256SUMS)
ls -l "$DEST"
