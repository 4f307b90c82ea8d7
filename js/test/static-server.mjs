// A tiny static HTTP server on 127.0.0.1 (random port) serving chosen
// top-level directories of the repository, for the browser runner.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, sep } from "node:path";

const types = {
  ".html": "text/html; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".wasm": "application/wasm",
  ".mp": "application/octet-stream",
};

// serveStatic(root, prefixes, extra) → {server, origin}. Only paths under
// one of prefixes ("/js/", "/build/", …) are served; extra maps exact paths
// to [contentType, body].
export async function serveStatic(root, prefixes, extra = {}) {
  const server = createServer(async (req, res) => {
    try {
      const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
      if (extra[path]) {
        const [type, body] = extra[path];
        res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
        return res.end(body);
      }
      const file = normalize(join(root, path));
      if (!prefixes.some((p) => path.startsWith(p)) || !file.startsWith(root.endsWith(sep) ? root : root + sep) || path.includes("..")) {
        res.writeHead(404);
        return res.end();
      }
      if (!(await stat(file)).isFile()) throw Object.assign(new Error(), { code: "ENOENT" });
      const body = await readFile(file);
      const type = types[extname(file)] ?? "application/octet-stream";
      // Range requests (one range, as packed bundles' readers send):
      // 206 with the bytes, 416 past the end.
      const m = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? "");
      if (m) {
        const start = +m[1], end = Math.min(m[2] === "" ? body.length - 1 : +m[2], body.length - 1);
        if (start >= body.length || end < start) {
          res.writeHead(416, { "content-range": `bytes */${body.length}` });
          return res.end();
        }
        res.writeHead(206, { "content-type": type, "cache-control": "no-store", "content-range": `bytes ${start}-${end}/${body.length}`, "accept-ranges": "bytes" });
        return res.end(req.method === "HEAD" ? undefined : body.subarray(start, end + 1));
      }
      res.writeHead(200, { "content-type": type, "cache-control": "no-store", "accept-ranges": "bytes" });
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (e) {
      res.writeHead(e.code === "ENOENT" || e.code === "ENOTDIR" ? 404 : 500);
      res.end();
    }
  });
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  return { server, origin: `http://127.0.0.1:${server.address().port}` };
}
