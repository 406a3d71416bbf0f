#!/usr/bin/env bash
# make model: the rack photo models from nothing (docs/rack-photo.md). Fonts fetched, racks
# rendered, both networks trained side by side on the CPU, exported to scorekeeper/static/rack-photo
# with their reference outputs, and the thresholds tried on the tuning split.
# MINUTES (default 40) scales every run (the runs below are in minutes at MINUTES=40: the detector's
# take 3 h 15 min, the reader's 2 h 20 min beside them, then 80 minutes each on the wider racks, then
# 140 minutes each on both renderers' racks and 125 on made-up jokers too, then 60 minutes of the
# reader on moulded racks, on two cores); RACKS (default 8000) the training racks. KEPT (a path, optional): the rack photos
# players chose to keep on a host, its export (scorekeeper kept-photos export, a zip) or its folder
# (instance/kept-photos): kept.py makes them a chunk beside the rendered racks (train-kept.npz), so
# every run below learns from them too, the last ones (warm starts at low rates) fine-tuning on
# them; without KEPT an earlier kept chunk is dropped.
set -euo pipefail
KEPT="${KEPT:+$(realpath "$KEPT")}"
cd "$(dirname "$0")/../.."
MINUTES="${MINUTES:-40}"
RACKS="${RACKS:-8000}"
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
if [ -n "$KEPT" ]; then
    $py kept.py "$KEPT" "../../$data/train-kept.npz"
else
    rm -f "../../$data/train-kept.npz"
fi
# each network's runs as the committed ones were made (docs/rack-photo.md), each warm-started from
# the one before at a lower rate: minutes at MINUTES=40, and learning rate
DETECTOR_RUNS="40:2e-3 25:1e-3 70:1e-3 35:5e-4 25:2.5e-4"
READER_RUNS="40:2e-3 65:1e-3 35:5e-4"
scaled() {  # minutes at MINUTES=40: the minutes at this MINUTES
    awk "BEGIN { print $1 * $MINUTES / 40 }"
}
kept() {  # a run's folder, kind: its model and reference outputs are the ones build/model keeps
    cp "$1/$2.onnx" "$1/$2.ref.npz" ../../build/model/
}
chain() {  # kind, runs: the runs in order, the last one's model copied to build/model
    local kind=$1 warm="" n=0 out="" minutes
    for run in $2; do
        n=$((n + 1))
        out="../../build/model/$kind-$n"
        mkdir -p "$out"
        minutes=$(scaled "${run%%:*}")
        $py train.py "$kind" "../../$data" "$out" --minutes "$minutes" --lr "${run##*:}" ${warm:+--warm "$warm"}
        warm="$out/$kind.pt"
    done
    kept "$out" "$kind"
}
chain detector "$DETECTOR_RUNS" &
chain reader "$READER_RUNS" &
wait
# then both fine-tuned on the wider racks mixed with the first renderer's (issue 37; the committed
# models of 4 December): 3,000 wider racks and tuning racks of both, the first 6,000 of render.py's
# racks beside them, each network brought back from its ONNX (warm.py: batch norms folded) and
# trained 80 minutes (at MINUTES=40) with its norms frozen; never a photo of renderer B (scene/)
mix="../../build/racks-mix"
mkdir -p "$mix"
[ -f "$mix/tune-w.npz" ] || $py data.py 850000 150 "$mix/tune-w.npz" wide
for ((c = 0; c < 6; c++)); do
    [ -f "$mix/train-w$c.npz" ] || $py data.py $((300000 + c * 500)) 500 "$mix/train-w$c.npz" wide
    if [ -f "../../$data/train$c.npz" ]; then ln -sf "$(realpath "../../$data/train$c.npz")" "$mix/train$c.npz"; fi
done
ln -sf "$(realpath "../../$data/tune.npz")" "$mix/tune.npz"
if [ -n "$KEPT" ]; then
    ln -sf "$(realpath "../../$data/train-kept.npz")" "$mix/train-kept.npz"
else
    rm -f "$mix/train-kept.npz"
fi
wider() {  # kind, learning rate
    local kind=$1 out="../../build/model/$1-wider"
    mkdir -p "$out"
    $py warm.py "$kind" "../../build/model/$kind.onnx" "$out/$kind-warm.pt"
    $py train.py "$kind" "$mix" "$out" --warm "$out/$kind-warm.pt" --frozen-norm --lr "$2" \
        --minutes "$(scaled 80)"
    kept "$out" "$kind"
}
wider detector 7e-4 &
wider reader 5e-4 &
wait
# then both trained on renderer B's photos too (issue 37; the committed models of 5 December): a run
# of 40 minutes (at MINUTES=40) on 3,000 of render.rack's racks, 1,500 wider ones and 3,000 of renderer
# B's b-train racks (norms frozen, from the wider models' ONNX), then 100 minutes more at lower rates
# on 6,000, 3,000 and 6,000, then 65 and 60 minutes with 3,000 b-any racks beside them (the reader's
# crops turned up to 12 degrees in the last); tuning racks of every kind; never renderer C's photos
# (webscene/)
renderer_b() {  # folder, name, tuning kind, its first seed and racks, training kind, its first seed, chunks of 250
    mkdir -p "$1"
    [ -f "$1/tune-$2.npz" ] || $py data.py "$4" "$5" "$1/tune-$2.npz" "$3"
    for ((c = 0; c < $8; c++)); do
        [ -f "$1/train-$2$c.npz" ] || $py data.py $(($7 + c * 250)) 250 "$1/train-$2$c.npz" "$6"
    done
}
bdir="../../build/racks-b"
renderer_b "$bdir" b b-tune 2800000 300 b-train 2000000 24
both_data() {  # folder, chunks of render.rack's (1,000 racks), wider (500), renderer B's (250)
    mkdir -p "$1"
    rm -f "$1"/*.npz
    for ((c = 0; c < $2; c++)); do ln -sf "$(realpath "../../$data/train$c.npz")" "$1/"; done
    for ((c = 0; c < $3; c++)); do ln -sf "$(realpath "$mix/train-w$c.npz")" "$1/"; done
    for ((c = 0; c < $4; c++)); do ln -sf "$(realpath "$bdir/train-b$c.npz")" "$1/"; done
    ln -sf "$(realpath "../../$data/tune.npz")" "$(realpath "$mix/tune-w.npz")" "$(realpath "$bdir/tune-b.npz")" "$1/"
    if [ -n "$KEPT" ]; then ln -sf "$(realpath "../../$data/train-kept.npz")" "$1/"; fi
}
both_data ../../build/racks-ab 3 3 12
both_data ../../build/racks-ab2 6 6 24
# and jokers of no edition (b-any: renderer B's racks with jokers made up at random, scene/doodles.py)
anydir="../../build/racks-any"
renderer_b "$anydir" any b-any 2480000 150 b-any 2400000 12
both_data ../../build/racks-ab3 6 6 24
for f in "$anydir"/*.npz; do ln -sf "$(realpath "$f")" ../../build/racks-ab3/; done
both() {  # kind, the four runs' rates, the last run's turn of the reader's crops (optional)
    local kind=$1 out="../../build/model/$1-both"
    mkdir -p "$out-1" "$out-2" "$out-3" "$out-4"
    $py warm.py "$kind" "../../build/model/$kind.onnx" "$out-1/$kind-warm.pt"
    $py train.py "$kind" ../../build/racks-ab "$out-1" --warm "$out-1/$kind-warm.pt" --frozen-norm --lr "$2" \
        --minutes "$(scaled 40)"
    $py train.py "$kind" ../../build/racks-ab2 "$out-2" --warm "$out-1/$kind.pt" --frozen-norm --lr "$3" \
        --minutes "$(scaled 100)"
    $py train.py "$kind" ../../build/racks-ab3 "$out-3" --warm "$out-2/$kind.pt" --frozen-norm --lr "$4" \
        --minutes "$(scaled 65)"
    $py train.py "$kind" ../../build/racks-ab3 "$out-4" --warm "$out-3/$kind.pt" --frozen-norm --lr "$5" \
        --minutes "$(scaled 60)" ${6:+--turn "$6"}
    kept "$out-4" "$kind"
}
both detector 7e-4 5e-4 2.5e-4 1.5e-4 &
both reader 5e-4 3.5e-4 2.5e-4 2e-4 12 &
wait
# then the reader 60 minutes more (at MINUTES=40) with 3,000 b-slots racks beside (renderer B's
# racks moulded into compartments, with empty room), its crops turned up to 12 degrees and half of
# them blurred (the committed reader since 5 December, build/model/ab5; the detector stays the one
# above: docs/rack-photo.md, "Moulded racks and tiles out of focus")
slotsdir="../../build/racks-slots"
renderer_b "$slotsdir" slots b-slots 2680000 150 b-slots 2600000 12
mkdir -p ../../build/racks-ab5 ../../build/model/reader-slots
rm -f ../../build/racks-ab5/*.npz  # as both_data: no link left to a chunk dropped since (KEPT)
for f in ../../build/racks-ab3/*.npz "$slotsdir"/*.npz; do ln -sf "$(realpath "$f")" ../../build/racks-ab5/; done
$py train.py reader ../../build/racks-ab5 ../../build/model/reader-slots --warm ../../build/model/reader-both-4/reader.pt \
    --frozen-norm --lr 1.5e-4 --minutes "$(scaled 60)" --turn 12 --blur 2.5
kept ../../build/model/reader-slots reader
cd ../..
cp build/model/{detector,reader}.onnx build/model/{detector,reader}.ref.npz scorekeeper/static/rack-photo/
.venv/bin/python tools/rackphoto/tune.py
echo "model: done; set the thresholds tune.py printed in scorekeeper/photo/reading.py and rack-photo-read.js,"
echo "then write the test photos again: .venv/bin/python tools/rackphoto/fixtures.py"
