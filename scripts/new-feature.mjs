#!/usr/bin/env node
// `npm run new-feature -- NAME` scaffolds a feature the way docs/adding-a-feature.md builds
// one: its contracts (schemas, one endpoint, its permission question), the server side
// (repository, service, routes, index.ts with its registration, an API test) and the web
// side (index.ts with its route, a page, its RTK Query endpoint). Outside its three folders
// it adds one entry to each feature list (contracts' index, the server's src/features.ts,
// the web's app/features.ts), its route-policy row and its words in en.json and ar.json.
// `npm run new-feature -- --remove NAME` takes exactly that back out.
//
// Plain Node on purpose (no generator framework): the templates are below, in the house style.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** First segments the web app or the API already uses for something else. */
const RESERVED = new Set(['api', 'ws', 'assets', 'common', 'live', 'login', 'user', 'profile', 'dashboard', 'ticket']);

/** The spellings a feature name needs: `parking-spots` → parkingSpots, ParkingSpots, "Parking spots". */
export function featureNames(name) {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) {
    throw new Error(
      `"${name}": a feature name is kebab-case (lowercase letters, digits, single hyphens), e.g. parking-spots`,
    );
  }
  const parts = name.split('-');
  const camel = parts[0] + parts.slice(1).map(capital).join('');
  const words = parts.join(' ');
  return { kebab: name, camel, pascal: capital(camel), words, title: capital(words) };
}

function capital(s) {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Where each part lives, relative to the repository root. */
function places(n) {
  return {
    contracts: `packages/contracts/src/${n.kebab}`,
    server: `apps/server/src/features/${n.kebab}`,
    web: `apps/web/src/features/${n.kebab}`,
    contractsIndex: 'packages/contracts/src/index.ts',
    serverList: 'apps/server/src/features.ts',
    webList: 'apps/web/src/app/features.ts',
    routePolicy: 'apps/server/test/route-policy.test.ts',
    locales: { en: 'apps/web/src/lib/i18n/locales/en.json', ar: 'apps/web/src/lib/i18n/locales/ar.json' },
  };
}

// ------------------------------------------------------------------------------- templates

function contractsFiles(n) {
  return {
    [`${n.kebab}.ts`]: `import { z } from 'zod';
import { ZText } from '../common/text.js';

/** What GET /api/${n.kebab}/ answers. Replace with the feature's own records and requests. */
export const Z${n.pascal}Status = z.object({
  feature: z.literal('${n.kebab}'),
  /** When the database answered (ISO 8601). */
  checked_at: ZText,
});
export type T${n.pascal}Status = z.infer<typeof Z${n.pascal}Status>;
`,
    [`${n.kebab}-access.ts`]: `import { isStaff, type Actor } from '../users/permissions.js';

/** Who may use ${n.words}: every staff member. The server enforces it, the web shows only what it allows. */
export function canUse${n.pascal}(user: Actor | null | undefined): boolean {
  return isStaff(user);
}
`,
    [`${n.kebab}-endpoints.ts`]: `import { defineEndpoint } from '../common/endpoint.js';
import { Z${n.pascal}Status } from './${n.kebab}.js';

const tags = ['${n.kebab}'] as const;

/** ${n.title}: every endpoint, declared once (the server registers it, the web and tests call it). */
export const ${n.camel}Endpoints = {
  get${n.pascal}Status: defineEndpoint({
    operationId: 'get${n.pascal}Status',
    method: 'GET',
    path: '/${n.kebab}/',
    tags,
    summary: '${n.title}: whether it answers',
    policy: { rule: 'canUse${n.pascal}: any staff member', outsider: null },
    responses: { 200: Z${n.pascal}Status },
    errors: [401, 403],
  }),
};
`,
    'index.ts': `export * from './${n.kebab}.js';
export * from './${n.kebab}-access.js';
export * from './${n.kebab}-endpoints.js';
`,
  };
}

function serverFiles(n) {
  return {
    [`${n.kebab}.repository.ts`]: `import { sql } from 'kysely';
import type { Database } from '../../db/database.js';

/**
 * The database's clock. The feature's SQL lives here only; once it has tables (a migration,
 * db/schema.ts, db/table-owners.ts), its queries on them go here too.
 */
export async function databaseNow(db: Database): Promise<Date> {
  const { rows } = await sql<{ now: Date }>\`select now() as now\`.execute(db);
  return rows[0]!.now;
}
`,
    [`${n.kebab}.service.ts`]: `import { canUse${n.pascal}, type Actor, type T${n.pascal}Status } from '@portal/contracts';
import type { AppContext } from '../../lib/context.js';
import { forbidden } from '../../lib/errors.js';
import { databaseNow } from './${n.kebab}.repository.js';

/** Permission first, then the work (writes go in one withTx, with their event-log record). */
export async function get${n.pascal}Status(ctx: AppContext, user: Actor): Promise<T${n.pascal}Status> {
  if (!canUse${n.pascal}(user)) throw forbidden();
  const at = await databaseNow(ctx.db);
  return { feature: '${n.kebab}', checked_at: at.toISOString() };
}
`,
    [`${n.kebab}.routes.ts`]: `import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ${n.camel}Endpoints } from '@portal/contracts';
import { route } from '../../lib/endpoint.js';
import { caller } from '../../plugins/auth.js';
import { get${n.pascal}Status } from './${n.kebab}.service.js';

/** Thin: the contract's endpoint, one service call. */
export const ${n.camel}Routes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  route(app, ${n.camel}Endpoints.get${n.pascal}Status, (req) => get${n.pascal}Status(ctx, caller(req).user));
};
`,
    'index.ts': `// The ${n.words} feature's public surface: its registration for src/features.ts, and
// what other features may use of it.
import type { ServerFeature } from '../../lib/feature.js';
import { ${n.camel}Routes } from './${n.kebab}.routes.js';

export const ${n.camel}Feature: ServerFeature = {
  name: '${n.kebab}',
  routes: [${n.camel}Routes],
};
`,
    [`${n.kebab}.test.ts`]: `import { ${n.camel}Endpoints } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const E = ${n.camel}Endpoints;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.stop());

describe('${n.words}', () => {
  it('answers a staff member', async () => {
    const res = await call(s.api, E.get${n.pascal}Status, { token: await s.token('hr') });
    expect(res.status).toBe(200);
    expect(res.body.feature).toBe('${n.kebab}');
    expect(Date.parse(res.body.checked_at)).not.toBeNaN();
  });

  it('refuses an anonymous caller and anyone who is not staff', async () => {
    expect((await call(s.api, E.get${n.pascal}Status, {})).status).toBe(401);
    expect((await call(s.api, E.get${n.pascal}Status, { token: await s.token('interpreter01') })).status).toBe(403);
  });
});
`,
  };
}

function webFiles(n) {
  return {
    [`api/${n.kebab}-api.ts`]: `import { ${n.camel}Endpoints } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

/** ${n.title}. Own cache tag: '${n.pascal}' (only this feature invalidates it). */
export const ${n.camel}Api = api.enhanceEndpoints({ addTagTypes: ['${n.pascal}'] }).injectEndpoints({
  endpoints: (build) => ({
    ${n.camel}Status: build.query({
      ...fromContract(${n.camel}Endpoints.get${n.pascal}Status, (_: void) => ({})),
      providesTags: ['${n.pascal}'],
    }),
  }),
});

export const { use${n.pascal}StatusQuery } = ${n.camel}Api;
`,
    [`pages/${n.kebab}-page.tsx`]: `import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../../components/load-failed-alert';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { TeacupLoader } from '../../../components/teacup-loader';
import { formatDateTime } from '../../../lib/format';
import { use${n.pascal}StatusQuery } from '../api/${n.kebab}-api';

/** /${n.kebab}: the feature's page (every string through i18next, dates through lib/format). */
export function ${n.pascal}Page() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = use${n.pascal}StatusQuery();
  return (
    <PageContainer>
      <PageHeader title={t('${n.camel}.title')} />
      <LoadFailedAlert title={t('${n.camel}.loadFailed')} error={error} onRetry={() => void refetch()} />
      {isLoading ? <TeacupLoader /> : null}
      {data ? (
        <>
          <Typography color="text.secondary">{t('${n.camel}.checkedAt')}</Typography>
          <Typography>{formatDateTime(data.checked_at)}</Typography>
        </>
      ) : null}
    </PageContainer>
  );
}
`,
    'index.ts': `// The ${n.words} feature's public surface: its registration for app/features.ts (its
// page lazy-loaded, a chunk of its own), and what other features may use of it.
import { canUse${n.pascal} } from '@portal/contracts';
import { page, type WebFeature } from '../../lib/feature';

export const ${n.camel}Feature = {
  name: '${n.kebab}',
  routes: [
    {
      path: '${n.kebab}',
      guard: { allow: canUse${n.pascal} },
      children: [{ index: true, lazy: page(() => import('./pages/${n.kebab}-page'), '${n.pascal}Page') }],
    },
  ],
} satisfies WebFeature;
`,
  };
}

/** The feature's words; `arTitle` is its Arabic name (say it: nothing English on an Arabic page). */
function localeEntries(n, arTitle) {
  return {
    en: { title: n.title, loadFailed: `${n.title} could not be loaded.`, checkedAt: 'The portal answered at' },
    ar: { title: arTitle, loadFailed: `تعذّر تحميل ${arTitle}.`, checkedAt: 'أجابت البوابة في' },
  };
}

// ------------------------------------------------------------------------------- the shared lines

const read = (root, file) => fs.readFileSync(path.join(root, file), 'utf8');
const write = (root, file, text) => fs.writeFileSync(path.join(root, file), text);

/** Inserts `line` among the lines matching `family`: in its sorted place if they are sorted, else after them. */
function insertSorted(text, family, line, file) {
  const lines = text.split('\n');
  const members = lines.map((l, i) => (family.test(l) ? i : -1)).filter((i) => i >= 0);
  if (members.length === 0) throw new Error(`${file}: found no line like ${family} to add ${line.trim()} beside`);
  const last = members[members.length - 1];
  const sorted = members.every((i, k) => k === 0 || lines[members[k - 1]] < lines[i]);
  const before = sorted ? members.find((i) => lines[i] > line) : undefined;
  lines.splice(before ?? last + 1, 0, line);
  return lines.join('\n');
}

/** Adds `entry` as the last item of the array that starts at `opening` (a unique line prefix). */
function appendToList(text, opening, entry, file) {
  const start = text.indexOf(opening);
  if (start < 0) throw new Error(`${file}: no "${opening}" to add ${entry.trim()} to`);
  const end = text.indexOf('\n]', start);
  if (end < 0) throw new Error(`${file}: the list "${opening}" has no closing bracket at the start of a line`);
  return text.slice(0, end) + `\n${entry}` + text.slice(end);
}

function editLists(root, n, p) {
  const contractsLine = `export * from './${n.kebab}/index.js';`;
  write(
    root,
    p.contractsIndex,
    insertSorted(
      read(root, p.contractsIndex),
      /^export \* from '\.\/[a-z0-9-]+\/index\.js';$/,
      contractsLine,
      p.contractsIndex,
    ),
  );

  let server = read(root, p.serverList);
  server = insertSorted(
    server,
    /^import \{ \w+Feature \} from '\.\/features\/[a-z0-9-]+\/index\.js';$/,
    `import { ${n.camel}Feature } from './features/${n.kebab}/index.js';`,
    p.serverList,
  );
  write(root, p.serverList, appendToList(server, 'export const serverFeatures', `  ${n.camel}Feature,`, p.serverList));

  let web = read(root, p.webList);
  web = insertSorted(
    web,
    /^import \{ \w+Feature \} from '\.\.\/features\/[a-z0-9-]+';$/,
    `import { ${n.camel}Feature } from '../features/${n.kebab}';`,
    p.webList,
  );
  write(root, p.webList, appendToList(web, 'export const webFeatures', `  ${n.camel}Feature,`, p.webList));

  // The route-policy table calls every route as outsiders: one row per route (a GET any staff may call).
  const policy = read(root, p.routePolicy);
  const anchor = "    'GET /api/openapi.json': {},";
  if (!policy.includes(anchor))
    throw new Error(`${p.routePolicy}: no "${anchor.trim()}" row to add the new row before`);
  write(root, p.routePolicy, policy.replace(anchor, `    'GET /api/${n.kebab}/': {},\n${anchor}`));
}

function editLocales(root, n, p, arTitle) {
  const entries = localeEntries(n, arTitle);
  for (const lang of ['en', 'ar']) {
    const file = p.locales[lang];
    const json = JSON.parse(read(root, file));
    if (json.translation[n.camel]) throw new Error(`${file}: "${n.camel}" is already a key`);
    json.translation[n.camel] = entries[lang];
    write(root, file, `${JSON.stringify(json, null, 2)}\n`);
  }
}

// ------------------------------------------------------------------------------- create / remove

/** Scaffolds feature `name` in the repository at `root`; answers the files it wrote or changed. */
export function createFeature(name, { root = ROOT, arTitle } = {}) {
  const n = featureNames(name);
  const p = places(n);
  if (RESERVED.has(n.kebab)) throw new Error(`"${n.kebab}" is a path the portal already uses`);
  for (const dir of [p.contracts, p.server, p.web]) {
    if (fs.existsSync(path.join(root, dir))) throw new Error(`${dir} already exists`);
  }
  const written = [];
  const put = (dir, files) => {
    for (const [file, text] of Object.entries(files)) {
      const target = path.join(root, dir, file);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, text);
      written.push(path.join(dir, file));
    }
  };
  put(p.contracts, contractsFiles(n));
  put(p.server, serverFiles(n));
  put(p.web, webFiles(n));
  editLists(root, n, p);
  editLocales(root, n, p, arTitle ?? 'ميزة جديدة');
  return [...written, p.contractsIndex, p.serverList, p.webList, p.routePolicy, p.locales.en, p.locales.ar];
}

/** Takes feature `name` out again: its folders, its list entries, its route-policy rows and its words. */
export function removeFeature(name, { root = ROOT } = {}) {
  const n = featureNames(name);
  const p = places(n);
  for (const dir of [p.contracts, p.server, p.web]) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  const drop = (file, ...needles) =>
    write(
      root,
      file,
      read(root, file)
        .split('\n')
        .filter((line) => !needles.some((needle) => needle.test(line)))
        .join('\n'),
    );
  const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  drop(p.contractsIndex, new RegExp(`^export \\* from '\\./${esc(n.kebab)}/index\\.js';$`));
  drop(
    p.serverList,
    new RegExp(`^import \\{ ${n.camel}Feature \\} from '\\./features/${esc(n.kebab)}/index\\.js';$`),
    new RegExp(`^  ${n.camel}Feature,$`),
  );
  drop(
    p.webList,
    new RegExp(`^import \\{ ${n.camel}Feature \\} from '\\.\\./features/${esc(n.kebab)}';$`),
    new RegExp(`^  ${n.camel}Feature,$`),
  );
  // One-line rows only (the generator writes one); longer rows added since are left to remove by hand.
  drop(p.routePolicy, new RegExp(`^    '(GET|POST|PUT|PATCH|DELETE) /api/${esc(n.kebab)}/[^']*': \\{\\},$`));
  for (const lang of ['en', 'ar']) {
    const json = JSON.parse(read(root, p.locales[lang]));
    delete json.translation[n.camel];
    write(root, p.locales[lang], `${JSON.stringify(json, null, 2)}\n`);
  }
}

// ------------------------------------------------------------------------------- command line

function main(argv) {
  const args = argv.filter((a) => !a.startsWith('--'));
  const remove = argv.includes('--remove');
  const arIndex = argv.findIndex((a) => a.startsWith('--ar='));
  const arTitle = arIndex >= 0 ? argv[arIndex].slice('--ar='.length) : undefined;
  const [name] = args;
  if (!name || args.length > 1) {
    console.error(
      'usage: npm run new-feature -- NAME [--ar=<Arabic name>]\n       npm run new-feature -- --remove NAME',
    );
    process.exit(2);
  }
  try {
    if (remove) {
      removeFeature(name);
      console.log(`Removed ${name}: its folders, list entries, route-policy rows and words.`);
      return;
    }
    const n = featureNames(name);
    const files = createFeature(name, { arTitle });
    console.log(`Created ${name}:\n${files.map((f) => `  ${f}`).join('\n')}`);
    console.log(`
Next (docs/adding-a-feature.md):
  npx vitest run apps/server/src/features/${n.kebab}/${n.kebab}.test.ts apps/server/test/route-policy.test.ts
  then open /${n.kebab} (npm run dev). A table: a migration (db/migrate.ts), db/schema.ts, db/table-owners.ts.
  A menu entry: nav in its web index.ts and a "nav.${n.camel}" key in en.json and ar.json.${
    arTitle ? '' : `\n  Give it an Arabic name: translation.${n.camel} in ar.json (or --ar=… next time).`
  }`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
