// No state kept for good (issue #26), in wasm under Node: after a fault —
// the routing graph's index corrupt, a transient read error on every tile
// of a layer, an aborted first request — is gone, the next request of
// every endpoint answers 200. Each fault hits a fresh engine, so it lands
// on the first use of each engine's lazily built state. Needs `make wasm`.
//
//   node --test js/test/recover.node.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { endpointCases, loadContract, repoRoot, requestInit } from "./contract-lib.mjs";
import { Bando } from "../bando.mjs";

const cf = loadContract();
const cases = endpointCases(cf);
const disk = Bando.dirSource(join(repoRoot, "testdata/bundle"));

// faulty(): a tiles function with a switch: fault = {prefix, mode} breaks
// every tile under tiles/<prefix> (mode "error": the read throws; "flip":
// one byte changed; "stall": never answers, for the aborted requests).
function faulty() {
  const s = { fault: null };
  s.tiles = async (path) => {
    const f = s.fault;
    if (!f || !path.startsWith("tiles/" + f.prefix)) return disk(path);
    if (f.mode === "error") throw new Error("transient read error");
    if (f.mode === "stall") return new Promise(() => {});
    const b = new Uint8Array(await disk(path));
    b[b.length >> 1] ^= 0x40;
    return b;
  };
  return s;
}

async function everyEndpoint200(bando, what) {
  for (const c of cases) {
    const r = await bando.fetch(c.url, requestInit(c));
    assert.equal(r.status, 200, `after ${what}: ${c.method} ${c.url.slice(0, 80)} → ${r.status} ${await r.text()}`);
  }
}

const faults = [
  { prefix: "graph/index", mode: "flip" },
  { prefix: "graph/index", mode: "error" },
  { prefix: "graph/", mode: "error" },
  { prefix: "ch/", mode: "error" },
  { prefix: "sx/", mode: "error" },
  { prefix: "admin/", mode: "error" },
  { prefix: "place/", mode: "flip" },
  { prefix: "ax/", mode: "error" },
  { prefix: "pid/", mode: "flip" },
  { prefix: "basemap/", mode: "error" },
];

for (const f of faults) {
  test(`${f.mode} on ${f.prefix} then repaired → every endpoint 200`, async () => {
    const s = faulty();
    const bando = await Bando.open({ tiles: s.tiles });
    s.fault = f;
    for (const c of cases) await bando.fetch(c.url, requestInit(c)); // may fail: the fault is there
    s.fault = null;
    await everyEndpoint200(bando, `${f.mode} on ${f.prefix}`);
  });
}

test("the first request of every endpoint aborted → the next answers 200", async () => {
  const s = faulty();
  const bando = await Bando.open({ tiles: s.tiles });
  s.fault = { prefix: "", mode: "stall" }; // every tile read waits: only the abort ends it
  let aborted = 0;
  for (const c of cases) {
    const ac = new AbortController();
    const p = bando.fetch(c.url, { ...requestInit(c), signal: ac.signal });
    setTimeout(() => ac.abort(), 20);
    try {
      await p;
    } catch (e) {
      assert.equal(e.name, "AbortError");
      aborted++;
    }
  }
  assert.ok(aborted >= 10, `${aborted} of ${cases.length} first requests were aborted while reading tiles`);
  s.fault = null;
  await everyEndpoint200(bando, "aborted first requests");
});
