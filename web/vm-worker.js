// The board: the MicroPython WebAssembly VM running the firmware's main.py (through edge.py).
// The app loop never returns, so it runs here, in a worker.  The page and this worker share
// an Int32Array (a SharedArrayBuffer): the page writes button events into it and wakes the
// worker; the loop's pause waits on it with Atomics.wait (the port's own sleep busy-waits).
// Frames, file changes and heap figures go to the page with postMessage.
import { glassPages } from "./panel.js";
import { loadMicroPython } from "./vm/micropython.mjs";
import { SEQ, SPARE, CONSUMED, SYNC, RING, RING_SIZE, UP, LONG } from "./input.js";

// A button level lasts at least MIN_LEVEL_MS (the firmware debounces 20 ms: a release and a
// press closer than that would be contact chatter) and one loop pass (each change reaches the
// pins, where the firmware's pin interrupt stamps it with the time; more passes would only make
// a press on a busy machine long enough to auto-repeat).
const MIN_LEVEL_MS = 50;
const MIN_LEVEL_PASSES = 1;
// A sync is answered once every button event is taken and this many loop passes ran after the
// last one: the firmware has handled it and its frame went out before the answer.
const SYNC_PASSES = 2;
const LONG_MS = 800; // Backspace holds OK this long (the board's long press is 700 ms)
// The board's clock (the firmware's time.ticks_ms, edge.py): the real one, except while a button
// the person already let go of is still held on the board (its release waits to be taken): then
// a loop pass counts at most STALL_MS beyond its pause, so that a busy machine (a stalled VM)
// never turns a short press into a long one.  Button levels are timed on this clock too.
const STALL_MS = 100;
const TICKS_MASK = 0x3fffffff; // MicroPython's ticks_ms period (2**30)
const HEAP = 192 * 1024; // the Pico's MicroPython heap (this port grows it when it runs out)

let ctl = null;
let vm = null;
let readSeq = 0;
let levels = 0;
const changedAt = [-1e9, -1e9, -1e9];
const changedPass = [-1e9, -1e9, -1e9];
let passes = 0;
let lastTakenPass = -1e9; // the pass that took the last button event
let synced = 0; // the last sync request answered
const holdMin = [MIN_LEVEL_MS, MIN_LEVEL_MS, MIN_LEVEL_MS];
let blockedUntil = 0;
let boardBase = 0; // the board's clock (ms) at realBase
let realBase = 0;
let lastGlass = null;
let lastRing = null;
let ram = new Uint8Array(1024);

const post = (msg, transfer) => self.postMessage(msg, transfer || []);
const tracked = (p) => p === "/config.txt" || p === "/data" || p.startsWith("/data/");

// -- buttons: events from the page become pin levels, each held long enough to count --
function consume(now) {
  const seq = Atomics.load(ctl, SEQ);
  blockedUntil = 0;
  while (readSeq !== seq) {
    const ev = Atomics.load(ctl, RING + (readSeq & (RING_SIZE - 1)));
    const b = ev & 3;
    const kind = ev >> 2;
    const due = changedAt[b] + holdMin[b];
    if (now < due || passes - changedPass[b] < MIN_LEVEL_PASSES) {
      blockedUntil = Math.max(due, now + 1);
      return;
    }
    if (kind === UP) levels &= ~(1 << b);
    else levels |= 1 << b;
    holdMin[b] = kind === LONG ? LONG_MS : MIN_LEVEL_MS;
    post({ type: "level", button: b, down: kind !== UP, held: now - changedAt[b], at: now });
    changedAt[b] = now;
    changedPass[b] = passes;
    lastTakenPass = passes;
    readSeq = (readSeq + 1) | 0;
    Atomics.store(ctl, CONSUMED, readSeq);
  }
}

// The page asks (SYNC) to know when the board has shown what its buttons did: answered at the
// start of a pause, after the frame of the passes before it was posted (messages keep their order).
function answerSync() {
  const want = Atomics.load(ctl, SYNC);
  if (want !== synced && readSeq === Atomics.load(ctl, SEQ) && passes - lastTakenPass >= SYNC_PASSES) {
    synced = want;
    post({ type: "synced", n: want });
  }
}

// True while a release is waiting in the mailbox for a button that is held on the board.
function releaseWaits() {
  const seq = Atomics.load(ctl, SEQ);
  for (let i = readSeq; i !== seq; i = (i + 1) | 0) {
    const ev = Atomics.load(ctl, RING + (i & (RING_SIZE - 1)));
    if (ev >> 2 === UP && levels & (1 << (ev & 3))) return true;
  }
  return false;
}

// The board's clock now (ms): the time since the last pause, at most STALL_MS while a release waits.
function boardNow() {
  const since = performance.now() - realBase;
  return boardBase + (releaseWaits() ? Math.min(since, STALL_MS) : since);
}
self.vmNow = () => Math.floor(boardNow()) & TICKS_MASK;

// The app loop's pause (edge.py's sleep_ms): wait up to `ms`, woken early by a button.
self.vmPause = (ms) => {
  passes++;
  answerSync();
  const now = boardNow();
  const waits = releaseWaits();
  const start = performance.now();
  let timeout = ms;
  if (blockedUntil) {
    timeout = Math.max(0, Math.min(ms, blockedUntil - now));
    Atomics.wait(ctl, SPARE, 0, timeout);
  } else if (Atomics.load(ctl, SEQ) === readSeq) Atomics.wait(ctl, SEQ, readSeq, ms);
  const waited = performance.now() - start;
  realBase = performance.now();
  boardBase = now + (waits ? Math.min(waited, timeout + STALL_MS) : waited);
  consume(boardBase);
  return levels;
};

// A frame from edge.py: the panel model's GDDRAM (at `addr` in the VM's memory: 8 pages of
// `ramWidth` columns, the glass `margin` columns in) and state, and the ring's last written
// bytes (G, R, B per LED, hex) when they changed.
self.vmFrame = (addr, flags, startLine, offset, mux, comPins, ringHex, ramWidth = 128, margin = 0) => {
  const M = vm._module;
  if (ram.length !== 8 * ramWidth) ram = new Uint8Array(8 * ramWidth);
  for (let i = 0; i < ram.length; i++) ram[i] = M.getValue(addr + i, "i8") & 255;
  const glass = glassPages(ram, { flags, startLine, offset, mux, comPins, ramWidth, margin });
  let ring = lastRing;
  if (ringHex) {
    ring = new Uint8Array(ringHex.length / 2);
    for (let i = 0; i + 2 < ring.length; i += 3) {
      const grb = [0, 1, 2].map((j) => parseInt(ringHex.substr((i + j) * 2, 2), 16));
      ring[i] = grb[1];
      ring[i + 1] = grb[0];
      ring[i + 2] = grb[2];
    }
  }
  if (lastGlass && ring === lastRing && glass.every((v, i) => v === lastGlass[i])) return;
  lastGlass = glass;
  lastRing = ring;
  post({ type: "frame", glass, ring });
};

self.vmHeap = (alloc, free) => post({ type: "heap", alloc, free });

// -- the filesystem: every change under /data (and /config.txt) goes to the page's storage --
function hookFs(FS) {
  const put = (path) => {
    if (!tracked(path)) return;
    try {
      post({ type: "fs", op: "put", path, data: FS.readFile(path) });
    } catch (e) {
      /* gone again */
    }
  };
  const wrap = (name, after) => {
    const real = FS[name];
    FS[name] = function (...args) {
      const result = real.apply(this, args);
      after(result, ...args);
      return result;
    };
  };
  wrap("open", (stream, path, flags) => {
    if (typeof flags === "string" ? flags !== "r" : flags & (1 | 2 | 64 | 512)) put(FS.getPath(stream.node));
  });
  wrap("write", (n, stream) => put(FS.getPath(stream.node)));
  wrap("ftruncate", (r, fd) => put(FS.getPath(FS.getStream(fd).node)));
  wrap("rename", (r, from, to) => {
    if (tracked(from) && tracked(to)) post({ type: "fs", op: "rename", path: from, to });
    else if (tracked(from)) post({ type: "fs", op: "delete", path: from });
    else put(to);
  });
  wrap("unlink", (r, path) => tracked(path) && post({ type: "fs", op: "delete", path }));
  wrap("rmdir", (r, path) => tracked(path) && post({ type: "fs", op: "delete", path }));
  wrap("mkdir", (r, path) => tracked(path) && post({ type: "fs", op: "mkdir", path }));
}

function makeDirs(FS, path) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    try {
      FS.mkdir(dir);
    } catch (e) {
      /* exists */
    }
  }
}

// A bundle.json entry: source text, or {base64} (compiled .mpy modules).
export function bundleData(content) {
  if (typeof content === "string") return content;
  const bin = atob(content.base64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// The buttons' mailbox (input.js) shared with the page; the board's clock starts.
export function attach(sab) {
  ctl = new Int32Array(sab);
  readSeq = Atomics.load(ctl, CONSUMED); // a restarted board takes what its predecessor left
  realBase = performance.now();
}

async function boot(msg) {
  attach(msg.sab);
  const bundle = fetch("bundle.json").then((r) => r.json());
  const out = (text) => post({ type: "log", text });
  vm = await loadMicroPython({ heapsize: HEAP, stdout: out, stderr: out, linebuffer: true });
  const FS = vm.FS;
  for (const [path, content] of Object.entries(await bundle)) {
    // (a key script's run is English without another language's catalog, as tools/sim.py's scripted
    // runs, unless ?lang; the English one it needs: the compiled firmware's texts are IDs)
    if (path.startsWith("/lang/") && path !== "/lang/en.bin" && msg.keys !== null && !msg.lang) continue;
    makeDirs(FS, path);
    FS.writeFile(path, bundleData(content));
  }
  for (const f of msg.files) {
    try { // a file where a folder must be (or the reverse) is left out: the firmware makes what it needs
      makeDirs(FS, f.path + (f.dir ? "/x" : ""));
      if (!f.dir) FS.writeFile(f.path, f.data);
    } catch (e) {
      out("stored flash: " + f.path + " left out\n");
      post({ type: "leftout", path: f.path, why: "left out: a file and a folder in the same place" });
    }
  }
  if (msg.board) FS.writeFile("/config.txt", "BOARD=" + msg.board + "\n"); // (a test run's: not stored)
  hookFs(FS);
  const settings = (p) => msg.files.some((f) => f.path === p);
  if (msg.lang && !settings("/data/settings.txt") && !settings("/data/settings.bak")) {
    // The board's first start in this page: the browser's language answers "Language/Sprache".
    vm.runPython("from fishtable.store import Store\nfrom fishtable.ui import prefs\n" +
      "_s = Store(root='/data')\n_v = _s.load_settings(prefs.defaults())\n_v['language'] = " +
      JSON.stringify(msg.lang) + "\n_s.save_settings(_v)\ndel _s, _v, Store, prefs");
  }
  post({ type: "booted", ms: performance.now() });
  const seed = msg.seed === null ? "None" : String(msg.seed | 0);
  const keys = msg.keys === null ? "None" : JSON.stringify(msg.keys);
  try {
    vm.runPython(`import sys\nsys.path.append("/web")\nimport edge\nedge.run(${seed}, ${keys})`);
    post({ type: "stopped", error: null });
  } catch (err) {
    post({ type: "stopped", error: String(err.message || err) });
  }
}

self.onmessage = (e) => {
  if (e.data.type === "boot") boot(e.data);
};
