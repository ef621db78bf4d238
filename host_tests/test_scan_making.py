"""Scan shows "Making the code..." on the panel before it makes the code (issue 34: the end screen
stood still until the code was drawn): through the buttons on the simulated board, every frame the
panel showed after OK on the end screen's "OK: Scan", read by the screen reader."""

import os

import autoplay
import pytest
from simlib.device import Device, reader

from fishtable.core.record import read

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


@pytest.mark.parametrize("interp", ["cpython", "micropython"])
def test_the_frame_after_ok_says_the_code_is_being_made(interp, tmp_path):
    with open(os.path.join(ROOT, "records", "yofish-3p-basic.fish")) as f:
        want = read(f)
    with open(tmp_path / "config.txt", "w") as f:
        f.write("BOARD=pico\nPAGE=https://someone.github.io/fishtable/\n")
    with Device(interp, flash=str(tmp_path)) as dev:
        got, error = autoplay._play(dev, want)
        assert error is None, error
        for _ in range(4):
            if dev.screen.contains("OK: Scan"):
                break
            dev.press("next")
        dev.press("ok")
        texts = [" ".join(reader().read(glass).text().split()) for glass, _, _, _ in dev.frames]
        for _ in range(20):  # the code, if it was not drawn yet
            if "10 cm" in texts[-1]:
                break
            dev.wait(100)
            texts += [" ".join(reader().read(glass).text().split()) for glass, _, _, _ in dev.frames]
        making = [i for i, t in enumerate(texts) if "Making the code..." in t]
        code = [i for i, t in enumerate(texts) if "10 cm" in t]
        assert making and code and making[0] < code[0], texts
        assert making[0] == 0, texts  # the first frame after OK
