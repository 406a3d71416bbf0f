#!/usr/bin/env bash
# make model: the rack photo models from nothing (docs/rack-photo.md). Fonts fetched, racks
# rendered, both networks trained side by side on the CPU, exported to scorekeeper/static/rack-photo
# with their reference outputs, and the thresholds tried on the tuning split.
# MINUTES (default 40) is each network's first run (the warm starts take 5/8, 7/4 and 13/8 of it:
# about 2 h 15 min in all on two cores); RACKS (default 4000) the training racks.
set -euo pipefail
cd "$(dirname "$0")/../.."
MINUTES="${MINUTES:-40}"
RACKS="${RACKS:-4000}"
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
# each network learns on after its first run in warm starts at a lower rate, as the committed ones
# were made: the detector 40, 25 and 70 minutes, the reader 40 and 65 (docs/rack-photo.md)
mkdir -p ../../build/model/warm1 ../../build/model/warm2 ../../build/model/read1
(
    $py train.py detector "../../$data" ../../build/model/warm1 --minutes "$MINUTES"
    $py train.py detector "../../$data" ../../build/model/warm2 --minutes $((MINUTES * 5 / 8)) --lr 1e-3 \
        --warm ../../build/model/warm1/detector.pt
    $py train.py detector "../../$data" ../../build/model --minutes $((MINUTES * 7 / 4)) --lr 1e-3 \
        --warm ../../build/model/warm2/detector.pt
) &
(
    $py train.py reader "../../$data" ../../build/model/read1 --minutes "$MINUTES"
    $py train.py reader "../../$data" ../../build/model --minutes $((MINUTES * 13 / 8)) --lr 1e-3 \
        --warm ../../build/model/read1/reader.pt
) &
wait
cd ../..
cp build/model/{detector,reader}.onnx build/model/{detector,reader}.ref.npz scorekeeper/static/rack-photo/
.venv/bin/python tools/rackphoto/tune.py
echo "model: done; set the thresholds tune.py printed in scorekeeper/photo/reading.py and rack-photo-read.js,"
echo "then write the test photos again: .venv/bin/python tools/rackphoto/fixtures.py"
