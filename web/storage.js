// The board's flash as the page keeps it: a mirror of the VM's /data and /config.txt (path ->
// {data} or {dir}) saved to IndexedDB after every change, in order, so that a closed tab is a
// power cut: reopening restores the files and the firmware resumes from its journal.
const DB = "fishtable";
const STORE = "files";

function request(req) {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

// A stored entry the board's flash can hold: a path under /data (or /config.txt) and a file's bytes
// (or text) or a folder.  Anything else (damaged between two visits) is left out.
export function usable(path, value) {
  if (typeof path !== "string" || path.length > 200) return false;
  if (path !== "/config.txt" && path !== "/data" && !path.startsWith("/data/")) return false;
  if (path.endsWith("/") || path.includes("//") || path.includes("/./") || path.includes("/../")) return false;
  if (!value || typeof value !== "object") return false;
  if (value.dir === true) return true;
  return value.data instanceof Uint8Array || typeof value.data === "string";
}

export class Flash {
  // persist=false keeps the files in memory only (test runs).
  constructor(persist) {
    this.persist = persist;
    this.files = new Map();
    this.db = null;
    this.chain = Promise.resolve();
    this.skipped = []; // stored entries that were not a file or folder of the board's flash
  }

  async open() {
    if (!this.persist) return this;
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    this.db = await request(req);
    const tx = this.db.transaction(STORE, "readonly").objectStore(STORE);
    const [keys, values] = await Promise.all([request(tx.getAllKeys()), request(tx.getAll())]);
    // what was stored may be damaged: only entries the board's flash can hold are taken
    keys.forEach((k, i) => {
      if (usable(k, values[i])) this.files.set(k, values[i]);
      else this.skipped.push(String(k).slice(0, 80));
    });
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    return this;
  }

  // For the worker's boot: every file and directory, parents first.
  list() {
    return [...this.files.keys()].sort().map((path) => ({ path, ...this.files.get(path) }));
  }

  // One change from the VM: put/delete/rename/mkdir (see vm-worker.js); saved in order.
  apply(op) {
    const writes = [];
    if (op.op === "put") writes.push([op.path, { data: op.data }]);
    else if (op.op === "mkdir") writes.push([op.path, { dir: true }]);
    else if (op.op === "delete") writes.push([op.path, null]);
    else if (op.op === "rename") {
      for (const [path, value] of [...this.files]) {
        if (path === op.path || path.startsWith(op.path + "/")) {
          writes.push([path, null]);
          writes.push([op.to + path.slice(op.path.length), value]);
        }
      }
    }
    for (const [path, value] of writes) {
      if (value === null) this.files.delete(path);
      else this.files.set(path, value);
    }
    this.save(writes);
  }

  save(writes) {
    if (!this.db || !writes.length) return this.chain;
    this.chain = this.chain.then(() => new Promise((resolve) => {
      const tx = this.db.transaction(STORE, "readwrite");
      const store = tx.objectStore(STORE);
      for (const [path, value] of writes) {
        if (value === null) store.delete(path);
        else store.put(value, path);
      }
      tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
    }));
    return this.chain;
  }

  // Files the page adds itself (imports); resolves when they are saved.
  write(path, data) {
    const writes = [];
    let dir = "";
    for (const part of path.split("/").slice(1, -1)) {
      dir += "/" + part;
      if (!this.files.has(dir)) writes.push([dir, { dir: true }]);
    }
    writes.push([path, { data }]);
    for (const [p, v] of writes) this.files.set(p, v);
    return this.save(writes);
  }

  // Files the page deletes itself (an import's changes); resolves when saved.
  remove(path) {
    if (!this.files.has(path)) return this.chain;
    this.files.delete(path);
    return this.save([[path, null]]);
  }

  // The names of the files in directory `dir`.
  names(dir) {
    const out = [];
    for (const [path, value] of this.files) {
      if (!value.dir && path.startsWith(dir + "/") && !path.slice(dir.length + 1).includes("/")) {
        out.push(path.slice(dir.length + 1));
      }
    }
    return out.sort();
  }

  read(path) {
    const value = this.files.get(path);
    return value && value.data;
  }
}
