"""What a print request may choose: the kinds, papers, orientations, the most rows and the
variant with Step Indicator Frames. No Flask here: the `scorekeeper` command's parser reads these
at every start (:mod:`scorekeeper.cli.print_command`); :mod:`.options` validates a request."""

from __future__ import annotations

from ..rules import find_variant, variants

KINDS = ("sheet", "frames", "rules")
PAPERS = {"a4": "A4", "letter": "Letter"}
ORIENTATIONS = ("auto", "portrait", "landscape")
MAX_ROWS = 100
#: Step Indicator Frames mark the Step each player is on: the variant laid in Steps (Krazy Bee)
FRAMES_VARIANT = next(v["slug"] for v in variants() if find_variant(v["slug"]).laid_in_steps)
