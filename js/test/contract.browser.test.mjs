// The contract suite against js/bando.mjs in headless Chromium: a static
// server on 127.0.0.1 serves js/, build/ (bando.wasm, wasm_exec.js) and
// testdata/; the page imports /js/bando.mjs, opens the bundle over HTTP
// (Bando.httpSource), runs every case and hands the answers back to Node.
// Needs `make wasm` and Chromium (CHROMIUM=path, default /usr/bin/chromium;
// never downloaded).
//
//   node --test js/test/contract.browser.test.mjs
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { loadContract, compare, summary, repoRoot } from "./contract-lib.mjs";
import { serveStatic } from "./static-server.mjs";

const cf = loadContract();
const executablePath = process.env.CHROMIUM ?? "/usr/bin/chromium";
let srv, context, profile, results;

const page = `<!doctype html><meta charset="utf-8"><title>bando contract</title><body>bando contract runner</body>`;

before(async () => {
  if (!existsSync(join(repoRoot, "build/bando.wasm"))) throw new Error("build/bando.wasm missing: run `make wasm` first");
  if (!existsSync(executablePath)) throw new Error(`${executablePath} missing: apt-get install -y chromium (or set CHROMIUM)`);
  srv = await serveStatic(repoRoot, ["/js/", "/build/", "/testdata/"], { "/": ["text/html; charset=utf-8", page] });
  profile = mkdtempSync(join(tmpdir(), "bando-chromium-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: [
      "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run",
    ],
    timeout: 60_000,
  });
});

after(async () => {
  await context?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await new Promise((r) => (srv ? srv.server.close(r) : r()));
});

// inPage runs in Chromium: open the bundle over HTTP, answer every case.
async function inPage({ cases, keyHashes, bundle }) {
  const { Bando } = await import("/js/bando.mjs");
  const bando = await Bando.open({ tiles: Bando.httpSource(new URL(bundle, location.href).href), keyHashes });
  const out = [];
  for (const c of cases) {
    try {
      const init = { method: c.method };
      if (c.headers) init.headers = c.headers;
      // Bytes, so fetch adds no Content-Type (as in the other runners).
      if (c.body !== null && c.body !== undefined) init.body = new TextEncoder().encode(c.body);
      const r = await bando.fetch(c.url, init);
      out.push({
        status: r.status,
        body: Array.from(new Uint8Array(await r.arrayBuffer())),
        cors: r.headers.get("access-control-allow-origin"),
      });
    } catch (e) {
      out.push({ error: String(e?.stack ?? e) });
    }
  }
  return out;
}

test("contract cases (js/bando.mjs in headless Chromium)", async (t) => {
  assert.deepEqual(cf.stray, [], "golden files without a case");
  const pg = await context.newPage();
  const logs = [];
  pg.on("console", (m) => logs.push(`console.${m.type()}: ${m.text()}`));
  pg.on("pageerror", (e) => logs.push(`pageerror: ${e.message}`));
  await pg.goto(srv.origin + "/");
  let got;
  try {
    got = await pg.evaluate(inPage, { cases: cf.cases, keyHashes: cf.keyHashes, bundle: "/" + cf.bundle });
  } catch (e) {
    assert.fail(`page failed: ${e.message}\n${logs.join("\n")}`);
  }
  results = cf.cases.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) }));
  for (const r of results) {
    await t.test(r.name, () => { assert.ok(r.problems.length === 0, r.problems.join("\n")); });
  }
  const msg = summary(results);
  assert.ok(msg === null, msg + (logs.length ? `\npage log:\n${logs.join("\n")}` : ""));
});

// The same cases from the packed form of the bundle (core/tile/SPEC.md §9:
// `bando pack` into build/test-packed), its archives read by HTTP Range
// requests from the page; /v1/status says format_version 2 there.
let packedOnce = null;
function packSample() {
  if (packedOnce) return;
  const bando = join(repoRoot, "build/bando");
  if (!existsSync(bando)) throw new Error("build/bando missing: run `make bando` first");
  const r = spawnSync(bando, ["pack", "--in", cf.bundleDir, "--out", join(repoRoot, "build/test-packed"), "--archive-mib", "1"], { encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  packedOnce = true;
}

test("contract cases from a packed bundle (Range requests in Chromium)", async () => {
  packSample();
  const pg = await context.newPage();
  const logs = [];
  pg.on("console", (m) => logs.push(`console.${m.type()}: ${m.text()}`));
  await pg.goto(srv.origin + "/");
  const got = await pg.evaluate(inPage, { cases: cf.cases, keyHashes: cf.keyHashes, bundle: "/build/test-packed/" });
  const golden = (c) => c.url.startsWith("/v1/status") ? Buffer.from(cf.goldens[c.name].toString("utf8").replace('"format_version":1,', '"format_version":2,')) : cf.goldens[c.name];
  const msg = summary(cf.cases.map((c, i) => ({ name: c.name, problems: compare(c, golden(c), got[i]) })));
  assert.ok(msg === null, msg + (logs.length ? `\npage log:\n${logs.join("\n")}` : ""));
});

// A province download of the packed bundle into Cache Storage (the
// browser's store: archives kept whole, tiles read from them by Blob
// slices), then answers with the network cut.
test("a packed province download in Cache Storage answers offline", async () => {
  packSample();
  const pg = await context.newPage();
  await pg.goto(srv.origin + "/");
  const got = await pg.evaluate(async ({ keyHashes }) => {
    const { Bando } = await import("/js/bando.mjs");
    const tiles = new URL("/build/test-packed/", location.href).href;
    const online = await Bando.open({ tiles, cache: true, keyHashes });
    const plan = await online.downloadPlan({ province: "01" });
    const dl = await online.download({ province: "01" });
    const again = await online.download({ province: "01" });
    const offline = () => Promise.reject(new TypeError("offline"));
    const off = await Bando.open({ tiles, cache: true, keyHashes, heldOnly: true, fetch: offline });
    const status = async (u) => (await off.fetch(u + "&apikey=demo-key")).status;
    return {
      plan: plan.archives.length, fetched: dl.fetched, skipped: again.skipped, storage: await online.storage(),
      autocomplete: await status("/v1/autocomplete?text=pho"),
      route: await status("/v1/direction?origin=21.0287,105.8524&destination=21.0368,105.8342&vehicle=motor"),
      reverse: await status("/v1/geocode/reverse?latlng=21.0287,105.8524"),
    };
  }, { keyHashes: cf.keyHashes });
  assert.ok(got.plan > 0 && got.fetched === got.plan && got.skipped === got.plan, JSON.stringify(got));
  assert.equal(got.storage.archives, got.plan);
  assert.deepEqual([got.autocomplete, got.route, got.reverse], [200, 200, 200], JSON.stringify(got));
});
