// An AbortSignal passed to bando.fetch reaches the Go engine's context:
// a request waiting for a tile that never comes ends when it is aborted,
// rejecting with the signal's reason, and the engine keeps answering.
// Needs `make wasm`.
//
//   node --test js/test/abort.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { repoRoot } from "./contract-lib.mjs";
import { Bando } from "../bando.mjs";

const disk = Bando.dirSource(join(repoRoot, "testdata/bundle"));

test("abort cancels a request waiting for a tile", async () => {
  let stalled = 0;
  const tiles = (path) => {
    if (path.startsWith("tiles/")) {
      stalled++;
      return new Promise(() => {}); // never settles: only the context can end the wait
    }
    return disk(path);
  };
  const bando = await Bando.open({ tiles });
  const ac = new AbortController();
  const pending = bando.fetch("/v1/autocomplete?text=pho", { signal: ac.signal });
  setTimeout(() => ac.abort(), 50);
  await assert.rejects(pending, (e) => e.name === "AbortError");
  assert.ok(stalled >= 1, `stalled ${stalled}`);

  const before = new AbortController();
  before.abort();
  await assert.rejects(bando.fetch("/v1/status", { signal: before.signal }), (e) => e.name === "AbortError");

  const r = await bando.fetch("/v1/status", { signal: new AbortController().signal });
  assert.equal(r.status, 200);
});
