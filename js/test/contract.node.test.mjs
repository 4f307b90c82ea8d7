// The contract suite against the wasm core in Node through js/bando.mjs
// (build/bando.wasm, bundle testdata/bundle read from disk, key hashes from
// testdata/keys.txt). Needs `make wasm`.
//
//   node --test js/test/contract.node.test.mjs
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { loadContract, compare, summary, runner, runCases, repoRoot } from "./contract-lib.mjs";
import { Bando } from "../bando.mjs";

const cf = loadContract();
let bando;

before(async () => {
  if (!existsSync(join(repoRoot, "build/bando.wasm"))) throw new Error("build/bando.wasm missing: run `make wasm` first");
  bando = await Bando.open({ tiles: cf.bundleDir, keyHashes: cf.keyHashes });
});

const run = runner((url, init) => bando.fetch(url, init));

test("contract cases (wasm in Node, js/bando.mjs)", (t) => runCases(t, cf, run, assert));

test("concurrent calls give the same answers", async () => {
  const all = [...cf.cases, ...cf.cases];
  const got = await Promise.all(all.map(run));
  const msg = summary(all.map((c, i) => ({ name: c.name, problems: compare(c, cf.goldens[c.name], got[i]) })));
  assert.ok(msg === null, msg);
});
