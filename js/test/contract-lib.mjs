// Shared by the contract runners (wasm in Node, Worker under workerd, JS
// module in Chromium): loads testdata/contract/cases.json and the goldens,
// and compares one answer with its case, describing every difference.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { join } from "node:path";

export const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

export function loadContract() {
  const cf = JSON.parse(readFileSync(join(repoRoot, "testdata/contract/cases.json"), "utf8"));
  if (!Array.isArray(cf.cases) || cf.cases.length === 0) throw new Error("no contract cases");
  const keyHashes = readFileSync(join(repoRoot, cf.keys), "utf8");
  const goldenDir = join(repoRoot, "testdata/contract/golden");
  const goldens = {};
  for (const c of cf.cases) {
    // Bytes; null when missing (reported as that case's failure).
    const f = join(goldenDir, c.name + ".json");
    goldens[c.name] = existsSync(f) ? readFileSync(f) : null;

  }
  const stray = readdirSync(goldenDir).filter((f) => f.endsWith(".json") && !(f.slice(0, -5) in goldens));
  return { ...cf, bundleDir: join(repoRoot, cf.bundle), keyHashes, goldens, stray };
}

// compare returns a list of problems ([] when the answer matches). want:
// the golden's bytes; got: {status, body (bytes: Buffer/Uint8Array), cors
// (the Access-Control-Allow-Origin value)} or {error}.
export function compare(c, want, got) {
  const problems = [];
  if (want === null) return [`no golden testdata/contract/golden/${c.name}.json (go test ./core/httpserve -run Contract -update)`];
  if (got.error) return [`request failed: ${got.error}`];
  if (got.status !== c.status) problems.push(`status ${got.status}, want ${c.status}`);
  if (got.cors !== "*") problems.push(`Access-Control-Allow-Origin ${JSON.stringify(got.cors)}, want "*"`);
  const wantBody = c.status === 204 ? Buffer.alloc(0) : Buffer.from(want);
  // An error body's request_id (API.md §1) differs per request: not compared.
  const gotBody = Buffer.from(Buffer.from(got.body ?? []).toString("latin1").replace(/,"request_id":"[0-9A-Za-z_.-]*"\}$/, "}"), "latin1");
  if (!gotBody.equals(wantBody)) problems.push(bodyDiff(wantBody, gotBody));
  return problems;
}

// bodyDiff points at the first differing byte and shows both bodies.
export function bodyDiff(a, b) {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const ctx = (buf) => JSON.stringify(buf.subarray(Math.max(0, i - 40), i + 40).toString("utf8"));
  return [
    `body differs at byte ${i} (got ${b.length} bytes, want ${a.length})`,
    `  near: got  ${ctx(b)}`,
    `        want ${ctx(a)}`,
    `  got:  ${b.toString("utf8")}`,
    `  want: ${a.toString("utf8")}`,
  ].join("\n");
}

// summary describes every failing case in one message listing every failing case, so a run shows all
// differences at once (node:test also gets one subtest per case).
export function summary(results) {
  const bad = results.filter((r) => r.problems.length);
  if (!bad.length) return null;
  return `${bad.length}/${results.length} contract cases differ:\n` +
    bad.map((r) => `--- ${r.name}\n${r.problems.join("\n")}`).join("\n");
}

// requestInit builds the fetch init of a case: method, headers (optional in
// cases.json) and the body as bytes, so that no runtime adds a Content-Type
// of its own (the native runner sends none either).
export function requestInit(c) {
  const init = { method: c.method };
  if (c.headers) init.headers = c.headers;
  if (c.body !== null && c.body !== undefined) init.body = new TextEncoder().encode(c.body);
  return init;
}

// responseResult turns a fetch Response into the {status, body, cors} shape.
export async function responseResult(res) {
  return {
    status: res.status,
    body: Buffer.from(await res.arrayBuffer()),
    cors: res.headers.get("access-control-allow-origin"),
  };
}

// runner turns a fetch-like function (url, init) → Response into a case
// runner whose result compare() reads; a thrown error becomes {error}.
export function runner(fetchFn) {
  return async (c) => {
    try {
      return await responseResult(await fetchFn(c.url, requestInit(c)));
    } catch (e) {
      return { error: String(e?.stack ?? e) };
    }
  };
}

// runCases runs every case as a subtest of t and fails t with a summary.
export async function runCases(t, cf, run, assert) {
  assert.deepEqual(cf.stray, [], "golden files without a case");
  const results = [];
  for (const c of cf.cases) {
    const problems = compare(c, cf.goldens[c.name], await run(c));
    results.push({ name: c.name, problems });
    await t.test(c.name, () => { assert.ok(problems.length === 0, problems.join("\n")); });
  }
  const msg = summary(results);
  assert.ok(msg === null, msg);
}

// endpointCases: one case per endpoint that answers 200 (the first of each
// path; every /v1/tiles/… path counts as one endpoint), for tests that
// need every endpoint to answer.
export function endpointCases(cf) {
  const seen = new Set();
  const out = [];
  for (const c of cf.cases) {
    let path = c.url.split("?")[0];
    if (path.startsWith("/v1/tiles/")) path = "/v1/tiles/";
    if (c.status !== 200 || seen.has(path)) continue;
    seen.add(path);
    out.push(c);
  }
  if (out.length < 14) throw new Error(`${out.length} endpoints answer 200 in the contract suite, want 14`);
  return out;
}
