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

// The Pico's whole flash is 2 MB: no file of the board's can be larger.
export const MAX_FILE = 2 * 1024 * 1024;

// Why a stored entry is not one the board's flash can hold (null when it is): a path under /data
// (or /config.txt) and a file's bytes (or text) of at most MAX_FILE, or a folder.  Such an entry
// (damaged between two visits) is left out, and the page says so.
export function unusable(path, value) {
  if (typeof path !== "string" || path.length > 200) return "not a path of the board's flash";
  if (path !== "/config.txt" && path !== "/data" && !path.startsWith("/data/")) return "not a path of the board's flash";
  if (path.endsWith("/") || path.includes("//") || path.includes("/./") || path.includes("/../")) {
    return "not a path of the board's flash";
  }
  if (!value || typeof value !== "object") return "not a file or folder";
  if (value.dir === true) return null;
  if (!(value.data instanceof Uint8Array || typeof value.data === "string")) return "not a file or folder";
  if (value.data.length > MAX_FILE) return "larger than the board's whole flash";
  return null;
}

export const usable = (path, value) => unusable(path, value) === null;

export class Flash {
  // persist=false keeps the files in memory only (test runs).
  constructor(persist) {
    this.persist = persist;
    this.files = new Map();
    this.db = null;
    this.chain = Promise.resolve();
    this.skipped = []; // [path, why] of stored entries that were not a file or folder of the board's flash
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
      const why = unusable(k, values[i]);
      if (why === null) this.files.set(k, values[i]);
      else this.skipped.push([String(k).slice(0, 80), why]);
    });
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    return this;
  }

  // Every stored entry, as it is stored (the page's "reset the stored board" keeps a copy).
  async everything() {
    if (!this.db) return this.list().map((f) => [f.path, f.dir ? { dir: true } : { data: f.data }]);
    const tx = this.db.transaction(STORE, "readonly").objectStore(STORE);
    const [keys, values] = await Promise.all([request(tx.getAllKeys()), request(tx.getAll())]);
    return keys.map((k, i) => [k, values[i]]);
  }

  // Remove every stored entry (the board starts afresh); resolves when done.
  clear() {
    this.files.clear();
    this.skipped = [];
    if (!this.db) return this.chain;
    this.chain = this.chain.then(() => new Promise((resolve) => {
      const tx = this.db.transaction(STORE, "readwrite");
      tx.objectStore(STORE).clear();
      tx.oncomplete = tx.onerror = tx.onabort = () => resolve();
    }));
    return this.chain;
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

// A tar archive (ustar) of stored entries [path, value]: files and folders as they are; an entry
// that is not one (damaged) as `unusable/N.json` holding its key and what it held.  What the page's
// "reset the stored board" offers to download before it removes them.
export function tarOf(entries) {
  const enc = new TextEncoder();
  const blocks = [];
  const field = (head, at, len, text) => head.set(enc.encode(text).subarray(0, len), at);
  const octal = (n, len) => n.toString(8).padStart(len - 1, "0") + "\0";
  let odd = 0;
  for (const [key, value] of entries) {
    let name = typeof key === "string" ? key.replace(/^\/+/, "") : "";
    let data = null;
    if (value && value.dir === true && name) data = null;
    else if (value && (value.data instanceof Uint8Array || typeof value.data === "string") && name) {
      data = typeof value.data === "string" ? enc.encode(value.data) : value.data;
    } else {
      name = "unusable/" + odd++ + ".json";
      let held;
      try { held = JSON.stringify(value); } catch (e) { held = String(value); }
      data = enc.encode(JSON.stringify({ key: String(key), value: String(held) }) + "\n");
    }
    const head = new Uint8Array(512);
    let prefix = "";
    if (name.length > 100) {
      const cut = name.lastIndexOf("/", 155);
      prefix = name.slice(0, cut);
      name = name.slice(cut + 1);
    }
    field(head, 0, 100, name + (data === null ? "/" : ""));
    field(head, 100, 8, data === null ? "0000755\0" : "0000644\0");
    field(head, 108, 8, "0000000\0");
    field(head, 116, 8, "0000000\0");
    field(head, 124, 12, octal(data === null ? 0 : data.length, 12));
    field(head, 136, 12, octal(Math.floor(Date.now() / 1000), 12));
    field(head, 148, 8, "        ");
    head[156] = data === null ? 53 : 48; // '5' folder, '0' file
    field(head, 257, 8, "ustar\x0000");
    field(head, 345, 155, prefix);
    let sum = 0;
    for (const b of head) sum += b;
    field(head, 148, 8, sum.toString(8).padStart(6, "0") + "\0 ");
    blocks.push(head);
    if (data !== null && data.length) {
      const body = new Uint8Array(Math.ceil(data.length / 512) * 512);
      body.set(data);
      blocks.push(body);
    }
  }
  blocks.push(new Uint8Array(1024));
  return new Blob(blocks, { type: "application/x-tar" });
}
