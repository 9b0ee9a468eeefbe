// A feature's SQL names only the tables its feature owns (decision 0004): another feature's
// data is read through that feature's index.ts. The owners are declared once, in
// apps/server/src/db/table-owners.ts, which this rule reads with the TypeScript compiler
// (the compiler keeps that map complete; the lint keeps the queries to it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OWNERS_FILE = path.join(root, 'apps/server/src/db/table-owners.ts');

/** Query-builder calls whose first argument names a table, and whether they write it. */
const BUILDER_CALLS = new Map([
  ['selectFrom', 'read'],
  ['innerJoin', 'read'],
  ['leftJoin', 'read'],
  ['rightJoin', 'read'],
  ['fullJoin', 'read'],
  ['crossJoin', 'read'],
  ['innerJoinLateral', 'read'],
  ['leftJoinLateral', 'read'],
  ['crossJoinLateral', 'read'],
  ['using', 'read'],
  ['insertInto', 'write'],
  ['replaceInto', 'write'],
  ['updateTable', 'write'],
  ['deleteFrom', 'write'],
  ['mergeInto', 'write'],
]);

/** Table names in raw SQL: `insert into t`, `update t`, `delete from t`, `from t`, `join t`. */
const RAW_TABLE = /\b(insert\s+into|delete\s+from|update|from|join)\s+"?([a-z_][a-z0-9_]*)"?/gi;

let cache = { mtimeMs: -1, owners: new Map(), readByAll: new Set(), crossReads: new Map() };

const unwrap = (node) =>
  node && (ts.isSatisfiesExpression(node) || ts.isAsExpression(node) || ts.isParenthesizedExpression(node))
    ? unwrap(node.expression)
    : node;

const strings = (node) => {
  const n = unwrap(node);
  if (n && ts.isStringLiteralLike(n)) return [n.text];
  if (n && ts.isArrayLiteralExpression(n)) return n.elements.flatMap(strings);
  return [];
};

/** TABLE_OWNERS (table → owners), READ_BY_EVERY_FEATURE and CROSS_FEATURE_READS, read from table-owners.ts. */
function ownership() {
  const { mtimeMs } = fs.statSync(OWNERS_FILE);
  if (mtimeMs === cache.mtimeMs) return cache;
  const source = ts.createSourceFile(OWNERS_FILE, fs.readFileSync(OWNERS_FILE, 'utf8'), ts.ScriptTarget.Latest);
  const owners = new Map();
  const crossReads = new Map();
  let readByAll = new Set();
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      const name = decl.name.getText(source);
      const init = unwrap(decl.initializer);
      if (name === 'TABLE_OWNERS' && init && ts.isObjectLiteralExpression(init)) {
        for (const prop of init.properties) {
          if (ts.isPropertyAssignment(prop)) owners.set(prop.name.getText(source), strings(prop.initializer));
        }
      }
      if (name === 'READ_BY_EVERY_FEATURE') readByAll = new Set(strings(init));
      if (name === 'CROSS_FEATURE_READS' && init && ts.isObjectLiteralExpression(init)) {
        for (const prop of init.properties) {
          if (ts.isPropertyAssignment(prop)) {
            crossReads.set(prop.name.getText(source).replace(/^['"]|['"]$/g, ''), new Set(strings(prop.initializer)));
          }
        }
      }
    }
  }
  if (owners.size === 0) throw new Error(`table-ownership: no TABLE_OWNERS found in ${OWNERS_FILE}`);
  cache = { mtimeMs, owners, readByAll, crossReads };
  return cache;
}

/** The owner a file speaks for: its feature's folder, or `shared` for lib/. Null: not checked. */
function ownerOf(filename) {
  const rel = path.relative(root, filename).split(path.sep).join('/');
  const feature = /^apps\/server\/src\/features\/([^/]+)\//.exec(rel);
  if (feature) return feature[1];
  return rel.startsWith('apps/server/src/lib/') ? 'shared' : null;
}

const describeOwners = (owners) => owners.map((o) => (o === 'shared' ? 'shared code (lib/)' : `the ${o} feature`));

/** @type {import('eslint').Rule.RuleModule} */
const ownTables = {
  meta: {
    type: 'problem',
    docs: { description: "A repository queries only its own feature's tables (db/table-owners.ts)." },
    schema: [],
    messages: {
      read: "'{{table}}' belongs to {{owner}}: read it through {{via}}, not with SQL of {{self}}.",
      write: "Only {{owner}} writes '{{table}}': call {{via}}.",
    },
  },
  create(context) {
    const self = ownerOf(context.filename);
    if (self === null) return {};
    const { owners, readByAll, crossReads } = ownership();

    function check(node, table, access) {
      const tableOwners = owners.get(table);
      // Not a table: a CTE, an alias, a function (`from generate_series`, `extract(… from …)`).
      if (!tableOwners || tableOwners.includes(self)) return;
      if (access === 'read' && (readByAll.has(table) || crossReads.get(self)?.has(table))) return;
      const [first] = tableOwners;
      context.report({
        node,
        messageId: access,
        data: {
          table,
          owner: describeOwners(tableOwners).join(' and '),
          via: first === 'shared' ? 'its lib/ function' : `a function exported by features/${first}/index.ts`,
          self: self === 'shared' ? 'shared code' : `the ${self} feature`,
        },
      });
    }

    const tableOf = (text) =>
      text
        .trim()
        .split(/\s+as\s+|\s+/i)[0]
        .split('.')
        .pop();

    return {
      CallExpression(node) {
        const callee = node.callee;
        const name =
          callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier'
            ? callee.property.name
            : callee.type === 'Identifier'
              ? callee.name
              : null;
        const access = name && BUILDER_CALLS.get(name);
        const [arg] = node.arguments;
        if (!access || !arg) return;
        const literals = arg.type === 'ArrayExpression' ? arg.elements : [arg];
        for (const lit of literals) {
          if (lit?.type === 'Literal' && typeof lit.value === 'string') check(lit, tableOf(lit.value), access);
          if (lit?.type === 'TemplateLiteral' && lit.expressions.length === 0) {
            check(lit, tableOf(lit.quasis[0].value.cooked ?? ''), access);
          }
        }
      },
      TaggedTemplateExpression(node) {
        const tag = node.tag;
        if (tag.type !== 'Identifier' || tag.name !== 'sql') return;
        // The literal parts; an interpolated value stands between them, so a name never spans two.
        const text = node.quasi.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ? ');
        for (const m of text.matchAll(RAW_TABLE)) {
          const keyword = m[1].toLowerCase();
          check(node, m[2].toLowerCase(), keyword === 'from' || keyword === 'join' ? 'read' : 'write');
        }
      },
    };
  },
};

export default { meta: { name: 'portal' }, rules: { 'own-tables': ownTables } };
