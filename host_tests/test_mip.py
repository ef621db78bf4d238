"""`mpremote mip install ./package.json` from a checkout (the repository's package.json, whose
relative URLs also serve `mpremote mip install github:OWNER/REPO` from any fork), on the virtual board."""

import json
import os
import subprocess

from test_flash import MPREMOTE, RECORD, board  # noqa: F401 - `board` is a fixture

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_mip_install_of_the_repository_package_json_from_a_checkout(board):  # noqa: F811
    def mpremote(*args):
        proc = subprocess.run([MPREMOTE, "connect", board.port, *args], capture_output=True, text=True,
                              timeout=120, cwd=ROOT)
        assert proc.returncode == 0, proc.stderr + proc.stdout
        return proc.stdout

    out = mpremote("mip", "install", "--target", "/", "./package.json")
    with open(os.path.join(ROOT, "package.json")) as f:
        urls = json.load(f)["urls"]
    assert out.count("Installing: ") == len(urls)
    for dest, url in urls:
        with open(os.path.join(ROOT, url), "rb") as f:
            with open(os.path.join(board.root, dest), "rb") as g:
                assert f.read() == g.read(), dest
    mpremote("cp", RECORD, ":/game.fish")
    got = mpremote("exec", "from fishtable.core import record, summary\n"
                   "print(summary.summary_line(record.read_stream(open('/game.fish', 'rb'))))")
    assert json.loads(got)["game"] == "yofish"
