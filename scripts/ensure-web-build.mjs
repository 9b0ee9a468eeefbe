// Builds the web app when its bundle is missing or older than its sources, so that
// `npm start` and the browser tests always serve the current UI without a rebuild
// on every start.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist/index.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

const sources = [
  path.join(web, 'src'),
  path.join(web, 'public'),
  path.join(web, 'index.html'),
  path.join(web, 'vite.config.ts'),
  path.join(web, 'package.json'),
  path.join(root, 'packages/contracts/src'),
];
const builtAt = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
const changedAt = Math.max(
  ...sources
    .filter((s) => fs.existsSync(s))
    .map((s) => (fs.statSync(s).isDirectory() ? newestMtime(s) : fs.statSync(s).mtimeMs)),
);
if (builtAt < changedAt) {
  console.log('Building the web app…');
  execSync('npm run build -w @portal/web', { cwd: root, stdio: 'inherit' });
}
