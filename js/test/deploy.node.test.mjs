// worker/deploy.mjs: the storage decision against the plan's limits, the generated wrangler
// configuration, the whole flow against a fake wrangler (what reaches Cloudflare, in order),
// and a dry run through the real wrangler (offline). Needs `make worker bando`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync, readFileSync, chmodSync, existsSync } from "node:fs";
import { join, dirname } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { chooseStorage, deployConfig, parseArgs, main, bundleStats, LIMITS } from "../../worker/deploy.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const base = readFileSync(join(root, "worker/wrangler.toml"), "utf8");

test("the storage follows the plan's asset limits and says which limit and by how much", () => {
  const country = { files: 34052, largest: 9_000_000, largestPath: "tiles/x" };
  assert.deepEqual(chooseStorage(country, "free"), { storage: "r2", why: "34052 files > 20000 (free plan) by 14052" });
  assert.equal(chooseStorage(country, "paid").storage, "assets");
  const big = { files: 10, largest: LIMITS.free.fileBytes + 1, largestPath: "tiles/big" };
  assert.match(chooseStorage(big, "free").why, /tiles\/big is 26214401 bytes > 26214400 by 1/);
  assert.throws(() => chooseStorage(big, "free", "assets"), /does not fit the static assets/);
  assert.equal(chooseStorage({ files: 1, largest: 1 }, "free", "r2").storage, "r2");
});

test("arguments are checked", () => {
  assert.throws(() => parseArgs(["--env", "Prod!"]), /--env/);
  assert.throws(() => parseArgs(["--route", "a/*"]), /--zone/);
  assert.throws(() => parseArgs(["--bogus"]), /unknown argument/);
  assert.throws(() => parseArgs(["--plan", "gold"]), /--plan/);
  assert.deepEqual(parseArgs(["--route", "m.example.com/*", "--zone", "example.com"]).routes, ["m.example.com/*"]);
});

test("the generated configuration: KV id, R2 instead of assets, routes, custom domain, name", () => {
  const kvId = "a".repeat(32);
  const r2 = deployConfig(base, { env: "staging", kvId, storage: "r2", bucket: "b1", hasPage: false, routes: [] });
  assert.match(r2, /^name = "bando-staging"$/m);
  assert.match(r2, new RegExp(`^id = "${kvId}"$`, "m"));
  assert.match(r2, /^\[\[r2_buckets\]\]\nbinding = "TILES"\nbucket_name = "b1"$/m);
  assert.doesNotMatch(r2, /^\[assets\]/m);
  assert.match(r2, /^workers_dev = true$/m);
  const page = deployConfig(base, { env: "production", kvId, storage: "r2", bucket: "b1", hasPage: true, routes: [] });
  assert.match(page, /^directory = "page-assets"$/m);
  assert.match(page, /^name = "bando"$/m);
  const dom = deployConfig(base, { env: "production", kvId, storage: "assets", domain: "maps.example.com", routes: [] });
  assert.match(dom, /^directory = "assets"$/m);
  assert.match(dom, /routes = \[ \{ pattern = "maps.example.com", custom_domain = true \} \]/);
  const rt = deployConfig(base, { env: "production", kvId, storage: "assets", routes: ["m.example.com/*"], zone: "example.com" });
  assert.match(rt, /\{ pattern = "m.example.com\/\*", zone_name = "example.com" \}/);
  assert.match(rt, /^main = "index.mjs"$/m);
});

test("a deploy against a fake wrangler: finds the KV namespace, loads keys, uploads to R2, deploys", async () => {
  assert.ok(existsSync(join(root, "worker/build/assets/manifest.json")), "run make worker first");
  assert.ok(existsSync(join(root, "build/bando")), "run make bando first");
  const dir = mkdtempSync(join(tmpdir(), "bando-fake-wrangler-"));
  const log = join(dir, "calls.jsonl");
  const fake = join(dir, "wrangler");
  writeFileSync(fake, `#!/usr/bin/env node
const fs = require("node:fs");
const a = process.argv.slice(2);
fs.appendFileSync(${JSON.stringify(log)}, JSON.stringify(a) + "\\n");
const j = a.join(" ");
if (j === "kv namespace list") console.log(JSON.stringify([{ id: "${"b".repeat(32)}", title: "bando-keys-production" }]));
else if (j === "r2 bucket list") console.log("name: other-bucket");
else if (a[0] === "kv" && a[1] === "bulk") { const recs = JSON.parse(fs.readFileSync(a[3], "utf8")); console.log("bulk " + recs.length); }
else console.log("ok");
`);
  chmodSync(fake, 0o755);
  process.env.WRANGLER = fake;
  const out = [];
  try {
    await main(["--keys", join(root, "testdata/keys.txt"), "--storage", "r2"], (l) => out.push(l));
  } finally {
    delete process.env.WRANGLER;
  }
  const calls = readFileSync(log, "utf8").trim().split("\n").map((l) => JSON.parse(l).join(" "));
  assert.equal(calls[0], "kv namespace list");
  assert.ok(!calls.some((c) => c.startsWith("kv namespace create")), "the namespace exists: not created again");
  assert.match(calls[1], new RegExp(`^kv bulk put .*keys.json --namespace-id ${"b".repeat(32)} --remote$`));
  assert.equal(calls[2], "r2 bucket list");
  assert.equal(calls[3], "r2 bucket create bando-tiles-production");
  const files = bundleStats(join(root, "worker/build/assets")).paths.filter((p) => !p.startsWith("page/"));
  const puts = calls.filter((c) => c.startsWith("r2 object put "));
  assert.equal(puts.length, files.length);
  assert.ok(puts.includes(`r2 object put bando-tiles-production/manifest.json --file ${join(root, "worker/build/assets/manifest.json")} --remote`));
  assert.match(calls.at(-1), /^deploy --config .*wrangler\.production\.toml$/);
  const conf = readFileSync(join(root, "worker/build/wrangler.production.toml"), "utf8");
  assert.match(conf, new RegExp(`id = "${"b".repeat(32)}"`));
  assert.match(conf, /bucket_name = "bando-tiles-production"/);
  assert.ok(out.some((l) => l === "keys: 1 records"), out.join("\n"));
});

test("a dry run goes through the real wrangler offline", async () => {
  const out = [];
  await main(["--dry-run", "--env", "staging", "--keys", join(root, "testdata/keys.txt"), "--domain", "maps.example.com"], (l) => out.push(l));
  const text = out.join("\n");
  assert.match(text, /would run: wrangler kv namespace create bando-keys-staging/);
  assert.match(text, /storage: assets/);
  assert.match(text, /dry run: wrangler accepted the configuration; bindings: .*env\.BANDO_KEYS .*env\.ASSETS/);
  assert.match(readFileSync(join(root, "worker/build/wrangler.staging.toml"), "utf8"), /custom_domain = true/);
});
