#!/usr/bin/env python3
"""A virtual Pico for tests: the MicroPython unix port behind a pseudo-terminal, speaking the REPL.

`mpremote connect /dev/pts/N ...` talks to it as to a Pico on USB: the friendly REPL (`>>>`), the
raw REPL (Ctrl-A, the `OK` / `\\x04` framing, Ctrl-B back), raw-paste mode (Ctrl-E A Ctrl-A with
its flow-control window), Ctrl-C to interrupt and Ctrl-D to soft-reset (boot.py runs, and main.py
too when the reset comes from the friendly REPL, as on the board).

The code runs in a persistent MicroPython unix-port process (the harness's heap, mprun.HARNESS_HEAP):
a small loop inside it reads length-prefixed blocks from a pipe and exec()s them in one globals
dict.  The board's `/` is a directory of the host (VfsPosix mounted at `/`), so `/main.py` is
ROOT/main.py.  A soft reset starts a fresh process.  `--version` and `--mpy` make the board
report another MicroPython or .mpy version (`sys.implementation.version` and `._mpy`).

    python3 tools/virtual_board.py ROOT [--version 1.21.0] [--mpy 0x0306]   (prints the port, serves)
    with VirtualBoard(root) as board: ... board.port ...                    (from Python, a thread)
"""

import argparse
import os
import select
import signal
import struct
import subprocess
import sys
import threading
import tty

import bootstrap  # noqa: F401 - tools/ on sys.path (see tools/bootstrap.py)

import mprun

RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
PASTE_WINDOW = 128
MARK = b"\x00\x1b"  # the runner's markers (never passed on): MARK+R a block runs, MARK+D it ended

# The MicroPython side.  argv: ROOT VERSION MPY (VERSION "" and MPY "-" keep the real values).
RUNNER = r"""
import sys, os, vfs
_a = sys.argv
vfs.umount('/')
vfs.mount(vfs.VfsPosix(_a[1]), '/')
os.chdir('/')
sys.path[:] = ['', '.frozen', '/lib']

class _NS:
    def __init__(self, text):
        self._text = text

    def __repr__(self):
        return self._text

def _copy(mod):
    ns = _NS(repr(mod))
    for k in dir(mod):
        if not k.startswith('__'):
            setattr(ns, k, getattr(mod, k))
    return ns

_impl = _copy(sys.implementation)
if _a[2]:
    _impl.version = tuple(int(x) for x in _a[2].split('.')) + ('',)
if _a[3] != '-':
    _impl._mpy = int(_a[3])
_sys = _copy(sys)
_impl._text = '(name=%r, version=%r, _machine=%r, _mpy=%r)' % (_impl.name, _impl.version, _impl._machine, _impl._mpy)
_sys.implementation = _impl
if _a[2]:
    _sys.version = sys.version.split(';')[0] + '; MicroPython v' + _a[2]
_sys.argv = []
_os = _copy(os)
_rename = os.rename

def _abs(p):
    if p[:1] != '/':
        p = os.getcwd().rstrip('/') + '/' + p
    return p

def _os_rename(old, new):
    # VfsPosix with a root dir joins both absolute paths in one buffer: pass the old one relative to /.
    old, new, cwd = _abs(old), _abs(new), os.getcwd()
    os.chdir('/')
    try:
        _rename(old[1:], new)
    finally:
        os.chdir(cwd)

_os.rename = _os_rename
sys.modules['sys'] = _sys
sys.modules['os'] = _os

_in = sys.stdin.buffer
_out = sys.stdout.buffer
_g = {'__name__': '__main__'}

def _block():
    head = _in.readline()
    if not head:
        sys.exit()
    kind, n = head.split()
    src = b''
    while len(src) < int(n):
        chunk = _in.read(int(n) - len(src))
        if not chunk:
            sys.exit()
        src += chunk
    return kind, src

def _run(kind, src):
    # R: raw REPL code, F: a friendly-REPL line (the exception is returned); S: files run if present
    try:
        if kind != b'S':
            exec(compile(src, '<stdin>', 'exec' if kind == b'R' else 'single'), _g)
            return None
    except BaseException as e:
        return e
    for name in src.decode().split():
        try:
            os.stat(name)
        except OSError:
            continue
        try:
            with open(name, 'rb') as f:
                exec(compile(f.read(), name, 'exec'), _g)
        except BaseException as e:
            sys.print_exception(e, sys.stdout)

while True:
    try:
        kind, src = _block()
    except KeyboardInterrupt:  # a Ctrl-C meant for the block before, which had just ended
        continue
    try:
        _out.write(b'\x00\x1bR')  # the host may interrupt from now on
        err = _run(kind, src)
    except KeyboardInterrupt as e:
        err = e
    while True:
        try:
            if kind == b'R':
                _out.write(b'\x04')
            if err is not None:
                sys.print_exception(err, sys.stdout)
            _out.write(b'\x04\x00\x1bD' if kind == b'R' else b'\x00\x1bD')
            break
        except KeyboardInterrupt:
            pass
"""


class VirtualBoard:
    """A virtual Pico on a pseudo-terminal; `start()` returns its port (/dev/pts/N)."""

    def __init__(self, root, version=None, mpy=None, heapsize=mprun.HARNESS_HEAP,
                 machine="Raspberry Pi Pico with RP2040"):
        self.root = os.path.abspath(root)
        self.version = version or ""
        self.mpy = "-" if mpy is None else str(mpy)
        self.heapsize = heapsize
        self.banner = b'MicroPython v%s on virtual board; %s\r\nType "help()" for more information.\r\n' % (
            (version or "1.29.0").encode(),
            machine.encode(),
        )
        self.port = None
        self._child = None
        self._stop = threading.Event()

    # -- lifecycle --
    def start(self):
        """Open the pty, start MicroPython and serve in a thread; returns the port name."""
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # the slave stays open here, so the master never sees EIO
        self.port = os.ttyname(self.slave)
        self._wake_r, self._wake_w = os.pipe()
        self.raw = False  # which REPL: friendly or raw
        self.line = bytearray()
        self.paste = None  # remaining window while in raw-paste mode
        self.busy = False  # a block was sent to MicroPython and has not ended
        self.started = False  # it runs (MicroPython read it all)
        self.interrupt = False  # Ctrl-C came while busy
        self.queued = bytearray()  # input received while busy
        self.pending = b""
        self.after = b""
        self._spawn()
        self.soft_reset(friendly=True, announce=False)  # power-up: boot.py, main.py, the friendly REPL
        self._thread = threading.Thread(target=self._serve, name="virtual-board", daemon=True)
        self._thread.start()
        return self.port

    def stop(self):
        """Stop serving, end MicroPython and close the pty."""
        self._stop.set()
        os.write(self._wake_w, b"x")
        self._thread.join(5)
        self._kill()
        for fd in (self.master, self.slave, self._wake_r, self._wake_w):
            os.close(fd)

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()

    def _spawn(self):
        argv = [mprun.micropython_binary(), "-X", "heapsize=" + self.heapsize, "-c", RUNNER]
        env = dict(os.environ, MICROPYPATH=".frozen")
        self._child = subprocess.Popen(
            argv + [self.root, self.version, self.mpy], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env
        )

    def _kill(self):
        if self._child is not None:
            self._child.kill()
            self._child.wait()
            self._child.stdin.close()
            self._child.stdout.close()
            self._child = None

    # -- the serving loop --
    def _serve(self):
        while not self._stop.is_set():
            out = self._child.stdout.fileno()
            ready = select.select([self.master, out, self._wake_r], [], [])[0]
            if out in ready:
                self._from_child(os.read(out, 4096))
            elif self.master in ready:
                for b in os.read(self.master, 4096):
                    self._feed(b)

    def _send(self, data):
        os.write(self.master, data)

    def _from_child(self, data):
        """Pass MicroPython's output on (\\n as \\r\\n, like the board's USB console), acting on markers."""
        if not data:  # MicroPython died (e.g. a fatal error): restart it and end the block
            self._kill()
            self._spawn()
            data = MARK + b"D"
        self.pending += data
        while self.pending:
            cut = self.pending.find(MARK[:1])
            if cut < 0:
                cut = len(self.pending)
            self._send(self.pending[:cut].replace(b"\n", b"\r\n"))
            rest = self.pending = self.pending[cut:]
            if len(rest) < 3 and (MARK + b"D").startswith(rest):
                return  # perhaps the start of a marker: wait for more
            if rest[:2] != MARK or rest[2:3] not in (b"R", b"D"):
                self._send(rest[:1])
                self.pending = rest[1:]
                continue
            self.pending = rest[3:]
            if rest[2:3] == b"R":
                self.started = True
                if self.interrupt:
                    self._child.send_signal(signal.SIGINT)
                continue
            self.busy = self.started = self.interrupt = False
            self._send(self.after)
            queued, self.queued = self.queued, bytearray()
            for b in queued:
                self._feed(b)

    def _run(self, kind, src, after):
        """Run a block in MicroPython: R (raw REPL framing), F (a REPL line), S (files, if present)."""
        self.busy, self.after = True, after
        self._child.stdin.write(b"%s %d\n%s" % (kind, len(src), src))
        self._child.stdin.flush()

    def soft_reset(self, friendly, announce=True):
        """Restart MicroPython like Ctrl-D: boot.py runs, and main.py after a friendly-REPL reset."""
        if announce:
            self._send(b"MPY: soft reboot\r\n")
            self._kill()
            self._spawn()
        files = b"boot.py main.py" if friendly else b"boot.py"
        self._run(b"S", files, self.banner + b">>> " if friendly else RAW_BANNER + b">")

    def _feed(self, b):
        """One byte from the host, as the board's REPL would take it."""
        if self.busy:
            if b == 3:  # Ctrl-C interrupts the running code (once it runs: the block was read)
                self.interrupt = True
                if self.started:
                    self._child.send_signal(signal.SIGINT)
            else:
                self.queued.append(b)
        elif self.paste is not None:
            self._feed_paste(b)
        elif self.raw:
            self._feed_raw(b)
        else:
            self._feed_friendly(b)

    def _feed_paste(self, b):
        if b == 4:  # end of data: acknowledge and run
            self.paste = None
            self._send(b"\x04")
            src = bytes(self.line)
            self.line.clear()
            self._run(b"R", src, b">")
        elif b == 3:
            self.paste = None
            self.line.clear()
            self._send(b"\x04")
            self._run(b"R", b"raise KeyboardInterrupt", b">")
        else:
            self.line.append(b)
            self.paste -= 1
            if self.paste == 0:
                self.paste = PASTE_WINDOW
                self._send(b"\x01")

    def _feed_raw(self, b):
        if b == 1:  # Ctrl-A: after Ctrl-E "A" it asks for raw-paste mode, else restarts the raw REPL
            if self.line == b"\x05A":
                self.paste = PASTE_WINDOW
                self._send(b"R\x01" + struct.pack("<H", PASTE_WINDOW))
            else:
                self._send(RAW_BANNER + b">")
            self.line.clear()
        elif b == 2:  # Ctrl-B: friendly REPL
            self.raw = False
            self.line.clear()
            self._send(b"\r\n" + self.banner + b">>> ")
        elif b == 3:
            self.line.clear()
        elif b == 4:  # Ctrl-D: run the line, or soft-reset when it is empty
            self._send(b"OK")
            if self.line:
                src = bytes(self.line)
                self.line.clear()
                self._run(b"R", src, b">")
            else:
                self._send(b"\r\n")
                self.soft_reset(friendly=False)
        else:
            self.line.append(b)

    def _feed_friendly(self, b):
        if b == 1:
            self.raw = True
            self.line.clear()
            self._send(b"\r\n" + RAW_BANNER + b">")
        elif b == 2:
            self.line.clear()
            self._send(b"\r\n" + self.banner + b">>> ")
        elif b == 3:
            self.line.clear()
            self._send(b"\r\n>>> ")
        elif b == 4:
            if not self.line:
                self._send(b"\r\n")
                self.soft_reset(friendly=True)
        elif b in (13, 10):
            self._send(b"\r\n")
            src, self.line = bytes(self.line), bytearray()
            if src.strip():
                self._run(b"F", src, b">>> ")
            else:
                self._send(b">>> ")
        elif b in (8, 127):
            if self.line:
                self.line.pop()
                self._send(b"\b \b")
        else:
            self.line.append(b)
            self._send(bytes([b]))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root", help="host directory that is the board's / (created if missing)")
    parser.add_argument("--version", help="MicroPython version the board reports, e.g. 1.21.0")
    parser.add_argument("--mpy", type=lambda s: int(s, 0), help="sys.implementation._mpy to report, e.g. 0x0306")
    parser.add_argument("--heapsize", default=mprun.HARNESS_HEAP)
    args = parser.parse_args(argv)
    os.makedirs(args.root, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    board = VirtualBoard(args.root, version=args.version, mpy=args.mpy, heapsize=args.heapsize)
    print(board.start(), flush=True)
    try:
        while True:
            signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        board.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
