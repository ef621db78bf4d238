// The history summary: tools/history.py itself, on a fresh MicroPython VM with the rules core,
// over the history files the page keeps (the same text as `python3 tools/history.py DIR`).
import { loadMicroPython } from "./vm/micropython.mjs";

self.onmessage = async (e) => {
  const lines = [];
  const vm = await loadMicroPython({ heapsize: 256 * 1024, stdout: (t) => lines.push(t), stderr: (t) => lines.push(t) });
  const bundle = await (await fetch("bundle.json")).json();
  const FS = vm.FS;
  for (const [path, content] of Object.entries(bundle)) {
    if (!path.startsWith("/fishtable/") && !path.startsWith("/web/tools/")) continue;
    let dir = "";
    for (const part of path.split("/").slice(1, -1)) {
      dir += "/" + part;
      try { FS.mkdir(dir); } catch (err) { /* exists */ }
    }
    FS.writeFile(path, typeof content === "string" ? content : Uint8Array.from(atob(content.base64), (c) => c.charCodeAt(0)));
  }
  FS.mkdir("/history");
  for (const f of e.data.files) FS.writeFile("/history/" + f.name, f.data);
  try {
    vm.runPython(`
import sys
sys.path.insert(0, "/")
sys.path.insert(0, "/web/tools")
import history
plays, unfinished, problems = history.collect("/history")
sys.stdout.write(history.report(plays, unfinished, problems))
`);
  } catch (err) {
    lines.push(String(err.message || err));
  }
  self.postMessage({ text: lines.join("\n") });
};
