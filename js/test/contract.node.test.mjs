// The contract suite against the wasm core in Node through js/bando.mjs
// (build/bando.wasm, bundle testdata/bundle read from disk, key hashes from
// testdata/keys.txt). Needs `make wasm`.
//
//   node --test js/test/contract.node.test.mjs
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadContract, compare, summary, responseResult, requestInit, repoRoot } from "./contract-lib.mjs";
import { Bando } from "../bando.mjs";

const cf = loadContract();
let bando;

before(async () => {
  if (!existsSync(join(repoRoot, "build/bando.wasm"))) throw new Error("build/bando.wasm missing: run `make wasm` first");
  bando = await Bando.open({ tiles: cf.bundleDir, keyHashes: cf.keyHashes });
});

async function run(c) {
  const init = requestInit(c);
  try {
    return await responseResult(await bando.fetch(c.url, init));
  } catch (e) {
    return { error: String(e?.stack ?? e) };
  }
}

test("contract cases (wasm in Node, js/bando.mjs)", async (t) => {
  assert.deepEqual(cf.stray, [], "golden files without a case");
  const results = [];
  for (const c of cf.cases) {
    const problems = compare(c, cf.goldens[c.name], await run(c));
    results.push({ name: c.name, problems });
    await t.test(c.name, () => { assert.ok(problems.length === 0, problems.join("\n")); });
  }
  const msg = summary(results);
  assert.ok(msg === null, msg);
});

test("concurrent calls give the same answers", async () => {
  const all = [...cf.cases, ...cf.cases];
  const got = await Promise.all(all.map(run));
  const msg = summary(all.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) })));
  assert.ok(msg === null, msg);
});
