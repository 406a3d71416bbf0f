#!/usr/bin/env bash
# make model: the rack photo models from nothing (docs/rack-photo.md). Fonts fetched, racks
# rendered, both networks trained side by side on the CPU, exported to scorekeeper/static/rack-photo
# with their reference outputs, and the thresholds tried on the tuning split.
# MINUTES (default 40) is each network's training time; RACKS (default 6000) the training racks.
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES="${MINUTES:-40}"
RACKS="${RACKS:-6000}"
venv=build/train-venv
if [ ! -x "$venv/bin/python" ]; then
    "${PYTHON:-python3}" -m venv "$venv"
    # torch's CPU build (its own index; a machine with the wheel on disk takes that)
    "$venv/bin/pip" install --quiet torch==2.13.0 --extra-index-url https://download.pytorch.org/whl/cpu
    "$venv/bin/pip" install --quiet numpy pillow onnxruntime onnx onnxscript
fi
bash tools/rackphoto/fonts.sh build/fonts
data=build/racks
mkdir -p "$data" build/model
cd tools/rackphoto
py="../../$venv/bin/python"
$py data.py 800000 300 "../../$data/tune.npz"
for ((c = 0; c * 1000 < RACKS; c++)); do
    [ -f "../../$data/train$c.npz" ] || $py data.py $((100000 + c * 1000)) 1000 "../../$data/train$c.npz"
done
$py train.py detector "../../$data" ../../build/model --minutes "$MINUTES" &
$py train.py reader "../../$data" ../../build/model --minutes "$MINUTES" &
wait
cd ../..
cp build/model/{detector,reader}.onnx build/model/{detector,reader}.ref.npz scorekeeper/static/rack-photo/
.venv/bin/python tools/rackphoto/tune.py
echo "model: done; set the thresholds tune.py printed in scorekeeper/photo/reading.py and rack-photo-read.js"
