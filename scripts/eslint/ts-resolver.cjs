// An import resolver for eslint-plugin-boundaries (the eslint-module-utils v2 interface).
// Our TypeScript imports say `./x.js` for `x.ts` (Node ESM style) and the web says `./x`
// for `x.tsx`; Node's resolver knows neither. The TypeScript resolvers would, but they
// pull native bindings whose per-platform packages broke `npm ci` (decision 0004).
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { builtinModules } = require('node:module');

const root = path.resolve(__dirname, '../..');
const contractsSrc = path.join(root, 'packages/contracts/src');
const builtins = new Set(builtinModules);

const isFile = (p) => {
  try {
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
};

/** The source file an import path means: `.js` → `.ts`/`.tsx`, no extension → `.ts`/`.tsx`/`index`. */
function sourceFile(base) {
  const stem = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.d.ts`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find(isFile) ?? null;
}

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  const bare = source.replace(/^node:/, '');
  if (source.startsWith('node:') || builtins.has(bare)) return { found: true, path: null };
  if (source.startsWith('.') || path.isAbsolute(source)) {
    const found = sourceFile(path.resolve(path.dirname(file), source));
    return found ? { found: true, path: found } : { found: false };
  }
  // The contracts workspace: resolved to its sources, so it is a local element.
  if (source === '@portal/contracts' || source.startsWith('@portal/contracts/')) {
    const rest = source.slice('@portal/contracts'.length).replace(/^\//, '');
    const found = sourceFile(path.join(contractsSrc, rest || 'index'));
    return found ? { found: true, path: found } : { found: false };
  }
  const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
  const dir = path.join(root, 'node_modules', name);
  // Another workspace (`@portal/server/src/…`): followed to its files, so the boundary rules
  // see the server or the web behind the package name.
  if (name.startsWith('@portal/') && fs.existsSync(dir)) {
    const rest = source.slice(name.length).replace(/^\//, '');
    const found = sourceFile(path.join(fs.realpathSync(dir), rest || 'index'));
    return found ? { found: true, path: found } : { found: false };
  }
  // A package: external. Its exact file does not matter to the boundary rules.
  return fs.existsSync(dir) ? { found: true, path: path.join(dir, 'package.json') } : { found: false };
};
