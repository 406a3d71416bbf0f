"""Two detectors as one: a detector.onnx whose output is the mean of two detectors' outputs (rule 39,
docs/rack-photo.md). Both graphs sit side by side in one file, fed the same ``image``; their
``heat`` maps (the centre logits, offsets and log sizes) are added and halved, element by element.
The reading takes it as any detector. Run with the training venv (it needs ``onnx``):

    python tools/rackphoto/ensemble.py FIRST.onnx SECOND.onnx OUT_DIR

writes OUT_DIR/detector.onnx and OUT_DIR/detector.ref.npz (its output on a fixed random input),
after checking that output against the two models run apart (to 1e-4); exit 2 if they differ.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnx import helper, numpy_helper

INPUT, OUTPUT = "image", "heat"


def _prefixed(model: onnx.ModelProto, prefix: str) -> onnx.GraphProto:
    """``model``'s graph with every name prefixed but its input's, so two sit side by side."""
    graph = onnx.compose.add_prefix(model, prefix).graph
    for node in graph.node:
        node.input[:] = [INPUT if name == prefix + INPUT else name for name in node.input]
    return graph


def averaged(first: onnx.ModelProto, second: onnx.ModelProto) -> onnx.ModelProto:
    """One model: the mean of ``first``'s and ``second``'s outputs on the same input."""
    a, b = _prefixed(first, "a_"), _prefixed(second, "b_")
    half = numpy_helper.from_array(np.array(0.5, np.float32), "half")
    nodes = [
        *a.node,
        *b.node,
        helper.make_node("Add", ["a_" + OUTPUT, "b_" + OUTPUT], ["sum"]),
        helper.make_node("Mul", ["sum", "half"], [OUTPUT]),
    ]
    graph = helper.make_graph(
        nodes,
        "two_detectors_averaged",
        list(first.graph.input),
        list(first.graph.output),
        [*a.initializer, *b.initializer, half],
    )
    model = helper.make_model(graph, opset_imports=list(first.opset_import))
    model.ir_version = first.ir_version
    onnx.checker.check_model(model)
    return model


def _run(path_or_bytes, x: np.ndarray) -> np.ndarray:
    return ort.InferenceSession(path_or_bytes, providers=["CPUExecutionProvider"]).run(None, {INPUT: x})[0]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("first", type=Path)
    ap.add_argument("second", type=Path)
    ap.add_argument("out", type=Path)
    args = ap.parse_args()
    first, second = onnx.load(args.first), onnx.load(args.second)
    shape = [d.dim_value for d in first.graph.input[0].type.tensor_type.shape.dim]
    if shape != [d.dim_value for d in second.graph.input[0].type.tensor_type.shape.dim]:
        ap.error(f"the two detectors take different inputs: {args.first}, {args.second}")
    model = averaged(first, second)
    x = np.random.default_rng(7).random(shape, dtype=np.float32)
    got = _run(model.SerializeToString(), x)
    want = (_run(str(args.first), x) + _run(str(args.second), x)) / 2
    if not np.allclose(got, want, atol=1e-4):
        print(f"the merged model differs from the mean by {np.abs(got - want).max()}", file=sys.stderr)
        sys.exit(2)
    args.out.mkdir(parents=True, exist_ok=True)
    onnx.save(model, args.out / "detector.onnx")
    np.savez(args.out / "detector.ref.npz", input=x, heat=got)
    size = (args.out / "detector.onnx").stat().st_size
    print(
        f"{args.out / 'detector.onnx'}: {size:,} bytes; the mean of the two, to {np.abs(got - want).max():.1e}"
    )


if __name__ == "__main__":
    main()
