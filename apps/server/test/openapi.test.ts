/**
 * The OpenAPI document, generated from the endpoints' contracts, keeps every path and
 * answer of the published API (the baseline: the document as first published, spec §8's
 * routes) and passes Redocly's recommended rules.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { startTestServer, type TestServer } from './harness.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Operation = { operationId?: string } & { [key: string]: Json };
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Json> };
}

const baseline = JSON.parse(fs.readFileSync(new URL('./openapi-baseline.json', import.meta.url), 'utf8')) as Document;

/** `value` with every `$ref` to a component replaced by the component itself. */
function resolve(doc: Document, value: Json, seen: string[] = []): Json {
  if (Array.isArray(value)) return value.map((v) => resolve(doc, v, seen));
  if (!value || typeof value !== 'object') return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const name = ref.slice('#/components/schemas/'.length);
    // A recursive schema is compared by name below its first level.
    if (seen.includes(name)) return { $ref: ref };
    return resolve(doc, doc.components?.schemas?.[name] ?? { missing: ref }, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(doc, v, seen)]));
}

/**
 * Where `now` drops or changes something `before` had (null: nothing). Objects may gain
 * keys (a new optional field, a new answer) and an answer may require more fields (callers
 * receive more); other lists (`enum`, `anyOf`, a request's `required`) must stay as they
 * were, since a new required input or a lost choice breaks callers.
 */
function firstLoss(before: Json, now: Json, at = ''): string | null {
  if (Array.isArray(before)) {
    const grows = at.includes('.responses.') && at.endsWith('.required');
    const same = Array.isArray(now) && (grows ? now.length >= before.length : now.length === before.length);
    if (!same) return `${at}: ${JSON.stringify(before)} → ${JSON.stringify(now)}`;
    if (grows)
      return before.every((v) => now.includes(v)) ? null : `${at}: ${JSON.stringify(before)} → ${JSON.stringify(now)}`;
    for (const [i, v] of before.entries()) {
      const loss = firstLoss(v, now[i]!, `${at}[${i}]`);
      if (loss) return loss;
    }
    return null;
  }
  if (before && typeof before === 'object') {
    if (!now || typeof now !== 'object' || Array.isArray(now)) return `${at}: no longer an object`;
    for (const [key, v] of Object.entries(before)) {
      if (!(key in now)) return `${at}.${key}: gone`;
      const loss = firstLoss(v, now[key]!, `${at}.${key}`);
      if (loss) return loss;
    }
    return null;
  }
  return before === now ? null : `${at}: ${JSON.stringify(before)} → ${JSON.stringify(now)}`;
}

let s: TestServer;
let doc: Document;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await s.api<Document>('GET', '/api/openapi.json')).body;
});
afterAll(() => s?.stop());

describe('the OpenAPI document', () => {
  it('keeps every published path, input and answer; changes are only additions', () => {
    for (const [path, operations] of Object.entries(baseline.paths)) {
      for (const [method, before] of Object.entries(operations)) {
        const now = doc.paths[path]?.[method];
        expect(now, `${method} ${path}`).toBeDefined();
        expect(firstLoss(resolve(baseline, before), resolve(doc, now!)), `${method} ${path}`).toBeNull();
      }
    }
  });

  it('names every operation once, for generated clients', () => {
    const names = Object.values(doc.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(names.length).toBeGreaterThanOrEqual(132);
    for (const name of names) expect(name).toMatch(/^[a-z][A-Za-z0-9]+$/);
    expect(new Set(names).size).toBe(names.length);
  });

  /**
   * Operations that cannot meet a rule by nature, each named: the single sign-on
   * redirects a browser follows (302 only, no 2xx), and the login page's list of sign-in
   * ways (configuration only: nothing to refuse, no 4xx).
   */
  const EXPECTED_PROBLEMS = new Set([
    'operation-2xx-response #/paths/~1api~1auth~1oidc~1start~1/get/responses',
    'operation-2xx-response #/paths/~1api~1auth~1oidc~1callback~1/get/responses',
    'operation-2xx-response #/paths/~1api~1auth~1oidc~1logout~1/get/responses',
    'operation-4xx-response #/paths/~1api~1auth~1sso~1/get/responses',
  ]);

  it("passes Redocly's recommended rules", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The spec's paths end in a slash (spec §8), and its literal segments sit beside
        // numeric ids (`/leaves/types/{id}/` and `/leaves/{id}/decision/`); the router
        // prefers literal segments and ids are digits only, so no URL is ambiguous.
        'no-path-trailing-slash': 'off',
        'no-ambiguous-paths': 'off',
      },
    });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: '/openapi.json', config });
    expect(
      problems
        .filter((p) => !EXPECTED_PROBLEMS.has(`${p.ruleId} ${p.location[0]?.pointer ?? ''}`))
        .map((p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer ?? ''}`),
    ).toEqual([]);
  });
});
