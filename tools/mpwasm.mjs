// Run firmware code in the MicroPython WebAssembly VM (npm @micropython/micropython-webassembly-pyscript).
// The VM has no filesystem mount: firmware/ is copied into its in-memory FS at /fw, which goes on sys.path.
// Usage: node tools/mpwasm.mjs [--heapsize 192K] [--tree HOSTDIR=VMDIR]... (-c CODE | -m MODULE | SCRIPT) [ARGS...]
//        node tools/mpwasm.mjs [--heapsize ...] [--tree ...] --steps < steps.json
// --steps reads a JSON list of code strings from stdin and runs each as a separate call: the VM
// collects garbage only between calls, so `gc.collect()` in a later step sees what earlier ones freed.
// A Python exception prints its traceback to stderr and exits 1; SystemExit(n) exits n.
import fs from "fs";
import path from "path";
import { fileURLToPath } from "url";
import { createRequire } from "module";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.dirname(here);
const require = createRequire(import.meta.url);

function parseSize(text) {
  const m = /^(\d+)([kKmM]?)$/.exec(text);
  if (!m) throw new Error("bad heap size " + text);
  return parseInt(m[1], 10) * ({ k: 1024, m: 1048576 }[m[2].toLowerCase()] || 1);
}

function copyTree(FS, hostDir, vmDir) {
  try { FS.mkdirTree(vmDir); } catch (e) { /* exists */ }
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    const src = path.join(hostDir, entry.name);
    const dst = vmDir + "/" + entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== "__pycache__") copyTree(FS, src, dst);
    } else if (entry.name.endsWith(".py") || entry.name.endsWith(".json") || entry.name.endsWith(".fish") || entry.name.endsWith(".mpy") ||
               entry.name.endsWith(".seg") || entry.name.endsWith(".bin") || entry.name.endsWith(".txt") || entry.name.endsWith(".pack")) {  // (a board's /data)
      FS.writeFile(dst, fs.readFileSync(src));
    }
  }
}

async function main() {
  const argv = process.argv.slice(2);
  let heapsize = parseSize("192K");
  const trees = [[path.join(root, "firmware"), "/fw"]];
  while (argv.length && argv[0].startsWith("--")) {
    const flag = argv.shift();
    const value = argv.shift();
    if (flag === "--steps") { argv.unshift(flag); break; }
    if (flag === "--heapsize") heapsize = parseSize(value);
    else if (flag === "--tree") { const [h, v] = value.split("="); trees.push([path.resolve(h), v]); }
    else throw new Error("unknown flag " + flag);
  }
  let code;
  let progName = "-c";
  const mode = argv.shift();
  let steps = null;
  if (mode === "-c") code = argv.shift();
  else if (mode === "--steps") steps = JSON.parse(fs.readFileSync(0, "utf8"));
  else if (mode === "-m") { progName = argv.shift(); code = "import " + progName; }
  else if (mode) { progName = mode; code = fs.readFileSync(mode, "utf8"); }
  else throw new Error("nothing to run");

  const pkg = require.resolve("@micropython/micropython-webassembly-pyscript/package.json");
  const { loadMicroPython } = await import(path.join(path.dirname(pkg), "micropython.mjs"));
  const out = (data) => process.stdout.write(data);
  const err = (data) => process.stderr.write(data);
  const mp = await loadMicroPython({ heapsize, stdout: out, stderr: err, linebuffer: false });
  for (const [h, v] of trees) copyTree(mp.FS, h, v);
  const setup = ["import sys", "sys.path.insert(0, '/fw')", "sys.argv.clear()", "sys.argv.append(" + JSON.stringify(progName) + ")"];
  for (const a of argv) setup.push("sys.argv.append(" + JSON.stringify(a) + ")");
  mp.runPython(setup.join("\n"));
  try {
    if (mode === "-m") mp.runPython("import sys\nsys.modules.pop('__main__', None)\n");
    if (steps) for (const step of steps) mp.runPython(step);
    else mp.runPython(code);
  } catch (error) {
    if (error.name !== "PythonError") throw error;
    if (error.type === "SystemExit") {
      const m = /SystemExit:?\s*(\d+)?/.exec(error.message);
      process.exitCode = m && m[1] ? parseInt(m[1], 10) : 0;
      return;
    }
    process.stderr.write(error.message.endsWith("\n") ? error.message : error.message + "\n");
    process.exitCode = 1;
  }
}

main().catch((e) => { process.stderr.write(String(e && e.stack || e) + "\n"); process.exitCode = 1; });
