// Measures the JavaScript a browser must download before the login page is usable:
// the entry chunk, its static imports, and the login route's chunk with its static
// imports (lazy routes load on demand, so no other page belongs here). Reads Vite's
// manifest; prints the figure and writes it to dist/initial-js.json.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const LOGIN_ROUTE = 'src/features/auth/pages/login-page.tsx';

/** A manifest key and every chunk it imports statically, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

function measure(keys) {
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const key of keys) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const bytes = fs.readFileSync(path.join(dist, file));
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    files.push(file);
  }
  return { raw, gzip, files };
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry || !manifest[LOGIN_ROUTE]) {
  console.error('report-initial-js: entry or login route missing from the Vite manifest');
  process.exit(1);
}
const entryOnly = measure(closure(entry));
const loginPage = measure(closure(LOGIN_ROUTE, closure(entry)));
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const report = {
  measuredAt: new Date().toISOString(),
  loginPage: { gzipBytes: loginPage.gzip, rawBytes: loginPage.raw, files: loginPage.files },
  entryOnly: { gzipBytes: entryOnly.gzip, rawBytes: entryOnly.raw },
};
fs.writeFileSync(path.join(dist, 'initial-js.json'), JSON.stringify(report, null, 2) + '\n');
console.log(
  `\nLogin page initial JS: ${kib(loginPage.gzip)} gzip (${kib(loginPage.raw)} raw) in ${loginPage.files.length} files` +
    ` — entry alone ${kib(entryOnly.gzip)} gzip\n`,
);
