"""The phone's share of bench/rack_photo_bench.py: onnxruntime-web timed in Node (rack_photo_web.mjs)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def time_web(tiles: int = 16) -> str:
    """One line of figures, or why there are none (no Node.js)."""
    node = shutil.which("node")
    if not node:
        return "  onnxruntime-web        not timed: Node.js not found"
    out = subprocess.run(
        [node, str(HERE / "rack_photo_web.mjs"), str(tiles)],
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    got = json.loads(out.stdout.strip().splitlines()[-1])
    version = subprocess.run([node, "--version"], capture_output=True, text=True).stdout.strip()
    return (
        f"  onnxruntime-web, photo median {got['median']:.0f} ms, 95th percentile {got['p95']:.0f} ms "
        f"(WebAssembly, one thread, Node {version}, "
        f"detector + reader on {tiles} tiles; the phone also samples the photo)\n"
        f"  onnxruntime-web, far   median {got['closer']['median']:.0f} ms, "
        f"95th percentile {got['closer']['p95']:.0f} ms (the detector twice: the closer look)"
    )
