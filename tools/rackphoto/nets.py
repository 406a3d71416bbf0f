"""The two small networks of Snap the rack (docs/rack-photo.md): a tile detector and a tile reader.

Both take RGB values in 0..1 and normalise inside the network, so the phone and the server feed the
same numbers. Shapes are the contract with scorekeeper/photo/reading.py and the browser's
rack-photo-read.js: change them there too.
"""

import torch
from torch import nn

# the detector sees the photo letterboxed into this box (top left, grey padding); its map has one
# cell per STRIDE pixels. 448 x 336 rather than 384 x 288: the small tiles of a portrait photo or a
# far rack were the most missed (docs/rack-photo.md)
DETECT_W, DETECT_H, STRIDE = 448, 336, 4
# the reader sees each tile cut out and resized to this (width, height)
READ_W, READ_H = 32, 48
NUMBERS = 14  # classes 0..12 are the numbers 1..13, class 13 the joker
JOKER = 13
#: a reader trained with blanks (train.py --blanks) has a 15th class: no tile here (a box where the
#: detector was wrong: an empty compartment, the cloth). The app's reading does not know it (the
#: reading that sets such boxes apart was written but not committed: docs/rack-photo.md, "A class
#: for no tile"); main's readout would read the 15th class as a 15, so export no such reader there
NO_TILE = 14
COLOURS = 4  # K black, B blue, R red, G gold (scorekeeper/photo/reading.py COLOUR_LETTERS)


def _block(cin, cout, stride=1):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, stride, 1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)
    )


class Normalise(nn.Module):
    def forward(self, x):
        return (x - 0.5) / 0.25


def _sep(cin, cout, stride=1):
    """A depthwise 3x3 then a pointwise 1x1: most of a full 3x3's reach for a tenth of its work."""
    return nn.Sequential(
        nn.Conv2d(cin, cin, 3, stride, 1, groups=cin, bias=False),
        nn.BatchNorm2d(cin),
        nn.ReLU(inplace=True),
        nn.Conv2d(cin, cout, 1, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


class Detector(nn.Module):
    """A centre map (CenterNet's idea): per cell a tile-centre logit, the centre's offset in the cell
    and the box's log size in cells. Outputs [1, 5, H/4, W/4]."""

    def __init__(self):
        super().__init__()
        self.norm = Normalise()
        self.s2 = nn.Sequential(_block(3, 16, 2), _sep(16, 32, 2), _sep(32, 32))  # /4
        self.s3 = nn.Sequential(_sep(32, 64, 2), _sep(64, 64))  # /8
        self.s4 = nn.Sequential(_sep(64, 96, 2), _sep(96, 96), _sep(96, 96))  # /16
        self.up4 = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(96, 64, 1))
        self.mid = _sep(64, 64)
        self.up3 = nn.Sequential(nn.Upsample(scale_factor=2, mode="nearest"), nn.Conv2d(64, 32, 1))
        self.head = nn.Sequential(_sep(32, 32), nn.Conv2d(32, 5, 1))

    def forward(self, x):
        a = self.s2(self.norm(x))
        b = self.s3(a)
        b = self.mid(b + self.up4(self.s4(b)))
        return self.head(a + self.up3(b))


class Reader(nn.Module):
    """One tile's number (14 classes; 15 with ``blanks``, the last NO_TILE) and colour (4 classes),
    as logits."""

    def __init__(self, blanks: bool = False):
        super().__init__()
        self.norm = Normalise()
        self.body = nn.Sequential(
            _block(3, 24),
            _block(24, 24),
            nn.MaxPool2d(2),  # 16x24
            _block(24, 48),
            _block(48, 48),
            nn.MaxPool2d(2),  # 8x12
            _block(48, 64),
            _block(64, 64),
            nn.MaxPool2d(2),  # 4x6
            nn.Flatten(),
            nn.Dropout(0.2),
            nn.Linear(64 * 4 * 6, 96),
            nn.ReLU(inplace=True),
        )
        self.number = nn.Linear(96, NUMBERS + blanks)
        self.colour = nn.Linear(96, COLOURS)

    def forward(self, x):
        f = self.body(self.norm(x))
        return self.number(f), self.colour(f)


def grown(state: dict, model: nn.Module) -> dict:
    """A saved reader's state for ``model``: a reader of 14 classes given the 15th (NO_TILE) that
    ``model`` has, its row of weights zero and its bias -6, so the grown reader reads every tile as
    before (the tile's own class stands far above it) until it learns the blanks. Any other state
    as it is (a larger one is refused by load_state_dict, naming the sizes)."""
    w, own = state.get("number.weight"), getattr(model, "number", None)
    if w is None or own is None or w.shape[0] >= own.out_features:
        return state
    grow = own.out_features - w.shape[0]
    return {
        **state,
        "number.weight": torch.cat([w, w.new_zeros(grow, w.shape[1])]),
        "number.bias": torch.cat([state["number.bias"], state["number.bias"].new_full((grow,), -6.0)]),
    }
