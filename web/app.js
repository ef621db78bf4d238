// The page: the board's panel, ring and buttons, its flash in the browser's storage, and the
// history tools.  The firmware itself runs in vm-worker.js.
import { Flash, tarOf } from "./storage.js";
import { perceived } from "./ring.js";
import { fragmentFields, result as scannedResult, bgStatsLink, CSS_COLOURS } from "./scan.js";
import { send, WORDS, SEQ, CONSUMED, SYNC, PREV, NEXT, OK, DOWN, UP, LONG } from "./input.js";
import { tr, german, boardLanguage, chooseLanguage, translatePage } from "./words.js";

const W = 128, H = 64;
const ON = [110, 200, 255]; // the OLED's lit pixel (the simulator's colour)
const OFF = [4, 6, 10];
const params = new URLSearchParams(location.search);
// Test runs only: ?seed=N fixes the die; ?keys=SCRIPT plays a simulator key script on a
// virtual clock with the files in memory (tests compare the frames with tools/sim.py's).
const seed = params.has("seed") ? parseInt(params.get("seed"), 10) : null;
const keys = params.get("keys");
// ... and ?board=NAME (with keys) runs boards/NAME.json, its panel chip's model on the bus.
const board = keys !== null ? params.get("board") : null;
// This VM collects garbage only between calls into it, and the firmware's loop is one call
// that never returns: the heap grows by what the app allocates (~3.6 KB a key press).  Past
// this size the board is restarted (a power cycle: the journal keeps the game) at a moment
// nobody can see it: idle on the very picture it starts with (?recycle=BYTES: tests).
const RECYCLE_BYTES = params.has("recycle") ? parseInt(params.get("recycle"), 10) : 32 * 1024 * 1024;
const RECYCLE_IDLE_MS = params.has("recycle") ? 500 : 3000;

const $ = (id) => document.getElementById(id);
const canvas = $("panel");
const ctx = canvas.getContext("2d", { alpha: false });
const state = {
  frames: [], // test runs (or recordFrames): each frame as drawn, read back from the canvas (hex)
  frameTimes: [], // ... and when it was drawn (performance.now())
  recordFrames: params.has("frames"), // (?frames: tests, from the first frame on)
  rings: [], // test runs: the ring of each frame (hex, R G B per LED)
  leds: [], // test runs: each frame's LEDs as drawn (their computed colour, null when dark)
  frameCount: 0,
  firstFrameAt: null, // performance.now() when the first lit frame was drawn
  bootedAt: null,
  latencies: [], // ms from a button/key press (its event's time) to the next panel change drawn
  paints: [], // ms from the same press to the animation frame that shows that change
  pointers: [], // the pointer type of each button press (mouse, touch, pen)
  heap: null, // {alloc, free, at} of the VM: gc.mem_alloc(), gc.mem_free() in bytes; performance.now()
  recycles: 0, // restarts to give the VM's heap back (see RECYCLE_BYTES)
  bootPicture: null, // the panel once the board has started, before any key (hex)
  levels: [], // the last button levels the board got: [button, down, ms since the last change, at]
  lastInputAt: 0,
  lastFrameAt: 0,
  stopped: null,
  log: [],
  ring: null,
  found: [], // [path, what] of the stored board that the board cannot use whole (the page says each)
  checked: false, // the stored board was checked (web/flashcheck.py answered)
};
window.fishtable = state;
let glass = new Uint8Array(W * H / 8);
let scale = 4;
let gap = 1;
let pressAt = null;
let worker = null;
let flash = null;
let sab = null; // the buttons' mailbox shared with the worker (needs cross-origin isolation)
let ctl = null;

// -- drawing ----------------------------------------------------------------------------
function layout() {
  const dpr = window.devicePixelRatio || 1;
  const main = document.querySelector("main");
  const px = (el, side) => parseFloat(getComputedStyle(el)["padding" + side]) || 0;
  const enclosure = $("enclosure");
  // main's padding and the enclosure's rim (narrower on a phone: style.css)
  const wide = main.clientWidth - px(main, "Left") - px(main, "Right") - px(enclosure, "Left") - px(enclosure, "Right");
  const phone = getComputedStyle($("buttons")).position === "fixed"; // the buttons in a bar at the bottom
  const high = (window.innerHeight - (phone ? 160 : 250)) * 2; // what the buttons leave; the panel is 2:1
  const room = Math.min(wide, Math.max(high, 256), 640);
  scale = Math.max(1, Math.floor((room * dpr) / W));
  gap = scale >= 4 ? 1 : 0;
  canvas.width = W * scale;
  canvas.height = H * scale;
  canvas.style.width = (W * scale) / dpr + "px";
  canvas.style.height = (H * scale) / dpr + "px";
  drawPanel();
  placeLeds();
}

function drawPanel() {
  ctx.fillStyle = `rgb(${OFF})`;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = `rgb(${ON})`;
  const s = scale;
  for (let page = 0; page < H / 8; page++) {
    for (let x = 0; x < W; x++) {
      const byte = glass[page * W + x];
      if (!byte) continue;
      for (let b = 0; b < 8; b++) if (byte & (1 << b)) ctx.fillRect(x * s, (page * 8 + b) * s, s, s);
    }
  }
  if (gap) {
    // The OLED's look: a faint dark line between the pixels.
    ctx.fillStyle = "rgba(0, 0, 0, 0.4)";
    for (let x = 1; x < W; x++) ctx.fillRect(x * s - gap, 0, gap, canvas.height);
    for (let y = 1; y < H; y++) ctx.fillRect(0, y * s - gap, canvas.width, gap);
  }
}

// The panel as drawn: each cell's centre read back from the canvas, packed like the glass.
function readPanel() {
  const img = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const out = new Uint8Array(W * H / 8);
  const c = (scale - gap) >> 1;
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = ((y * scale + c) * canvas.width + x * scale + c) * 4;
      if (img[i + 2] > 128) out[(y >> 3) * W + x] |= 1 << (y & 7);
    }
  }
  return out;
}
const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
state.readPanel = () => hex(readPanel());
state.glass = () => hex(glass); // the glass the board sent last
state.flashFiles = () => [...flash.files.keys()];
state.flashRead = (path) => hex(flash.read(path) || []); // tests: a file of the page's flash (hex)
// True when the board has taken every button event (tests wait for it; so does recycling).
state.inputIdle = () => Atomics.load(ctl, SEQ) === Atomics.load(ctl, CONSUMED);

function placeLeds() {
  const ring = $("ring");
  const n = state.ring ? state.ring.length / 3 : 12;
  if (ring.children.length !== n) {
    ring.textContent = "";
    for (let i = 0; i < n; i++) ring.appendChild(document.createElement("div")).className = "led";
  }
  const enclosure = $("enclosure");
  const box = enclosure.getBoundingClientRect();
  const cx = box.width / 2, cy = box.height / 2;
  const side = parseFloat(getComputedStyle(enclosure).paddingLeft) || 30;
  const top = parseFloat(getComputedStyle(enclosure).paddingTop) || 34;
  const rx = cx - side / 2, ry = cy - top / 2; // in the middle of the enclosure's rim, around the panel
  [...ring.children].forEach((led, i) => {
    const a = (2 * Math.PI * i) / n - Math.PI / 2; // LED 0 at the top, clockwise
    const c = Math.cos(a), s = Math.sin(a);
    const t = Math.min(Math.abs(c) > 1e-9 ? rx / Math.abs(c) : Infinity, Math.abs(s) > 1e-9 ? ry / Math.abs(s) : Infinity);
    led.style.left = cx + t * c + "px";
    led.style.top = cy + t * s + "px";
  });
}

// Each LED in its perceived colour, its glow by how bright it runs.
function drawRing() {
  const rgb = state.ring;
  if (!rgb) return;
  if ($("ring").children.length * 3 !== rgb.length) placeLeds();
  [...$("ring").children].forEach((led, i) => {
    const [r, g, b] = [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]];
    const seen = perceived(r, g, b);
    if (!seen) {
      led.style.background = "";
      led.style.boxShadow = "";
      return;
    }
    const colour = `rgb(${seen.join(",")})`;
    led.style.background = colour;
    led.style.boxShadow = `0 0 ${6 + Math.min(18, Math.max(r, g, b) / 3)}px ${colour}`;
  });
}

// The LEDs' colours as the page draws them (their computed style), [r, g, b] or null when dark.
function drawnLeds() {
  return [...$("ring").children].map((led) => {
    if (!led.style.background) return null;
    const m = /rgba?\((\d+), (\d+), (\d+)/.exec(getComputedStyle(led).backgroundColor);
    return m ? [+m[1], +m[2], +m[3]] : "unreadable";
  });
}
state.drawnLeds = drawnLeds;

function onFrame(msg) {
  glass = msg.glass;
  state.frameCount++;
  if (msg.ring) state.ring = msg.ring;
  drawPanel();
  drawRing();
  const now = performance.now();
  state.lastFrameAt = now;
  if (state.bootedAt !== null && state.lastInputAt < state.bootedAt) state.bootPicture = picture();
  if (state.firstFrameAt === null && glass.some((v) => v)) {
    state.firstFrameAt = now;
    if ($("status").dataset.starting) {
      $("status").textContent = "";
      delete $("status").dataset.starting;
    }
  }
  if (pressAt !== null) {
    const at = pressAt;
    state.latencies.push(now - at);
    requestAnimationFrame(() => state.paints.push(performance.now() - at)); // just before that frame's paint
    pressAt = null;
  }
  if (keys !== null || state.recordFrames) {
    state.frames.push(hex(readPanel()));
    state.frameTimes.push(now);
    state.rings.push(hex(state.ring || []));
    state.leds.push(drawnLeds());
  }
}

// -- buttons, touch, mouse and keyboard ---------------------------------------------------
// `at`: the input event's time (performance.now() clock), when the browser got it.
function press(button, kind, at) {
  state.lastInputAt = performance.now();
  if (kind !== UP) pressAt = at === undefined ? state.lastInputAt : Math.min(at, state.lastInputAt);
  send(ctl, button, kind);
}

// Tests: resolves once the board has taken every button event so far and shown what they did
// (vm-worker.js answers after the frames of two more loop passes).
let syncs = 0;
const syncWaiting = [];
state.sync = () => new Promise((resolve) => {
  syncs++;
  syncWaiting.push([syncs, resolve]);
  Atomics.store(ctl, SYNC, syncs);
});
function synced(n) {
  while (syncWaiting.length && syncWaiting[0][0] <= n) syncWaiting.shift()[1]();
}

function wireButton(id, button) {
  const el = $(id);
  let down = false;
  const release = () => {
    if (!down) return;
    down = false;
    el.classList.remove("down");
    press(button, UP);
  };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    el.setPointerCapture(e.pointerId);
    down = true;
    el.classList.add("down");
    state.pointers.push(e.pointerType);
    press(button, DOWN, e.timeStamp);
  });
  el.addEventListener("pointerup", release);
  el.addEventListener("pointercancel", release);
  el.addEventListener("lostpointercapture", release);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
  el.addEventListener("keydown", (e) => e.preventDefault()); // the page's keys, not a click
}

const KEYS = { ArrowLeft: PREV, ArrowUp: PREV, ArrowRight: NEXT, ArrowDown: NEXT, Enter: OK, " ": OK };
function wireKeyboard() {
  window.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("#tools")) return; // its own buttons and links
    if (e.key === "Backspace") {
      e.preventDefault();
      if (!e.repeat) {
        press(OK, LONG, e.timeStamp);
        send(ctl, OK, UP);
      }
      return;
    }
    if (!(e.key in KEYS)) return;
    e.preventDefault();
    if (!e.repeat) press(KEYS[e.key], DOWN, e.timeStamp);
  });
  window.addEventListener("keyup", (e) => {
    if (e.key in KEYS) send(ctl, KEYS[e.key], UP);
  });
  // A key held while the window loses focus never sends its keyup: let go of everything.
  const releaseAll = () => [PREV, NEXT, OK].forEach((b) => send(ctl, b, UP));
  window.addEventListener("blur", releaseAll);
  document.addEventListener("visibilitychange", () => document.hidden && releaseAll());
}

// -- the board ------------------------------------------------------------------------------
function boot() {
  worker = new Worker("vm-worker.js", { type: "module" });
  worker.onmessage = (e) => {
    const msg = e.data;
    if (msg.type === "frame") onFrame(msg);
    else if (msg.type === "fs") {
      flash.apply(msg);
      if (msg.op === "rename" && msg.to === SETTINGS) useLanguage(); // the board saved its settings
    }
    else if (msg.type === "synced") synced(msg.n);
    else if (msg.type === "heap") {
      state.heap = { alloc: msg.alloc, free: msg.free, at: performance.now() };
      recycleWhenUnseen();
      const kb = (msg.alloc / 1024).toFixed(1), mb = (msg.free / 1048576).toFixed(1);
      $("heap").textContent = german
        ? `VM-Heap: gc.mem_alloc() ${kb} KB (mit dem Müll, den diese VM nur zwischen Aufrufen freigibt),` +
          ` gc.mem_free() ${mb} MB (mit den 128 MB, um die er noch wachsen darf)` +
          (state.recycles ? `; ${state.recycles}x neu gestartet, um ihn freizugeben` : "")
        : `VM heap: gc.mem_alloc() ${kb} KB (with the garbage` +
          ` this VM frees only between calls), gc.mem_free() ${mb} MB (with the` +
          ` 128 MB it may still grow by)` +
          (state.recycles ? `; restarted ${state.recycles}x to free it` : "");
    } else if (msg.type === "level") {
      state.levels.push([msg.button, msg.down, Math.round(msg.held), Math.round(msg.at)]);
      if (state.levels.length > 200) state.levels.shift();
    } else if (msg.type === "leftout") sayFound([[msg.path, msg.why]]);
    else if (msg.type === "booted") state.bootedAt = performance.now();
    else if (msg.type === "log") {
      state.log.push(msg.text);
      $("log").textContent = state.log.slice(-40).join("\n");
    } else if (msg.type === "stopped") {
      state.stopped = msg.error || "ok";
      if (msg.error) {
        $("status").textContent = tr("The board stopped: ") + msg.error.split("\n").slice(-2).join(" ");
        if (!state.found.length) $("found-title").textContent = tr("If what the page keeps stops its board, reset it:");
        $("found").hidden = false; // the way out: reset the stored board
      }
    }
  };
  // lang: the answer to a new board's first question (the browser's language; a test run's: ?lang)
  const lang = keys === null ? (german ? "de" : "en") : params.get("lang");
  worker.postMessage({ type: "boot", sab, files: flash.list(), seed, keys, board, lang });
}

function restart() {
  worker.terminate();
  state.firstFrameAt = null;
  state.bootPicture = null;
  state.bootedAt = null;
  boot();
}

const picture = () => hex(glass) + hex(state.ring || []);

// Called with each heap figure (every second): restart the board when its heap is too big and it
// has been idle on the picture it started with (its last frame before the first key).
function recycleWhenUnseen() {
  const now = performance.now();
  const quiet = now - state.lastFrameAt > 1000 && now - state.lastInputAt > RECYCLE_IDLE_MS;
  if (keys === null && quiet && state.inputIdle() && state.heap.alloc > RECYCLE_BYTES &&
      picture() === state.bootPicture) {
    state.recycles++;
    restart();
  }
}

// -- the stored board: what it holds that the board cannot use, and the way out ----------------
// Said under the panel, each entry once: entries the storage left out (storage.js), files the worker
// could not place (a file and a folder in one place), and what the board's own checked reads find
// (web/flashcheck.py in a VM of its own: config.txt, settings, roster, statistics, history, journal).
function sayFound(items) {
  for (const [path, what] of items) {
    if (state.found.some(([p, w]) => p === path && w === what)) continue;
    state.found.push([path, what]);
    const li = $("found-list").appendChild(document.createElement("li"));
    if (path) {
      li.appendChild(document.createElement("code")).textContent = path;
      li.appendChild(document.createTextNode(": "));
    }
    li.appendChild(document.createTextNode(tr(what)));
  }
  if (!state.found.length) return;
  const n = state.found.length;
  $("found-title").textContent = !german
    ? `The stored board holds ${n === 1 ? "one thing" : n + " things"} the board` +
      " cannot use whole (it starts without them):"
    : n === 1
      ? "Der Gerätespeicher enthält einen Eintrag, den das Gerät nicht ganz nutzen kann (es startet ohne ihn):"
      : `Der Gerätespeicher enthält ${n} Einträge, die das Gerät nicht ganz nutzen kann (es startet ohne sie):`;
  $("found").hidden = false;
}

async function checkStored() {
  const answer = await runTool({ type: "check", flash: flash.list() });
  sayFound(answer.found || []);
  state.checked = true;
}

// First the copy of what a reset removes (a .tar of every stored entry), then the reset itself.
async function offerReset() {
  $("found").hidden = false;
  const link = $("reset-download");
  if (link.href) URL.revokeObjectURL(link.href);
  link.href = URL.createObjectURL(tarOf(await flash.everything()));
  const day = new Date().toISOString().slice(0, 10);
  link.download = "fishtable-stored-board-" + day + ".tar";
  $("reset").hidden = false;
}

async function resetBoard() {
  await flash.clear();
  state.found = [];
  $("found-list").textContent = "";
  $("found").hidden = true;
  $("reset").hidden = true;
  $("status").textContent = tr("The stored board was reset: the board starts afresh.");
  restart();
}

// -- history: finished games, import, summary ------------------------------------------
const HISTORY = "/data/history";
// The history's games, newest first (packed many to a segment file: read in the tools' VM).
async function showGames() {
  const box = $("games");
  const files = flash.names(HISTORY).map((name) => ({ name, data: flash.read(HISTORY + "/" + name) }));
  const found = files.length ? (await runTool({ type: "games", files })).games : [];
  box.textContent = "";
  if (!found.length) box.textContent = tr("No finished games yet.");
  const list = box.appendChild(document.createElement("ul"));
  for (const game of found) {
    const li = list.appendChild(document.createElement("li"));
    li.appendChild(document.createElement("span")).textContent = game.name;
    const a = li.appendChild(document.createElement("a"));
    a.textContent = tr("download");
    a.download = game.name;
    a.href = URL.createObjectURL(new Blob([game.data], { type: "text/plain" }));
  }
  box.hidden = false;
}

// Game records and a roster file go into the board's /data as the board itself stores them
// (web/importer.py in a VM of its own: the record's lines with their checks, the next history
// number, the statistics; a roster checked as the Players screen checks it); a file it cannot take
// is refused with the reason and nothing of it is written.  Then the board restarts with them, as
// after copying files onto it.  Resolves with the importer's answer.
function runTool(msg) {
  return new Promise((resolve) => {
    const tool = new Worker("history-worker.js", { type: "module" });
    tool.onmessage = (e) => {
      tool.terminate();
      resolve(e.data);
    };
    tool.postMessage(msg);
  });
}

async function storeFiles(incoming) {
  const answer = await runTool({ type: "import", flash: flash.list(), incoming });
  if (answer.error) return answer;
  for (const put of answer.puts) await flash.write(put.path, put.data);
  for (const path of answer.deletes) await flash.remove(path);
  if (answer.done.length) restart();
  if (!$("games").hidden) showGames();
  return answer;
}

async function importFiles(files) {
  $("status").textContent = tr("Importing\u2026");
  const incoming = [];
  for (const file of files) incoming.push({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
  const answer = await storeFiles(incoming);
  if (answer.error) {
    $("status").textContent = tr("Nothing imported: ") + answer.error;
    return;
  }
  const parts = [];
  const made = answer.done.map(([, made]) => made).join(", ");
  if (answer.done.length) parts.push(german ? "Importiert: " + made + "; das Gerät startet neu." : "Imported " + made + "; the board restarts.");
  for (const [name, why] of answer.refused) parts.push(tr("Not imported: ") + name + ": " + why + ".");
  $("status").textContent = parts.join(" ");
}

async function showSummary() {
  const out = $("summary");
  out.hidden = false;
  out.textContent = tr("Counting\u2026");
  const files = flash.names(HISTORY).map((name) => ({ name, data: flash.read(HISTORY + "/" + name) }));
  out.textContent = (await runTool({ type: "summary", files })).text;
}

// -- a scanned game: the board's Scan code opened this page (fishtable.ui.share.page_link) -------
// The result card from the link's fragment; Log in BG Stats (built here, every field the game
// has); when the link held the whole record (checked against the result in a VM: tools/scanlink.py)
// Keep (into this page's history and statistics, once) and Download .fish.
function showScanned() {
  const fields = fragmentFields(location.hash);
  const res = fields && scannedResult(fields);
  state.scanned = res;
  if (!res) return;
  $("card").hidden = false;
  $("card-title").textContent = res.title;
  const when = [];
  if (res.date) when.push(res.date.replace("T", " "));
  if (res.played !== null) when.push(res.played + tr(" min"));
  $("card-when").textContent = when.join(", ") || tr("No date or length: the board has no clock");
  const list = $("card-players");
  list.textContent = "";
  for (const p of [...res.players].sort((a, b) => a.rank - b.rank || a.seat - b.seat)) {
    const li = list.appendChild(document.createElement("li"));
    li.className = p.winner ? "winner" : "";
    const add = (cls, text) => {
      const span = li.appendChild(document.createElement("span"));
      span.className = cls;
      span.textContent = text;
      return span;
    };
    add("rank", p.rank);
    add("swatch", "").style.background = CSS_COLOURS[p.colour];
    add("name", p.label + (p.seat === res.start ? tr(" (started)") : ""));
    add("score", p.score);
    add("won", p.winner ? tr("wins") : "");
  }
  $("card-bgstats").href = bgStatsLink(res);
  if (res.whole) readScannedRecord();
}

async function readScannedRecord() {
  const answer = await runTool({ type: "link", link: location.hash });
  if (answer.error || !answer.record) {
    $("card-status").textContent = tr("The game's record did not come whole: ") + (answer.error || tr("only the result"));
    return;
  }
  state.scannedRecord = answer.record;
  const res = state.scanned;
  const name = `${res.game}-${res.date ? res.date.replace(/[-:]/g, "").replace("T", "-") : res.id}.fish`;
  const download = $("card-download");
  download.download = name;
  download.href = URL.createObjectURL(new Blob([answer.record], { type: "text/plain" }));
  download.hidden = false;
  const keep = $("card-keep");
  keep.hidden = false;
  keep.onclick = keepScanned;
}

async function keepScanned() {
  if (!flash) return;
  $("card-status").textContent = tr("Keeping\u2026");
  const data = new TextEncoder().encode(state.scannedRecord);
  const answer = await storeFiles([{ name: "scanned.fish", data }]);
  if (answer.error) $("card-status").textContent = tr("Not kept: ") + answer.error;
  else if (answer.done.length) {
    $("card-status").textContent = (german ? "In den Verlauf dieser Seite übernommen als " : "Kept in this page's history as ") +
      answer.done[0][1] + ".";
  } else $("card-status").textContent = tr("Not kept: ") + answer.refused[0][1] + ".";
}

// Hold the "board" lock for as long as this tab lives; false when another tab has it.
function holdBoardLock() {
  return new Promise((resolve) => {
    navigator.locks.request("fishtable-board", { ifAvailable: true }, (lock) => {
      resolve(lock !== null);
      return lock === null ? undefined : new Promise(() => {});
    });
  });
}

// -- start ----------------------------------------------------------------------------------
// -- the page's language: the board's setting once its flash is open, else the browser's -------
const SETTINGS = "/data/settings.txt";
function useLanguage() {
  let board = null;
  for (const path of flash ? [SETTINGS, SETTINGS.replace(".txt", ".bak")] : []) {
    board = boardLanguage(flash.read(path));
    if (board) break;
  }
  const was = german;
  chooseLanguage(params.get("lang"), board, navigator.language);
  if (german === was && document.documentElement.lang === (german ? "de" : "en")) return;
  translatePage(document);
  if ($("status").dataset.starting) $("status").textContent = tr("Starting the board\u2026");
}

async function main() {
  useLanguage();
  showScanned();
  if (!window.crossOriginIsolated) {
    // A static host without the isolation headers: the service worker adds them, from the
    // next load on (once it is installed): reload once.
    $("status").textContent = tr("This page needs cross-origin isolation (tools/web.py sends it; elsewhere" +
      " its service worker adds it after a reload).");
    if (navigator.serviceWorker && !sessionStorage.isolating) {
      await navigator.serviceWorker.ready;
      sessionStorage.isolating = "1";
      location.reload();
    }
    return;
  }
  delete sessionStorage.isolating;
  sab = new SharedArrayBuffer(WORDS * 4);
  ctl = new Int32Array(sab);
  // One board per browser: a second tab would write the same storage.
  if (navigator.locks && keys === null && !(await holdBoardLock())) {
    $("status").textContent = tr("fishtable is already running in another tab of this browser.");
    return;
  }
  try {
    flash = await new Flash(keys === null).open();
  } catch (err) {
    flash = new Flash(false); // no IndexedDB (a private window?): the games last as long as the tab
    $("status").textContent = tr("This browser keeps no storage here: games are lost when the tab closes.");
    delete $("status").dataset.starting;
  }
  useLanguage();
  wireButton("btn-prev", PREV);
  wireButton("btn-next", NEXT);
  wireButton("btn-ok", OK);
  wireKeyboard();
  $("show-games").onclick = showGames;
  $("show-summary").onclick = showSummary;
  $("import").onchange = (e) => importFiles([...e.target.files]);
  $("show-reset").onclick = offerReset;
  $("reset-board").onclick = offerReset;
  $("reset-now").onclick = resetBoard;
  // After a tool button, the keyboard goes back to the device.
  $("tools").addEventListener("click", (e) => e.target.closest("button") && e.target.closest("button").blur());
  window.addEventListener("resize", layout);
  layout();
  sayFound(flash.skipped);
  boot();
  if (flash.persist) checkStored();
}

if ("serviceWorker" in navigator && keys === null) {
  navigator.serviceWorker.register("sw.js").catch(() => {});
}
main();
