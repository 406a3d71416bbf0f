"""The committed rack photo models load and give the reference outputs kept beside them
(tools/rackphoto/train.py writes both), under the size the issue allows."""

import numpy as np
import pytest

from scorekeeper.photo import photo


@pytest.mark.parametrize(("name", "inputs"), [("detector", "image"), ("reader", "tiles")])
def test_a_committed_model_gives_its_reference_outputs(name, inputs):
    ref = np.load(photo.MODELS / f"{name}.ref.npz")
    session = photo._session(name)
    got = session.run(None, {inputs: ref["input"]})
    names = [o.name for o in session.get_outputs()]
    assert names == [k for k in ref.files if k != "input"]
    for key, value in zip(names, got):
        np.testing.assert_allclose(value, ref[key], rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("name", ["detector", "reader"])
def test_a_model_is_under_two_megabytes(name):
    assert (photo.MODELS / f"{name}.onnx").stat().st_size < 2 * 1024 * 1024


def test_the_models_shapes_are_the_reading_steps():
    from scorekeeper.photo import reading

    det, read = photo._session("detector"), photo._session("reader")
    assert det.get_inputs()[0].shape == [1, 3, reading.DETECT_H, reading.DETECT_W]
    assert det.get_outputs()[0].shape == [
        1,
        5,
        reading.DETECT_H // reading.STRIDE,
        reading.DETECT_W // reading.STRIDE,
    ]
    assert read.get_inputs()[0].shape[1:] == [3, reading.READ_H, reading.READ_W]
    assert [o.shape[1] for o in read.get_outputs()] == [reading.JOKER + 1, len(reading.COLOUR_LETTERS)]
