"""A committed ONNX model back into PyTorch, to fine-tune it (issue 37): the checkout keeps the
models as ONNX only, where each batch norm is folded into its convolution.

Each ONNX convolution (in graph order) goes to the network's next convolution (in the order the
network defines them, which is the order it runs them); a folded batch norm becomes an identity
one (scale 1, mean 0, variance 1 - eps) whose shift is the folded bias. The result is checked
against the model's reference outputs (``<net>.ref.npz``). Fine-tune it with the batch norms held
in eval mode (train.py ``--frozen-norm``), so the folded statistics stay as they are:

    python warm.py detector|reader ONNX OUT.pt
"""

from __future__ import annotations

import sys
from pathlib import Path

import nets
import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn


def _pairs(model: nn.Module) -> list[tuple[nn.Conv2d, nn.BatchNorm2d | None]]:
    """Each convolution with the batch norm right after it (None when there is none)."""
    mods = [m for m in model.modules() if isinstance(m, nn.Conv2d | nn.BatchNorm2d)]
    out = []
    for k, m in enumerate(mods):
        if isinstance(m, nn.Conv2d):
            nxt = mods[k + 1] if k + 1 < len(mods) else None
            out.append((m, nxt if isinstance(nxt, nn.BatchNorm2d) else None))
    return out


def load(kind: str, path: Path) -> nn.Module:
    model = nets.Detector() if kind == "detector" else nets.Reader()
    graph = onnx.load(str(path)).graph
    weights = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [n for n in graph.node if n.op_type == "Conv"]
    pairs = _pairs(model)
    assert len(convs) == len(pairs), (len(convs), len(pairs))
    with torch.no_grad():
        for node, (conv, bn) in zip(convs, pairs):
            w = np.array(weights[node.input[1]])
            b = np.array(weights[node.input[2]]) if len(node.input) > 2 else np.zeros(w.shape[0], np.float32)
            assert tuple(conv.weight.shape) == w.shape, (node.name, conv.weight.shape, w.shape)
            conv.weight.copy_(torch.from_numpy(w))
            if bn is None:
                conv.bias.copy_(torch.from_numpy(b))
            else:
                bn.weight.fill_(1)
                bn.bias.copy_(torch.from_numpy(b))
                bn.running_mean.zero_()
                bn.running_var.fill_(1 - bn.eps)
        for node in (n for n in graph.node if n.op_type == "Gemm"):
            name = node.input[1].rsplit(".", 1)[0]
            layer = model.get_submodule(name)
            layer.weight.copy_(torch.from_numpy(np.array(weights[node.input[1]])))
            layer.bias.copy_(torch.from_numpy(np.array(weights[node.input[2]])))
    model.eval()
    ref = np.load(path.with_suffix("").with_suffix(".ref.npz"))
    with torch.no_grad():
        got = model(torch.from_numpy(ref["input"]))
    got = got if isinstance(got, tuple) else (got,)
    names = ("heat",) if kind == "detector" else ("number", "colour")
    for name, g in zip(names, got):
        err = float(np.abs(g.numpy() - ref[name]).max())
        assert err < 1e-3, (name, err)
    return model


if __name__ == "__main__":
    kind, src, out = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
    torch.save(load(kind, src).state_dict(), out)
    print(f"{src} -> {out}: the reference outputs match")
