// The Worker under workerd (Miniflare), issue #26: bodies read whole or
// refused (cut short of their Content-Length, stalled, over 1 MiB), and no
// state kept for good (a corrupt or missing graph index, every tile of a
// layer missing or corrupt, an aborted first request: once repaired, the
// next request of every endpoint answers 200). Needs `make worker`.
//
//   node --test js/test/worker-reliability.test.mjs
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { connect } from "node:net";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { endpointCases, loadContract, requestInit } from "./contract-lib.mjs";
import { startWorker, workerDir } from "./worker-miniflare.mjs";

const buildDir = join(workerDir, "build");
const cf = loadContract();
const cases = endpointCases(cf);
const started = [];
const dirs = [];
after(async () => {
  for (const mf of started) await mf.dispose();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

// rawPost sends a POST over a socket declaring `declared` body bytes and
// sending `body`; cut: half-close after it. Resolves {status, json}.
function rawPost(url, path, body, declared, cut) {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const s = connect(Number(u.port), u.hostname, () => {
      s.write(`POST ${path} HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${declared}\r\nConnection: close\r\n\r\n`);
      s.write(body);
      if (cut) s.end();
    });
    let got = "";
    s.setEncoding("latin1");
    s.on("data", (d) => { got += d; });
    s.on("error", (e) => { if (!got) reject(new Error(`${path} (${body.length} of ${declared} bytes${cut ? ", cut" : ""}): ${e.message}`)); });
    s.on("close", () => {
      const status = Number(got.slice(9, 12));
      const at = got.indexOf("\r\n\r\n");
      let rest = got.slice(at + 4);
      if (/transfer-encoding: chunked/i.test(got.slice(0, at))) { // de-chunk
        let out = "";
        for (;;) {
          const nl = rest.indexOf("\r\n");
          const n = parseInt(rest.slice(0, nl), 16);
          if (!n) break;
          out += rest.slice(nl + 2, nl + 2 + n);
          rest = rest.slice(nl + 2 + n + 2);
        }
        rest = out;
      }
      let json = null;
      try { json = JSON.parse(Buffer.from(rest, "latin1").toString("utf8")); } catch {}
      resolve({ status, json, raw: got.slice(0, 300) });
    });
    setTimeout(() => s.destroy(), 10_000);
  });
}

test("bodies: cut, stalled → 400 naming the body; over 1 MiB → 413; whole → 200 (every POST endpoint)", async () => {
  const { mf, url } = await startWorker({ buildDir, keyHashes: cf.keyHashes, extraBindings: { BANDO_BODY_TIMEOUT_MS: "300" } });
  started.push(mf);
  const posts = [
    ["/v1/forcodes/encode?apikey=demo-key", "lat=21.0285&lng=105.85421&resolution=13"],
    ["/v1/forcodes/decode?apikey=demo-key", "forcodes=HNO4DT45BQNZ"],
  ];
  for (const [path, body] of posts) {
    let r = await rawPost(url, path, body, body.length, true);
    assert.equal(r.status, 200, `${path} whole: ${r.raw}`);
    assert.equal(r.json?.status, "OK");
    for (const [name, cut, want] of [["cut", true, /^body: request body incomplete: \d+ of the \d+ bytes declared$/], ["stalled", false, /^body: /]]) {
      r = await rawPost(url, path, body.slice(0, 20), body.length, cut);
      assert.equal(r.status, 400, `${path} ${name}: ${r.raw}`);
      assert.equal(r.json?.status, "INVALID_REQUEST", `${path} ${name}: ${r.raw}`);
      assert.match(r.json.error_message, want);
      assert.equal(r.json.message, r.json.error_message);
    }
    const big = await mf.dispatchFetch("http://127.0.0.1" + path, { method: "POST", body: body + "&pad=" + "a".repeat(1 << 20) });
    const text = await big.text();
    assert.equal(big.status, 413, `${path} over 1 MiB: ${text}`);
    assert.equal(JSON.parse(text).status, "INVALID_REQUEST");
  }
});

// r2Worker: tiles from an R2 bucket (objects can be broken and repaired
// while the Worker runs); put(key, bytes|null) changes one object.
async function r2Worker() {
  const dir = mkdtempSync(join(tmpdir(), "bando-rel-"));
  dirs.push(dir);
  cpSync(join(buildDir, "assets/manifest.json"), join(dir, "manifest.json"));
  const { mf } = await startWorker({ buildDir, assetsDir: dir, keyHashes: cf.keyHashes, options: { r2Buckets: ["TILES"] } });
  started.push(mf);
  const bucket = await mf.getR2Bucket("TILES");
  const src = join(buildDir, "assets");
  const files = new Map();
  for (const e of readdirSync(src, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const f = join(e.parentPath ?? e.path, e.name);
    files.set(f.slice(src.length + 1), new Uint8Array(readFileSync(f)));
  }
  for (const [k, b] of files) await bucket.put(k, b);
  return { mf, bucket, files };
}

async function breakLayer(w, prefix, mode) {
  for (const [k, b] of w.files) {
    if (!k.startsWith("tiles/" + prefix)) continue;
    if (mode === "delete") await w.bucket.delete(k);
    else {
      const c = b.slice();
      c[c.length >> 1] ^= 0x40;
      await w.bucket.put(k, c);
    }
  }
}

async function repair(w, prefix) {
  for (const [k, b] of w.files) if (k.startsWith("tiles/" + prefix)) await w.bucket.put(k, b);
}

const get = (mf, url, init) => mf.dispatchFetch("http://127.0.0.1" + url, init);

async function everyEndpoint200(mf, what) {
  for (const c of cases) {
    const r = await get(mf, c.url, requestInit(c));
    assert.equal(r.status, 200, `after ${what}: ${c.method} ${c.url.slice(0, 80)} → ${r.status} ${await r.text()}`);
  }
}

test("faults repaired → the next request of every endpoint answers 200 (fresh isolate per fault)", async () => {
  for (const [prefix, mode] of [["graph/index", "flip"], ["graph/index", "delete"], ["ch/", "delete"], ["sx/", "flip"], ["admin/", "delete"], ["place/", "flip"], ["ax/", "delete"], ["basemap/", "flip"], ["pid/", "delete"]]) {
    const w = await r2Worker();
    await breakLayer(w, prefix, mode);
    let failed = 0;
    for (const c of cases) if ((await get(w.mf, c.url, requestInit(c))).status !== 200) failed++;
    assert.ok(failed >= 1, `${mode} ${prefix}: no request failed, the fault was not hit`);
    await repair(w, prefix);
    await everyEndpoint200(w.mf, `${mode} on ${prefix}`);
  }
});

test("an aborted first request of every endpoint → the next answers 200", async () => {
  const w = await r2Worker();
  for (const c of cases) {
    const ac = new AbortController();
    const p = get(w.mf, c.url, { ...requestInit(c), signal: ac.signal });
    ac.abort();
    await p.then((r) => r.arrayBuffer(), () => {});
  }
  await everyEndpoint200(w.mf, "aborted first requests");
});

test("daily quota: 64 concurrent requests against a limit of 20 → exactly 20 answered", async () => {
  const { mf } = await startWorker({ buildDir, kv: true });
  started.push(mf);
  const kv = await mf.getKVNamespace("BANDO_KEYS");
  const sha = (k) => createHash("sha256").update(k).digest("hex");
  await kv.put(sha("bd_quota"), JSON.stringify({ rpd: 20 }));
  const rs = await Promise.all(Array.from({ length: 64 }, () =>
    get(mf, "/v1/forcodes/decode?forcodes=HNO4DT45BQNZ&apikey=bd_quota", { method: "POST" }).then(async (r) => { await r.arrayBuffer(); return r.status; })));
  const n = (s) => rs.filter((x) => x === s).length;
  assert.equal(n(200), 20, `statuses ${JSON.stringify(rs)}`);
  assert.equal(n(429), 44);
});

test("a 5xx: request_id (the Ray ID) in the body, the cause in the Worker's log, not in the answer", async () => {
  const dir = mkdtempSync(join(tmpdir(), "bando-rel-"));
  dirs.push(dir);
  cpSync(join(buildDir, "assets"), dir, { recursive: true });
  for (const f of readdirSync(join(dir, "tiles/pid"))) rmSync(join(dir, "tiles/pid", f));
  const logged = [];
  const { mf } = await startWorker({ buildDir, assetsDir: dir, keyHashes: cf.keyHashes, options: {
    handleRuntimeStdio(stdout, stderr) {
      stdout.on("data", (d) => logged.push(String(d)));
      stderr.on("data", (d) => logged.push(String(d)));
    },
  } });
  started.push(mf);
  const r = await get(mf, "/v1/place?ids=n1003&apikey=demo-key", { headers: { "cf-ray": "8c1f2e3d4b5a6978-SIN" } });
  const body = await r.json();
  assert.equal(r.status, 500);
  assert.equal(body.message, "internal error");
  assert.equal(body.request_id, "8c1f2e3d4b5a6978-SIN");
  await new Promise((res) => setTimeout(res, 200));
  const line = logged.join("").split("\n").find((l) => l.includes("8c1f2e3d4b5a6978-SIN"));
  assert.ok(line, "no log line with the request id:\n" + logged.join(""));
  const rec = JSON.parse(line.slice(line.indexOf("{")));
  assert.equal(rec.status, 500);
  assert.match(rec.cause, /pid\//);
  assert.ok(!rec.target.includes("demo-key"), rec.target);
});

test("fault matrix in the Worker: one tile of every layer deleted / truncated / flipped / swapped → golden or a clean 500", async () => {
  let runs = 0, clean500 = 0;
  const bad = [];
  for (const mode of ["delete", "truncate", "flip", "swap"]) {
    const w = await r2Worker();
    const byLayer = new Map();
    for (const k of [...w.files.keys()].filter((k) => k.startsWith("tiles/")).sort()) {
      const l = k.split("/")[1];
      if (!byLayer.has(l)) byLayer.set(l, []);
      byLayer.get(l).push(k);
    }
    assert.ok(byLayer.size >= 8, `layers ${[...byLayer.keys()]}`);
    for (const ks of byLayer.values()) {
      const victim = ks[Math.floor(Math.random() * ks.length)];
      const other = ks[(ks.indexOf(victim) + 1) % ks.length];
      const b = w.files.get(victim);
      if (mode === "delete") await w.bucket.delete(victim);
      else if (mode === "truncate") await w.bucket.put(victim, b.slice(0, b.length >> 1));
      else if (mode === "flip") { const c = b.slice(); c[Math.floor(Math.random() * c.length)] ^= 0x10; await w.bucket.put(victim, c); }
      else { await w.bucket.put(victim, w.files.get(other)); await w.bucket.put(other, b); }
    }
    for (const c of cf.cases) {
      runs++;
      const r = await get(w.mf, c.url, requestInit(c));
      const body = Buffer.from(await r.arrayBuffer());
      if (r.status === c.status && body.equals(Buffer.from(cf.goldens[c.name]))) continue;
      const text = body.toString();
      if (r.status === 500 && text.includes('"internal error"') && !text.includes("tiles/")) { clean500++; continue; }
      bad.push(`${mode} ${c.name}: ${r.status} ${text.slice(0, 160)}`);
    }
  }
  console.log(`fault matrix (Worker): 4 faults × ${cf.cases.length} cases = ${runs} runs: ${clean500} clean 500s, ${bad.length} bad`);
  assert.deepEqual(bad, [], bad.slice(0, 10).join("\n"));
  assert.ok(clean500 > 0, "no request failed: the faults were not hit");
});
