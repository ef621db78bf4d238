"""Scan's margin (tools/scanmargin.py): the largest codes the board makes, photographed as a phone's
scanner sees each panel (0.96, 1.3, 2.42 inches; 10, 15, 25 cm; a 1920x1080 or 1280x720 preview of
a 70-degree lens; blur, tilt, glare and noise, seeded) and read with zxing-cpp.

`make test` runs a small sample; `make soak` the whole table (tools/soak.py writes
build/scan_margin.json; docs/scan.md gives it).  The sample checks the model's geometry, that what
the Scan screen advises for each panel reads, and that the model is not blind to distance: a
0.96-inch panel at 25 cm (under one camera pixel a module) reads never.
"""

import random

import pytest


def test_pixel_pitch_and_camera_pixels():
    import scanmargin

    assert [round(scanmargin.pitch_mm(d), 3) for d in scanmargin.PANELS] == [0.17, 0.231, 0.43]
    # 10 cm from a 70-degree lens: 140 mm across 1920 pixels (0.073 mm each)
    assert round(scanmargin.camera_pixels(0.96, 10, 1920), 2) == 2.34
    assert round(scanmargin.camera_pixels(2.42, 25, 1280), 2) == 1.57


@pytest.fixture(scope="module")
def codes():
    import scanmargin

    found = scanmargin.largest_codes()
    assert [kind for _label, kind, _payload in found] == ["Page", "BG Stats"]
    assert all(len(payload) > 300 for _label, _kind, payload in found)  # version 11, 61 modules
    return found


# (panel, distance, preview width, least share read of 6 photographs of each code)
SAMPLE = [
    (2.42, 15, 1920, 1.0),  # the advice on a 2.42-inch panel: 10-15 cm
    (2.42, 10, 1280, 0.5),
    (1.3, 10, 1920, 0.25),  # the advice on the smaller panels: about 10 cm (the closest a phone focuses)
    (0.96, 25, 1920, 0.0),
]


@pytest.mark.parametrize("panel,distance,width,least", SAMPLE)
def test_sample_of_the_margin_table(codes, panel, distance, width, least):
    import scanmargin

    rows = scanmargin.table(6, panels=(panel,), distances=(distance,), previews=((width, width * 9 // 16),),
                            codes=codes)
    share = rows[0]["read"] / rows[0]["frames"]
    assert share >= least, rows
    if least == 0.0:
        assert share == 0.0, rows


def test_photograph_is_seeded(codes):
    import scanmargin

    picture = scanmargin.sharp_picture(scanmargin.scan_frame(codes[0][1], codes[0][2]))
    one = scanmargin.photograph(picture, 3.0, random.Random(4)).tobytes()
    assert one == scanmargin.photograph(picture, 3.0, random.Random(4)).tobytes()
