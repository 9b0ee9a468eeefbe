/**
 * `npm run new-feature`: a scaffolded feature touches only its three folders, the feature
 * lists, its route-policy row and its words; its code type-checks, passes the lint and
 * Prettier, and its own API test passes; `--remove` leaves the tree as it was. All of it
 * in a temporary copy of the workspaces (a git repository of its own), never in this tree:
 * other tests and other people's edits never see the sample.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeature, featureNames, removeFeature } from './new-feature.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NAME = 'sample-notes';
const ROOT_FILES = [
  'package.json',
  'tsconfig.base.json',
  'vitest.config.ts',
  'eslint.config.js',
  '.prettierrc.json',
  '.prettierignore',
  '.gitignore',
];

let copy: string;

const git = (...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=sample', '-c', 'user.email=sample@portal.example', ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
/** Changed and new files, one per line (`git status --porcelain`, every untracked file listed). */
const changes = () =>
  git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.slice(3))
    .sort();

/** The workspaces' files (tracked or new, as in this tree) and the dependencies, linked, in a fresh directory. */
function copyWorkspaces(target: string) {
  const listed = execFileSync(
    'git',
    ['ls-files', '-co', '--exclude-standard', '-z', '--', 'packages/contracts', 'apps/server', 'apps/web', 'scripts'],
    { cwd: root, encoding: 'utf8' },
  )
    .split('\0')
    .filter(Boolean);
  for (const file of [...listed, ...ROOT_FILES]) {
    if (!fs.existsSync(path.join(root, file))) continue;
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(target, file));
  }
  // Dependencies by link; the workspace packages (@portal/*) must be the copy's own.
  const modules = path.join(target, 'node_modules');
  fs.mkdirSync(path.join(modules, '@portal'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(root, 'node_modules'))) {
    if (entry === '@portal' || entry === '.vite' || entry === '.vitest') continue;
    fs.symlinkSync(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, dir] of [
    ['contracts', 'packages/contracts'],
    ['server', 'apps/server'],
    ['web', 'apps/web'],
  ]) {
    fs.symlinkSync(path.join(target, dir), path.join(modules, '@portal', name));
    const own = path.join(root, dir, 'node_modules');
    if (fs.existsSync(own)) fs.symlinkSync(own, path.join(target, dir, 'node_modules'));
  }
}

/** Type errors in `files`, checked as part of the project at `project` (only these files are checked in full). */
function typeErrors(project: string, files: string[]): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(copy, project, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`${project}: no tsconfig`);
  const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
  return files.flatMap((file) => {
    const source = program.getSourceFile(path.join(copy, file));
    if (!source) return [`${file}: not part of ${project}`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${file}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}

beforeAll(() => {
  copy = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-new-feature-'));
  copyWorkspaces(copy);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-q', '--no-verify', '-m', 'before the sample feature');
});
afterAll(() => {
  if (copy) fs.rmSync(copy, { recursive: true, force: true });
});

describe('feature names', () => {
  it('spells a kebab-case name every way the templates need', () => {
    expect(featureNames('parking-spots')).toEqual({
      kebab: 'parking-spots',
      camel: 'parkingSpots',
      pascal: 'ParkingSpots',
      words: 'parking spots',
      title: 'Parking spots',
    });
  });

  it('refuses other spellings, and a feature that exists', () => {
    for (const bad of ['Parking', 'parking_spots', 'parking--spots', '-parking', '9lives', ''])
      expect(() => featureNames(bad), bad).toThrow(/kebab-case/);
    expect(() => createFeature('tickets', { root: copy })).toThrow(/already exists/);
    expect(() => createFeature('user', { root: copy })).toThrow(/already uses/);
    expect(changes()).toEqual([]);
  });
});

describe('npm run new-feature', { timeout: 600_000 }, () => {
  let created: string[] = [];

  it('touches only its folders, the feature lists, its route-policy row and its words', () => {
    created = createFeature(NAME, { root: copy, arTitle: 'ملاحظات تجريبية' });
    const shared = [
      'apps/server/src/features.ts',
      'apps/server/test/route-policy.test.ts',
      'apps/web/src/app/features.ts',
      'apps/web/src/lib/i18n/locales/ar.json',
      'apps/web/src/lib/i18n/locales/en.json',
      'packages/contracts/src/index.ts',
    ];
    const own = [
      `packages/contracts/src/${NAME}/`,
      `apps/server/src/features/${NAME}/`,
      `apps/web/src/features/${NAME}/`,
    ];
    const touched = changes();
    expect(touched.filter((f) => !own.some((dir) => f.startsWith(dir)))).toEqual(shared);
    expect([...created].sort()).toEqual(touched);
    // One entry in each list (its import and its place), one row, one key per locale.
    const diff = git('diff', '--unified=0', '--', ...shared.filter((f) => !f.endsWith('.json')));
    expect(diff.split('\n').filter((l) => /^[+-](?![+-])/.test(l))).toEqual([
      "+import { sampleNotesFeature } from './features/sample-notes/index.js';",
      '+  sampleNotesFeature,',
      "+    'GET /api/sample-notes/': {},",
      "+import { sampleNotesFeature } from '../features/sample-notes';",
      '+  sampleNotesFeature,',
      "+export * from './sample-notes/index.js';",
    ]);
    for (const lang of ['en', 'ar']) {
      const file = path.join(copy, `apps/web/src/lib/i18n/locales/${lang}.json`);
      expect(Object.keys(JSON.parse(fs.readFileSync(file, 'utf8')).translation.sampleNotes)).toEqual([
        'title',
        'loadFailed',
        'checkedAt',
      ]);
    }
  });

  it('writes code that type-checks, passes the lint and is formatted', async () => {
    const code = created.filter((f) => /\.tsx?$/.test(f));
    const server = code.filter((f) => !f.startsWith('apps/web/'));
    const web = code.filter((f) => !f.startsWith('apps/server/'));
    expect(typeErrors('apps/server', server)).toEqual([]);
    expect(typeErrors('apps/web', web)).toEqual([]);

    const eslint = new ESLint({ cwd: copy });
    const results = await eslint.lintFiles(code.map((f) => path.join(copy, f)));
    const problems = results.flatMap((r) =>
      r.messages.map((m) => `${path.relative(copy, r.filePath)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
    );
    expect(problems).toEqual([]);

    const unformatted: string[] = [];
    for (const file of created) {
      const filepath = path.join(copy, file);
      const options = await prettier.resolveConfig(filepath);
      if (!(await prettier.check(fs.readFileSync(filepath, 'utf8'), { ...options, filepath }))) unformatted.push(file);
    }
    expect(unformatted).toEqual([]);
  });

  it('passes its own API test', () => {
    // The server's own test project (apps/server/vitest.config.ts), as `npx vitest run <file>` would run it.
    const run = spawnSync(
      process.execPath,
      [path.join(copy, 'node_modules/vitest/vitest.mjs'), 'run', `src/features/${NAME}/${NAME}.test.ts`],
      { cwd: path.join(copy, 'apps/server'), encoding: 'utf8', env: { ...process.env, CI: '1' }, timeout: 540_000 },
    );
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/2 passed/);
  });

  it('is taken out again by --remove, leaving the tree as it was', () => {
    removeFeature(NAME, { root: copy });
    expect(changes()).toEqual([]);
  });
});
