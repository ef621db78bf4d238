// The page's tools, each on a fresh MicroPython VM with the firmware (the bundle's compiled
// fishtable/) and the host tools the page uses:
//   {type: "summary", files}             tools/history.py's text over the history files
//   {type: "games", files}               the history's games, newest first, each {name, data}: the
//                                        board's segments and index read, and games in a file each
//   {type: "import", flash, incoming}    web/importer.py: files into the board's /data as the board
//                                        stores them; answers {done, refused, puts, deletes}
//   {type: "link", link}                 tools/scanlink.py: a scanned page link's result and record
//   {type: "check", flash}               web/flashcheck.py: what of the stored board the board
//                                        cannot use whole; answers {found: [[path, what], ...]}
import { loadMicroPython } from "./vm/micropython.mjs";

const bundleData = (content) =>
  typeof content === "string" ? content : Uint8Array.from(atob(content.base64), (c) => c.charCodeAt(0));

function makeDirs(FS, path) {
  let dir = "";
  for (const part of path.split("/").slice(1, -1)) {
    dir += "/" + part;
    try { FS.mkdir(dir); } catch (err) { /* exists */ }
  }
}

async function vmWithTools(lines) {
  const vm = await loadMicroPython({ heapsize: 512 * 1024, stdout: (t) => lines.push(t), stderr: (t) => lines.push(t) });
  const bundle = await (await fetch("bundle.json")).json();
  for (const [path, content] of Object.entries(bundle)) {
    if (!path.startsWith("/fishtable/") && !path.startsWith("/web/tools/")) continue;
    makeDirs(vm.FS, path);
    vm.FS.writeFile(path, bundleData(content));
  }
  return vm;
}

const PATHS = `
import sys
sys.path.insert(0, "/")
sys.path.insert(0, "/web/tools")
`;

async function summary(msg) {
  const lines = [];
  const vm = await vmWithTools(lines);
  vm.FS.mkdir("/history");
  for (const f of msg.files) vm.FS.writeFile("/history/" + f.name, f.data);
  try {
    vm.runPython(PATHS + `
import history
plays, unfinished, problems = history.collect("/history")
sys.stdout.write(history.report(plays, unfinished, problems))
`);
  } catch (err) {
    lines.push(String(err.message || err));
  }
  return { text: lines.join("\n") };
}

// Each game of the history files (packed in segments or one file each), newest first.
async function games(msg) {
  const lines = [];
  const vm = await vmWithTools(lines);
  vm.FS.mkdir("/history");
  for (const f of msg.files) vm.FS.writeFile("/history/" + f.name, f.data);
  try {
    vm.runPython(PATHS + `
import history
found = history.games("/history")
with open("/games.txt", "w") as out:
    out.write("\\n".join(name for name, _ in found))
for i, (name, source) in enumerate(found):
    with open("/game%d" % i, "wb") as out:
        if isinstance(source, bytes):
            out.write(source)
        else:
            with open(source, "rb") as f:
                out.write(f.read())
`);
  } catch (err) {
    return { games: [], error: String(err.message || err) };
  }
  const names = vm.FS.readFile("/games.txt", { encoding: "utf8" }).split("\n").filter((n) => n);
  const out = names.map((name, i) => ({ name, data: vm.FS.readFile("/game" + i) }));
  return { games: out.reverse() };
}

// The page's /data in the VM, the files imported, then the store's changes back as puts/deletes.
async function importFiles(msg) {
  const lines = [];
  const vm = await vmWithTools(lines);
  const FS = vm.FS;
  makeDirs(FS, "/data/x");
  for (const f of msg.flash) {
    if (!f.path.startsWith("/data/")) continue;
    try { // (a file and a folder in one place: left out, as the board's own start leaves it)
      makeDirs(FS, f.path + (f.dir ? "/x" : ""));
      if (!f.dir) FS.writeFile(f.path, f.data);
    } catch (err) { /* left out */ }
  }
  makeDirs(FS, "/incoming/x");
  msg.incoming.forEach((f, i) => FS.writeFile("/incoming/" + i, f.data));
  const names = JSON.stringify(msg.incoming.map((f) => f.name));
  try {
    vm.runPython(PATHS + `
import json
import importer
from fishtable.store.fs import OsFs
fs = OsFs()
before = importer._snapshot(fs, "/data")
files = []
for i, name in enumerate(json.loads(${JSON.stringify(names)})):
    with open("/incoming/%d" % i, "rb") as f:
        files.append((name, f.read()))
result = importer.import_files("/data", files)
after = importer._snapshot(fs, "/data")
result["puts"] = sorted(p for p in after if before.get(p) != after[p])
result["deletes"] = sorted(p for p in before if p not in after)
print("RESULT " + json.dumps(result))
`);
  } catch (err) {
    return { error: String(err.message || err), log: lines.join("\n") };
  }
  const line = lines.find((l) => l.startsWith("RESULT "));
  if (!line) return { error: "the importer said nothing", log: lines.join("\n") };
  const result = JSON.parse(line.slice(7));
  result.puts = result.puts.map((path) => ({ path, data: FS.readFile(path) }));
  return result;
}

// The stored board (/config.txt and /data) in a VM of its own, read as the board reads it.
async function checkFlash(msg) {
  const lines = [];
  const vm = await vmWithTools(lines);
  const FS = vm.FS;
  makeDirs(FS, "/board/x");
  for (const f of msg.flash) {
    try { // (a file and a folder in one place: the page says so itself)
      makeDirs(FS, "/board" + f.path + (f.dir ? "/x" : ""));
      if (!f.dir) FS.writeFile("/board" + f.path, f.data);
    } catch (err) { /* left out */ }
  }
  try {
    vm.runPython(PATHS + `
import json
import flashcheck
print("RESULT " + json.dumps(flashcheck.check("/board")))
`);
  } catch (err) {
    return { found: [["", "the check stopped: " + String(err.message || err).split("\n").slice(-2).join(" ")]] };
  }
  const line = lines.find((l) => l.startsWith("RESULT "));
  return { found: line ? JSON.parse(line.slice(7)) : [["", "the check said nothing"]] };
}

async function readLink(msg) {
  const lines = [];
  const vm = await vmWithTools(lines);
  try {
    vm.runPython(PATHS + `
import json
import scanlink
try:
    found = scanlink.fields(${JSON.stringify(msg.link)})
    out = {"result": scanlink.result(found), "record": None}
    whole = scanlink.record(found)
    if whole is not None:
        out["record"] = whole[0]
except (ValueError, KeyError, IndexError) as err:
    out = {"error": str(err)}
print("RESULT " + json.dumps(out))
`);
  } catch (err) {
    return { error: String(err.message || err) };
  }
  const line = lines.find((l) => l.startsWith("RESULT "));
  return line ? JSON.parse(line.slice(7)) : { error: lines.join("\n") };
}

self.onmessage = async (e) => {
  const msg = e.data;
  let answer;
  if (msg.type === "import") answer = await importFiles(msg);
  else if (msg.type === "link") answer = await readLink(msg);
  else if (msg.type === "games") answer = await games(msg);
  else if (msg.type === "check") answer = await checkFlash(msg);
  else answer = await summary(msg);
  self.postMessage(answer);
};
