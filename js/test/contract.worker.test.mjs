// The contract suite against the Worker under workerd (Miniflare's Node
// API loading worker/build: script, wasm module, bundle as static assets,
// BANDO_KEY_HASHES from testdata/keys.txt). Needs `make worker`.
//
//   node --test js/test/contract.worker.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { loadContract, compare, summary, runner, runCases, repoRoot } from "./contract-lib.mjs";
import { startWorker, workerDir } from "./worker-miniflare.mjs";

const cf = loadContract();
const buildDir = join(workerDir, "build");
// Free plan: 3 MB compressed for the Worker script (everything but assets).
const MAX_SCRIPT_GZIP = 3_000_000;

let mf;
before(async () => {
  ({ mf } = await startWorker({ buildDir, keyHashes: cf.keyHashes }));
});
after(async () => { await mf?.dispose(); });

const run = runner((url, init) => mf.dispatchFetch("http://127.0.0.1" + url, init));

test("contract cases (Worker under workerd)", (t) => runCases(t, cf, run, assert));

test("concurrent requests are queued into the one Go instance", async () => {
  // Every case at once, three times over, must still give the goldens.
  const all = [...cf.cases, ...cf.cases, ...cf.cases];
  const got = await Promise.all(all.map(run));
  const results = all.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) }));
  const msg = summary(results);
  assert.ok(msg === null, msg);
});

test("a fresh isolate answers a burst of concurrent first requests", async () => {
  // Go starts and the engine opens while the others wait their turn.
  const { mf: fresh } = await startWorker({ buildDir, keyHashes: cf.keyHashes });
  try {
    const cases = cf.cases.slice(0, 12);
    const got = await Promise.all(cases.map(runner((url, init) => fresh.dispatchFetch("http://127.0.0.1" + url, init))));
    const msg = summary(cases.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) })));
    assert.ok(msg === null, msg);
  } finally {
    await fresh.dispose();
  }
});

test("without BANDO_KEY_HASHES the Worker fails closed (503)", async () => {
  const { mf: open } = await startWorker({ buildDir, keyHashes: undefined });
  try {
    const r = await open.dispatchFetch("http://127.0.0.1/v1/status?apikey=anything");
    const body = await r.text();
    assert.equal(r.status, 503, body);
    assert.match(body, /BANDO_KEY_HASHES/);
    assert.equal(r.headers.get("access-control-allow-origin"), "*");
  } finally {
    await open.dispose();
  }
});

test("bundle files are not served publicly", async () => {
  const r = await mf.dispatchFetch("http://127.0.0.1/manifest.json");
  assert.equal(r.status, 404);
  assert.doesNotMatch(await r.text(), /"tiles"/);
});

test("Worker script upload size (gzip -9) is within 3 MB", () => {
  const script = Buffer.concat(["app.wasm", "index.mjs", "wasm_exec.js", "manifest.bin"].map((f) => readFileSync(join(buildDir, f))));
  const gz = gzipSync(script, { level: 9 }).length;
  console.log(`worker script: ${script.length} bytes, gzip -9 ${gz} bytes (limit ${MAX_SCRIPT_GZIP})`);
  assert.ok(gz <= MAX_SCRIPT_GZIP, `worker script gzip ${gz} > ${MAX_SCRIPT_GZIP}`);
});

test("wrangler bundles the Worker from wrangler.toml (deploy --dry-run)", () => {
  const wrangler = join(repoRoot, "js/node_modules/.bin/wrangler");
  const out = execFileSync(wrangler, ["deploy", "--dry-run", "--outdir", join(buildDir, "dist")], {
    cwd: workerDir,
    env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1", NO_COLOR: "1" },
    encoding: "utf8",
    timeout: 60_000,
  });
  const m = out.match(/Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  assert.ok(m, `no upload size in wrangler output:\n${out}`);
  console.log(`wrangler: upload ${m[1]} KiB, gzip ${m[2]} KiB`);
  assert.ok(Number(m[2]) * 1024 <= MAX_SCRIPT_GZIP, `wrangler gzip ${m[2]} KiB > 3 MB`);
});
