/**
 * The architecture's lint rules bite: planted imports that break a boundary (and SQL
 * outside a repository) are errors, and their allowed counterparts are not. Linted with
 * the repository's own eslint.config.js, as `npm run lint` does.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

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
