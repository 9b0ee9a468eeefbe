/**
 * The architecture's lint rules bite: planted imports that break a boundary, SQL outside
 * a repository, a repository reading another feature's tables and an import cycle are
 * errors, and their allowed counterparts are not. Linted with the repository's own
 * eslint.config.js and .dependency-cruiser.cjs, as `npm run lint` does.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The rule ids that fire on `code` as if it were the file at `file` (relative to the root). */
async function lint(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const BOUNDARY = 'boundaries/dependencies';

describe('feature boundaries (server)', () => {
  it('refuses a feature importing another feature’s internals, allows its index.ts', async () => {
    expect(
      await lint('apps/server/src/features/tickets/planted.ts', "export { notify } from '../notifications/notify.js';"),
    ).toContain(BOUNDARY);
    expect(
      await lint('apps/server/src/features/users/planted.ts', "export * from '../auth/sessions.repository.js';"),
    ).toContain(BOUNDARY);
    expect(
      await lint('apps/server/src/features/tickets/planted.ts', "export { notify } from '../notifications/index.js';"),
    ).toEqual([]);
  });

  it('allows a feature its own files, shared code and contracts', async () => {
    const code = [
      "export * as repo from './tickets.repository.js';",
      "export { withTx } from '../../lib/tx.js';",
      "export { caller } from '../../plugins/auth.js';",
      "export { isStaff } from '@portal/contracts';",
    ].join('\n');
    expect(await lint('apps/server/src/features/tickets/planted.ts', code)).toEqual([]);
  });

  it('refuses shared code (lib, plugins, db) importing any feature, even its index.ts', async () => {
    expect(
      await lint('apps/server/src/lib/planted.ts', "export { authenticate } from '../features/auth/index.js';"),
    ).toContain(BOUNDARY);
    expect(
      await lint('apps/server/src/plugins/planted.ts', "export * from '../features/auth/auth.service.js';"),
    ).toContain(BOUNDARY);
    expect(await lint('apps/server/src/db/planted.ts', "export * from '../features/users/index.js';")).toContain(
      BOUNDARY,
    );
  });

  it('lets the app entry files compose features', async () => {
    expect(
      await lint('apps/server/src/planted.ts', "export { ticketsRoutes } from './features/tickets/index.js';"),
    ).toEqual([]);
  });

  it('refuses contracts importing the server or the web app', async () => {
    expect(
      await lint('packages/contracts/src/planted.ts', "export * from '../../../apps/server/src/lib/errors.js';"),
    ).toContain(BOUNDARY);
  });
});

describe('feature boundaries (web)', () => {
  it('refuses a feature importing another feature’s internals, allows its index.ts', async () => {
    expect(await lint('apps/web/src/features/tickets/planted.ts', "export * from '../auth/auth.slice';")).toContain(
      BOUNDARY,
    );
    expect(await lint('apps/web/src/features/tickets/planted.ts', "export { selectAuth } from '../auth';")).toEqual([]);
  });

  it('refuses lib and components importing a feature; the app may', async () => {
    expect(await lint('apps/web/src/lib/planted.ts', "export * from '../features/auth';")).toContain(BOUNDARY);
    expect(await lint('apps/web/src/components/planted.ts', "export * from '../features/auth/auth.slice';")).toContain(
      BOUNDARY,
    );
    expect(await lint('apps/web/src/app/planted.ts', "export * from '../features/auth/auth.slice';")).toEqual([]);
  });

  it('refuses the web app importing server code', async () => {
    expect(await lint('apps/web/src/lib/planted.ts', "export * from '../../../server/src/lib/errors.js';")).toContain(
      BOUNDARY,
    );
  });
});

describe('the desktop agent', () => {
  it('refuses the agent importing server or web code, by path or by workspace name', async () => {
    expect(await lint('apps/agent/src/planted.ts', "export * from '../../server/src/lib/errors.js';")).toContain(
      BOUNDARY,
    );
    expect(
      await lint('apps/agent/src/planted.ts', "export * from '@portal/server/src/features/it/index.js';"),
    ).toContain(BOUNDARY);
    expect(await lint('apps/agent/src/probes/planted.ts', "export * from '../../../web/src/lib/format';")).toContain(
      BOUNDARY,
    );
  });

  it('allows the agent its own files, contracts and packages', async () => {
    const code = [
      "export { DiskQueue } from './queue.js';",
      "export { ZAgentEvent } from '@portal/contracts';",
      "export { default as WebSocket } from 'ws';",
    ].join('\n');
    expect(await lint('apps/agent/src/planted.ts', code)).toEqual([]);
  });
});

describe('a feature queries only its own tables', () => {
  const OWN_TABLES = 'portal/own-tables';
  const repository = (feature: string) => `apps/server/src/features/${feature}/planted.repository.ts`;
  const head = "import type { Database } from '../../db/database.js';\n";
  const rawHead = `import { sql } from 'kysely';\n${head}`;

  it('refuses reading another feature’s table with the builder, a join or raw SQL', async () => {
    const builder = `${head}export const q = (db: Database) => db.selectFrom('tickets as t').selectAll().execute();`;
    expect(await lint(repository('reports'), builder)).toEqual([OWN_TABLES]);
    const join = `${head}export const q = (db: Database) =>
  db.selectFrom('reports as r').innerJoin('kpi_records as k', 'k.user_id', 'r.author_id').selectAll().execute();`;
    expect(await lint(repository('reports'), join)).toEqual([OWN_TABLES]);
    const raw = `${rawHead}export const q = (db: Database) => sql\`select count(*) from leave_requests l\`.execute(db);`;
    expect(await lint(repository('reports'), raw)).toEqual([OWN_TABLES]);
  });

  it('allows the owner its tables, and every feature reading the people directory and file metadata', async () => {
    const own = `${head}export const q = (db: Database) =>
  db.selectFrom('tickets as t').innerJoin('users as u', 'u.id', 't.owner_id').selectAll().execute();`;
    expect(await lint(repository('tickets'), own)).toEqual([]);
    const files = `${head}export const q = (db: Database) =>
  db.selectFrom('report_attachments as ra').innerJoin('files as f', 'f.id', 'ra.file_id').selectAll().execute();`;
    expect(await lint(repository('reports'), files)).toEqual([]);
  });

  it('refuses writing another feature’s table, even one every feature may read', async () => {
    const write = `${head}export const q = (db: Database) => db.updateTable('users').set({ phone: '' }).execute();`;
    expect(await lint(repository('reports'), write)).toEqual([OWN_TABLES]);
    const raw = `${rawHead}export const q = (db: Database) => sql\`delete from files where id = \${1}\`.execute(db);`;
    expect(await lint(repository('tickets'), raw)).toEqual([OWN_TABLES]);
    // Shared code owns the stored files.
    expect(await lint('apps/server/src/lib/planted.repository.ts', raw.replace('../../db/', '../db/'))).toEqual([]);
  });
});

describe('import cycles', () => {
  const run = promisify(execFile);
  const depcruise = path.join(root, 'node_modules/.bin/depcruise');
  let tree: string;

  /** Writes files (path → source) under the scratch tree, laid out as the repository is. */
  function plant(files: Record<string, string>): void {
    for (const [file, code] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
      fs.writeFileSync(path.join(tree, file), code);
    }
  }

  /** The cycle rule's findings on `dirs` of the scratch tree, with the repository's config. */
  async function cycles(dirs: string[]): Promise<{ failed: boolean; output: string }> {
    const args = ['--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'err', ...dirs];
    try {
      const { stdout } = await run(depcruise, args, { cwd: tree });
      return { failed: false, output: stdout };
    } catch (err) {
      const e = err as { code?: number; stdout?: string };
      if (typeof e.code !== 'number') throw err;
      return { failed: true, output: e.stdout ?? '' };
    }
  }

  // A scratch copy of the layout, outside the working tree, so nothing else ever sees the planted cycles.
  beforeAll(() => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cycles-'));
  });
  afterAll(() => fs.rmSync(tree, { recursive: true, force: true }));

  it('refuses a cycle in the server, the web, the contracts and the agent', async () => {
    plant({
      'apps/server/src/features/a/a.service.ts': "import { b } from './b.service.js';\nexport const a = () => b;\n",
      'apps/server/src/features/a/b.service.ts':
        "import type { a } from './a.service.js';\nexport const b = 1 as unknown as typeof a;\n",
      'apps/web/src/features/a/a.tsx': "import { B } from './b';\nexport const A = () => B;\n",
      'apps/web/src/features/a/b.tsx': "import { A } from './a';\nexport const B = () => A;\n",
      'packages/contracts/src/a/a.ts': "export * from '../b/b.js';\nexport const a = 1;\n",
      'packages/contracts/src/b/b.ts': "import { a } from '../a/a.js';\nexport const b = a;\n",
      'apps/agent/src/a.ts': "import { b } from './b.js';\nexport const a = b;\n",
      'apps/agent/src/b.ts': "import { c } from './c.js';\nexport const b = c;\n",
      'apps/agent/src/c.ts': "import { a } from './a.js';\nexport const c = a;\n",
    });
    const found = await cycles(['apps', 'packages']);
    expect(found.failed).toBe(true);
    for (const area of ['apps/server/src/', 'apps/web/src/', 'packages/contracts/src/', 'apps/agent/src/']) {
      expect(found.output).toMatch(new RegExp(`no-cycle: ${area.replace(/\//g, '\\/')}`));
    }
    expect(found.output).toMatch(/4 dependency violations \(4 errors/);
  });

  it('allows imports that go one way', async () => {
    plant({
      'apps/server/src/features/c/c.service.ts': "import { d } from './d.repository.js';\nexport const c = d;\n",
      'apps/server/src/features/c/d.repository.ts': "import { e } from '../../lib/e.js';\nexport const d = e;\n",
      'apps/server/src/lib/e.ts': 'export const e = 1;\n',
    });
    expect(await cycles(['apps/server/src/features/c', 'apps/server/src/lib/e.ts'])).toEqual({
      failed: false,
      output: expect.stringContaining('no dependency violations found'),
    });
  });

  it('runs in npm run lint over every workspace, with the Prettier check', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(scripts.lint).toContain('npm run lint:cycles');
    expect(scripts.lint).toContain('prettier --check');
    expect(scripts['lint:cycles'].split(' ')).toEqual(expect.arrayContaining(['apps', 'packages']));
  });
});

describe('only repositories touch SQL', () => {
  const SQL_IMPORT = '@typescript-eslint/no-restricted-imports';
  const QUERY = 'no-restricted-syntax';

  it('refuses Kysely values (the sql tag, helpers) outside *.repository.ts; types are fine', async () => {
    expect(
      await lint(
        'apps/server/src/features/tickets/planted.service.ts',
        "import { sql } from 'kysely';\nexport const now = sql`now()`;",
      ),
    ).toContain(SQL_IMPORT);
    expect(
      await lint(
        'apps/server/src/lib/planted.ts',
        "import { jsonArrayFrom } from 'kysely/helpers/postgres';\nexport { jsonArrayFrom };",
      ),
    ).toContain(SQL_IMPORT);
    expect(
      await lint(
        'apps/server/src/features/tickets/planted.service.ts',
        "import type { Kysely } from 'kysely';\nexport type K = Kysely<object>;",
      ),
    ).toEqual([]);
  });

  it('refuses starting a query on a handle outside repositories', async () => {
    const code =
      "import type { Database } from '../../db/database.js';\nexport const q = (db: Database) => db.selectFrom('users').selectAll().execute();";
    expect(await lint('apps/server/src/features/users/planted.service.ts', code)).toContain(QUERY);
    expect(await lint('apps/server/src/features/users/planted.repository.ts', code)).toEqual([]);
  });
});
