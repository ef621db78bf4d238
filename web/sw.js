// Offline: every file of the page is cached when the service worker installs; requests go to
// the network first (so a rebuilt page is picked up) and fall back to the cache.  Responses
// get the cross-origin isolation headers the VM worker's shared memory needs, so the page
// also works from a host that does not send them.
const VERSION = "__VERSION__";
const ASSETS = __ASSETS__;
const CACHE = "fishtable-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("fishtable-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

function isolated(response) {
  if (response.type === "opaque" || response.headers.get("Cross-Origin-Embedder-Policy")) return response;
  const headers = new Headers(response.headers);
  headers.set("Cross-Origin-Embedder-Policy", "require-corp");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== "GET" || url.origin !== location.origin) return;
  e.respondWith(
    fetch(e.request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          caches.open(CACHE).then((c) => c.put(e.request, copy));
        }
        return isolated(response);
      })
      .catch(() => caches.match(e.request, { ignoreSearch: true }).then((hit) => (hit ? isolated(hit) : Response.error()))),
  );
});
