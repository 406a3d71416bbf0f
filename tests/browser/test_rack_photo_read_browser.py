"""The phone reads a rack photo as the server does: static/js/rack-photo-read.js against
scorekeeper/photo/reading.py, the contract, on the same inputs in a real Chromium (to 1e-4): the
bilinear sampling, the letterbox, the crops, the boxes found on a detector map and their reading
order, the odd sizes, the tokens read from the logits and the chips set apart as spots. Then the
whole pipeline with the real onnxruntime-web and the committed models on a photo
(static/js/rack-photo-run.js): it returns, tiles in the notation; and the held-out photos of
tests/photo/fixtures/ read on the phone tile for tile as the server reads them."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import numpy as np
import pytest

from scorekeeper.photo import reading, readout
from tests.rack_photo_fixtures import heat, rack_photo

from .conftest import PHONE
from .test_rack_photo_browser import open_hand_form

FIXTURES = Path(__file__).resolve().parents[1] / "photo" / "fixtures"

pytestmark = pytest.mark.browser
RUNTIME = {
    k: f"/static/{path}"
    for k, path in {
        "runtime": "vendor/onnxruntime-web/ort.wasm.min.mjs",
        "loader": "vendor/onnxruntime-web/ort-wasm-simd-threaded.mjs",
        "wasm": "vendor/onnxruntime-web/ort-wasm-simd-threaded.wasm",
        "detector": "rack-photo/detector.onnx",
        "reader": "rack-photo/reader.onnx",
    }.items()
}
TOLERANCE = 1e-4
#: the detector's map: one cell per STRIDE pixels of its box
MAP_H, MAP_W = reading.DETECT_H // reading.STRIDE, reading.DETECT_W // reading.STRIDE
STEPS = """async ([image, heat, number, colour, [mapH, mapW], again, againColour]) => {
  const R = await import('/static/js/rack-photo-read.js');
  const im = {width: image.w, height: image.h, data: Float32Array.from(image.data)};
  const view = R.whole(im), part = {x0: 1, y0: 0.5, x1: 6, y1: 4, scale: 30};
  const boxes = R.in_reading_order(R.find_boxes(Float32Array.from(heat), mapH, mapW, {...view, scale: 0.6}));
  const far = Array.from({length: 8}, (_, k) => ({x0: 300 + 40 * k, y0: 200, x1: 336 + 40 * k, y1: 240, sure: 0.9}));
  const wide = {x0: 0, y0: 0, x1: 1024, y1: 768, scale: 448 / 1024};
  const read = R.tokens_of(Float32Array.from(number), Float32Array.from(colour), number.length / 14);
  return {
    sample: Array.from(R.sample(im, 0.3, 0.2, 6.1, 4.7, 9, 4)),
    wide: Array.from(R.sample(im, -2, -1, 11, 8, 5, 7)),
    view, letterbox: Array.from(R.letterbox(im, view)), part: Array.from(R.letterbox(im, part)),
    closer: R.closer(far, wide), notCloser: R.closer(boxes, view),
    crops: Array.from(R.crops(im, [{x0: 0.5, y0: 1, x1: 4.5, y1: 4.2, sure: 1},
                                   {x0: 2, y0: 0, x1: 7, y1: 5, sure: 1}])),
    looks: Array.from(R.every_look(im, [{x0: 0.5, y0: 1, x1: 4.5, y1: 4.2, sure: 1},
                                        {x0: 2, y0: 0, x1: 7, y1: 5, sure: 1}])),
    doubted: R.doubted(Float32Array.from(again), 4),
    mean: R.read_tokens(Float32Array.from(again), Float32Array.from(againColour), 4),
    apart: R.barely_read(["J", "J", "R3", "R3", "J"],
                         [R.JOKER_APART - 0.01, R.JOKER_APART, R.NUMBER_APART - 0.01, R.NUMBER_APART, 0.95]),
    boxes: boxes.map(b => [b.x0, b.y0, b.x1, b.y1, b.sure]), odd: R.odd_sizes(boxes), read,
    shown: R.chips_and_spots(far.concat([{x0: 10, y0: 10, x1: 40, y1: 28, sure: 0.7},
                                          {x0: 60, y0: 60, x1: 90, y1: 80, sure: 0.6}]),
                             [{x0: 5, y0: 300, x1: 41, y1: 340, sure: 0.2}]),
  };
}"""


def close(js, py) -> None:
    """What the script said is what reading.py says, to TOLERANCE."""
    np.testing.assert_allclose(np.ravel(np.array(js, np.float32)), np.ravel(py), atol=TOLERANCE)


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport=PHONE, service_workers="block")
    page = context.new_page()
    yield page
    context.close()


def shown_as_reading_py(shown, far) -> None:
    """chips_and_spots: eight tiles 40 high, a thing 18 high (under half their height: a spot, not a
    chip) and one exactly 20 high (half their median: a chip), beside a spot where a tile may be
    missed: the chips' boxes and the spots, in order, as reading.py gives them."""
    edge, speck, missed = (
        reading.Box(60, 60, 90, 80, 0.6),
        reading.Box(10, 10, 40, 28, 0.7),
        reading.Box(5, 300, 41, 340, 0.2),
    )
    chips, spots = reading.chips_and_spots([*far, speck, edge], [missed])
    assert spots == [missed, speck] and edge in chips and len(chips) == 9
    corners = lambda boxes: [[b.x0, b.y0, b.x1, b.y1, b.sure] for b in boxes]  # noqa: E731
    assert corners(reading.Box(**b) for b in shown["boxes"]) == corners(chips)
    assert corners(reading.Box(**b) for b in shown["maybe"]) == corners(spots)


def mean_as_reading_py(said, again, again_colour) -> None:
    """read_tokens: the tokens from the mean of the looks (tiles 2 and 3, which a further look reads
    otherwise, then differ from the first look's), the first look's sureness of the tile so read."""
    tokens, sure_n, sure_c = readout.read_tokens(again, again_colour, 4)
    assert said["tokens"] == tokens and tokens[2:] != readout.tokens_of(again[:4], again_colour[:4])[0][2:]
    close(said["sure_n"], sure_n)
    close(said["sure_c"], sure_c)


def apart_as_reading_py(said) -> None:
    """barely_read: a joker and a number each just under its line and at it, a sure joker."""
    joker, number = reading.JOKER_APART, reading.NUMBER_APART
    apart = readout.barely_read(
        ["J", "J", "R3", "R3", "J"], [joker - 0.01, joker, number - 0.01, number, 0.95], joker, number
    )
    assert said == apart == [True, False, True, False, False]


def test_the_script_reads_as_reading_py(page, live_server):
    rng = np.random.default_rng(25)
    image = rng.random((5, 7, 3)).astype(np.float32)
    detector_map = np.array(heat(), np.float32).reshape(5, MAP_H, MAP_W)
    detector_map[0, MAP_H - 10, 10] = (
        2.0  # a seventh, smaller tile below the row: a row of its own, an odd size
    )
    detector_map[3:5, MAP_H - 10, 10] = 1.0
    number, colour = rng.normal(0, 3, (4, 14)).astype(np.float32), rng.normal(0, 3, (4, 4)).astype(np.float32)
    # every look's logits for doubted: tiles 0 and 1 read alike in each look (1 a number the joker
    # is likely beside), 2 and 3 read otherwise by a further look
    first = number.copy()
    first[:, 0] = first.max(axis=1) + 3  # each tile read as a 1
    first[0, reading.JOKER], first[1, reading.JOKER] = -20.0, first[1, 0] - 1
    again = np.tile(first, (1 + len(reading.LOOKS), 1))
    again[4 + 2, 5], again[-1, 7] = 40.0, 40.0
    again_colour = np.concatenate([colour, rng.normal(0, 3, (4 * len(reading.LOOKS), 4)).astype(np.float32)])
    page.goto(live_server + "/")
    said = page.evaluate(
        STEPS,
        [
            {"w": 7, "h": 5, "data": image.ravel().tolist()},
            detector_map.ravel().tolist(),
            number.ravel().tolist(),
            colour.ravel().tolist(),
            [MAP_H, MAP_W],
            again.ravel().tolist(),
            again_colour.ravel().tolist(),
        ],
    )
    close(said["sample"], reading.sample(image, 0.3, 0.2, 6.1, 4.7, 9, 4))
    close(said["wide"], reading.sample(image, -2, -1, 11, 8, 5, 7))
    view = reading.whole(image)
    assert said["view"] == pytest.approx(vars(view))
    close(said["letterbox"], reading.letterbox(image, view))
    close(said["part"], reading.letterbox(image, reading.View(1, 0.5, 6, 4, 30)))
    far = [reading.Box(300 + 40 * k, 200, 336 + 40 * k, 240, 0.9) for k in range(8)]
    near = reading.closer(far, reading.View(0, 0, 1024, 768, 448 / 1024))
    assert near is not None and said["closer"] == pytest.approx(vars(near))
    boxes = [reading.Box(0.5, 1, 4.5, 4.2, 1), reading.Box(2, 0, 7, 5, 1)]
    close(said["crops"], reading.crops(image, boxes))
    close(said["looks"], reading.every_look(image, boxes))
    assert said["doubted"] == readout.doubted(again, 4) == [False, True, True, True]
    mean_as_reading_py(said["mean"], again, again_colour)
    apart_as_reading_py(said["apart"])

    found = reading.in_reading_order(reading.find_boxes(detector_map, reading.View(0, 0, 7, 5, 0.6)))
    assert said["notCloser"] is None and reading.closer(found, view) is None
    assert len(said["boxes"]) == len(found) == 7
    close(said["boxes"], [[b.x0, b.y0, b.x1, b.y1, b.sure] for b in found])
    assert said["odd"] == reading.odd_sizes(found) == [False] * 6 + [True]
    shown_as_reading_py(said["shown"], far)
    tokens, sure_n, sure_c = readout.tokens_of(number, colour)
    assert said["read"]["tokens"] == tokens
    close(said["read"]["sure_n"], sure_n)
    close(said["read"]["sure_c"], sure_c)


def test_the_script_finds_where_a_tile_may_be_missed_as_reading_py(page, live_server):
    """maybe_missed on a map with a faint tile (under DETECT, over MAYBE), a fainter one (under
    MAYBE), a faint second peak on a tile found, and one in the letterbox's grey."""
    detector_map = np.array(heat(faint=2), np.float32).reshape(5, MAP_H, MAP_W)
    detector_map[0, 3, 3] = np.log(0.05 / 0.95)  # under MAYBE
    detector_map[0, MAP_H - 2, MAP_W - 2] = np.log(0.3 / 0.7)  # nearly sure, but out of the view: the grey
    view = reading.View(0, 0, 640, 300, 0.6)
    tiles = reading.find_boxes(detector_map, view)
    spots = reading.maybe_missed(detector_map, view, tiles)
    assert len(tiles) == 5 and len(spots) == 1  # the faint tile only
    page.goto(live_server + "/")
    said = page.evaluate(
        """async ([heat, [mapH, mapW], view]) => {
          const R = await import('/static/js/rack-photo-read.js');
          const map = Float32Array.from(heat), tiles = R.find_boxes(map, mapH, mapW, view);
          return R.maybe_missed(map, mapH, mapW, view, tiles).map(b => [b.x0, b.y0, b.x1, b.y1, b.sure]);
        }""",
        [detector_map.ravel().tolist(), [MAP_H, MAP_W], vars(view)],
    )
    close(said, [[b.x0, b.y0, b.x1, b.y1, b.sure] for b in spots])


def test_the_whole_reading_runs_in_the_browser(page, live_server, tmp_path):
    """onnxruntime-web with the committed models on a photo: no error, each tile in the notation with
    its box inside the photo; the work image the canvas makes is the photo's own pixels (no scaling)."""
    photo = base64.b64encode(rack_photo(tmp_path / "rack.png").read_bytes()).decode()
    open_hand_form(page, live_server)
    runtime = RUNTIME
    said = page.evaluate(
        """async ([photo, urls]) => {
          const R = await import('/static/js/rack-photo-run.js');
          const bytes = Uint8Array.from(atob(photo), c => c.charCodeAt(0));
          const image = R.work_image(await createImageBitmap(new Blob([bytes], {type: 'image/png'})));
          const {tiles, maybe} = await R.read(image, urls);
          return {w: image.width, h: image.height, corner: Array.from(image.data.slice(0, 6)), tiles, maybe};
        }""",
        [photo, runtime],
    )
    assert (said["w"], said["h"]) == (640, 360)
    np.testing.assert_allclose(said["corner"], [120 / 255, 84 / 255, 50 / 255] * 2, atol=TOLERANCE)
    for tile in said["tiles"]:
        assert re.fullmatch(r"[KBRG](?:[1-9]|1[0-3])|J", tile["token"])
        assert isinstance(tile["unsure"], bool) and len(tile["box"]) == 4
    assert all(len(box) == 4 for box in said["maybe"])


@pytest.mark.parametrize("name", sorted(p.stem for p in FIXTURES.glob("*.jpg")))
def test_a_held_out_photo_reads_on_the_phone_as_on_the_server(page, live_server, name):
    """The same JPEG decoded by Chromium and by Pillow, read by onnxruntime-web and by onnxruntime:
    the same tiles, the same unsure ones, the same spots where a tile may be missed, and the
    renderer's truth."""
    import json

    from scorekeeper.photo import photo as server

    data = (FIXTURES / f"{name}.jpg").read_bytes()
    expected = server.read_image(server.decode(data))
    open_hand_form(page, live_server)
    said = page.evaluate(
        """async ([photo, urls]) => {
          const R = await import('/static/js/rack-photo-run.js');
          const bytes = Uint8Array.from(atob(photo), c => c.charCodeAt(0));
          const image = R.work_image(await createImageBitmap(new Blob([bytes], {type: 'image/jpeg'})));
          return {...await R.read(image, urls), w: image.width, h: image.height};
        }""",
        [base64.b64encode(data).decode(), RUNTIME],
    )
    assert (
        [t["token"] for t in said["tiles"]]
        == expected.tiles
        == json.loads((FIXTURES / f"{name}.json").read_text())["tiles"]
    )
    assert [k for k, t in enumerate(said["tiles"]) if t["unsure"]] == expected.unsure
    spots = [[b[0] / said["w"], b[1] / said["h"], b[2] / said["w"], b[3] / said["h"]] for b in said["maybe"]]
    assert len(spots) == len(expected.maybe)
    np.testing.assert_allclose(np.clip(spots, 0, 1).ravel(), np.ravel(expected.maybe), atol=0.01)


def test_only_the_photo_page_may_compile_webassembly(page, live_server):
    """Issue 36: the policy's 'wasm-unsafe-eval' is the rack photo page's alone: Chromium refuses to
    compile even an empty module on the home page and compiles it on the hand form."""
    compile_empty = """() => WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))
        .then(() => 'compiled', e => e.name)"""
    page.goto(live_server + "/")
    assert page.evaluate(compile_empty) == "CompileError"
    open_hand_form(page, live_server)
    assert page.evaluate(compile_empty) == "compiled"
