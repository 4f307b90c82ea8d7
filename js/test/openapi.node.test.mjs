// docs/openapi.yaml: the document is valid OpenAPI 3.1, and every answer of the contract
// suite validates against the schema of its path, method and status. The contract tests of
// the four runtimes (native, wasm in Node, the Worker, Chromium) require byte-identical
// answers to testdata/contract/golden, so checking the goldens checks all four.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join, dirname } from 'node:path';
import YAML from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = YAML.parse(readFileSync(join(root, 'docs/openapi.yaml'), 'utf8'));
const contract = JSON.parse(readFileSync(join(root, 'testdata/contract/cases.json'), 'utf8'));

test('docs/openapi.yaml is a valid OpenAPI 3.1 document', async () => {
  const res = await new Validator().validate(structuredClone(doc));
  assert.equal(res.valid, true, JSON.stringify(res.errors, null, 1));
  assert.equal(doc.openapi, '3.1.0');
});

// matchPath finds the OpenAPI path template of a request path under /v1.
function matchPath(path) {
  const rel = path.replace(/^\/v1/, '');
  for (const tmpl of Object.keys(doc.paths)) {
    const re = new RegExp('^' + tmpl.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+') + '$');
    if (re.test(rel)) return tmpl;
  }
  return null;
}

const esc = (s) => s.replace(/~/g, '~0').replace(/\//g, '~1');

// schemaRef is the JSON pointer of the application/json schema of one response, following
// a $ref to components/responses.
function schemaRef(tmpl, method, status) {
  const op = doc.paths[tmpl][method];
  assert.ok(op, `${method.toUpperCase()} ${tmpl} is not in docs/openapi.yaml`);
  const resp = op.responses[String(status)];
  assert.ok(resp, `${method.toUpperCase()} ${tmpl} has no ${status} response in docs/openapi.yaml`);
  let ptr = `#/paths/${esc(tmpl)}/${method}/responses/${status}`;
  let r = resp;
  if (r.$ref) {
    ptr = r.$ref;
    r = r.$ref.slice(2).split('/').reduce((o, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
  }
  if (!r.content || !r.content['application/json']) return null;
  return `${ptr}/content/application~1json/schema`;
}

test('every contract answer validates against docs/openapi.yaml', () => {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(doc, 'api');
  let checked = 0;
  const bad = [];
  for (const c of contract.cases) {
    const url = new URL(c.url, 'http://x');
    const tmpl = matchPath(url.pathname);
    if (tmpl !== null && !doc.paths[tmpl][c.method.toLowerCase()]) {
      // A method the path does not take answers 405 in the endpoint's shape (docs/API.md §1).
      assert.equal(c.status, 405, `${c.name}: ${c.method} ${tmpl} is not in docs/openapi.yaml`);
      const body = JSON.parse(readFileSync(join(root, 'testdata/contract/golden', c.name + '.json'), 'utf8'));
      const v = ajv.compile({ anyOf: ['GoogleError', 'PeliasError', 'ValhallaError'].map((n) => ({ $ref: `api#/components/schemas/${n}` })) });
      if (!v(body)) bad.push(`${c.name}: ${ajv.errorsText(v.errors)}`);
      checked++;
      continue;
    }
    if (tmpl === null) {
      // An unknown path answers the Google-shape 404 of docs/API.md §1.
      assert.equal(c.status, 404, `${c.name}: ${url.pathname} is not in docs/openapi.yaml`);
      const body = JSON.parse(readFileSync(join(root, 'testdata/contract/golden', c.name + '.json'), 'utf8'));
      const v = ajv.compile({ $ref: 'api#/components/schemas/GoogleError' });
      if (!v(body)) bad.push(`${c.name}: ${ajv.errorsText(v.errors)}`);
      checked++;
      continue;
    }
    const ref = schemaRef(tmpl, c.method.toLowerCase(), c.status);
    const file = join(root, 'testdata/contract/golden', c.name + '.json');
    if (ref === null) {
      // 204 and binary answers have no JSON schema; the document still lists the status.
      checked++;
      continue;
    }
    assert.ok(existsSync(file), `${c.name}: no golden answer`);
    const body = JSON.parse(readFileSync(file, 'utf8'));
    const v = ajv.getSchema('api' + ref) || ajv.compile({ $ref: 'api' + ref });
    if (!v(body)) bad.push(`${c.name} (${c.method} ${tmpl} ${c.status}): ${ajv.errorsText(v.errors)}`);
    checked++;
  }
  assert.deepEqual(bad, []);
  assert.equal(checked, contract.cases.length);
  assert.ok(checked > 100, `only ${checked} contract cases`);
});

test('docs/openapi.yaml lists every /v1 path of the contract suite and of docs/API.md', () => {
  const api = readFileSync(join(root, 'docs/API.md'), 'utf8');
  const inApi = new Set([...api.matchAll(/^### 3\.\d+ (?:GET|POST)(?: and POST)? (\/[^\s]+)/gm)].map((m) => m[1]));
  for (const p of inApi) {
    const tmpl = p.replace('{z}/{x}/{y}.mvt', '{z}/{x}/{y}.mvt');
    assert.ok(doc.paths[tmpl] || matchPath('/v1' + p.replace(/\{[^}]+\}/g, '1')), `docs/API.md ${p} is not in docs/openapi.yaml`);
  }
  assert.ok(inApi.size >= 12, `found only ${inApi.size} endpoint headings in docs/API.md`);
});
