/**
 * The attacker's fuzz, generated from the OpenAPI document of a running server:
 * every route with a JSON body, query or path parameter gets hostile values in each field
 * (NUL, lone surrogates, RTL overrides, 1 MB strings, numbers at and past every integer
 * boundary, loosely written numbers, wrong types, 10,000 levels of nesting, broken bodies
 * and encodings), chosen by fast-check from a fixed seed. A new route is fuzzed without
 * editing this file: its fields and types come from the document.
 *
 * Every answer must be below 500 and, when refused, the API's error shape with nothing of
 * the server's insides; input the document itself forbids (a type, bound, pattern, enum,
 * length, required or unknown field; a path id not in canonical digits) must be refused;
 * and a refused request (4xx) must change nothing in the database.
 * Failures are collected per route (route, field, input, status, body, the server's logged
 * error) rather than shrunk, so one run lists everything still wrong.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../src/features/auth/sessions.repository.js';
import { newSessionId, signAccessToken } from '../src/features/auth/tokens.js';
import { dateKind, dateRanges } from './contract-bounds.js';
import { factories, TINY_PNG } from './factories.js';
import { startTestServer } from './harness.js';

const SEED = 20_261_123;
/** Random inputs per route, after the sweep of every named class (`sweep`). */
const RUNS_PER_ROUTE = 30;
/** Per route; with ~22 routes the file stays well under two minutes even on a slow machine. */
const ROUTE_BUDGET_MS = 4_000;
const REQUEST_TIMEOUT_MS = 15_000;

/** Routes never fuzzed, and why. */
const SKIP: Record<string, string> = {
  'POST /api/auth/jwt/logout/': 'ends the caller’s session',
};

/**
 * Writes a refusal makes on purpose: a wrong password (at login or an agent's enrolment,
 * or the old one when changing it) is counted for throttling and audited; that is the point of the 400. Only
 * a refusal on that field may write, and only there; nothing else may write when it refuses.
 */
const WRITES_ON_REFUSAL: Record<string, { status: number; field: string; tables: string[]; events: string[] }> = {
  'POST /api/auth/jwt/login/': {
    status: 400,
    field: 'non_field_errors',
    tables: ['login_failures'],
    events: ['auth.login_failed'],
  },
  // The agent's enrolment checks the password exactly as sign-in does.
  'POST /api/it/agents/enroll/': {
    status: 400,
    field: 'non_field_errors',
    tables: ['login_failures'],
    events: ['auth.login_failed'],
  },
  // A refused passkey is counted and audited exactly as a wrong password is.
  'POST /api/auth/passkeys/login/': {
    status: 400,
    field: 'non_field_errors',
    tables: ['login_failures'],
    events: ['auth.login_failed'],
  },
  'POST /api/auth/change_password/': {
    status: 400,
    field: 'old_password',
    tables: ['login_failures'],
    events: ['auth.password_change_failed'],
  },
};

// ---------------------------------------------------------------------------------------
// The OpenAPI document → routes and their fields

interface Schema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  maxItems?: number;
  additionalProperties?: unknown;
  default?: unknown;
}

interface Field {
  in: 'path' | 'query' | 'body';
  name: string;
  schema: Schema;
  required: boolean;
}

interface Route {
  key: string;
  method: string;
  /** OpenAPI path, `{id}` placeholders. */
  path: string;
  fields: Field[];
  /** The JSON body's schema (multipart-only bodies are not fuzzed). */
  body?: Schema;
}

interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}

function routesFrom(doc: OpenApiDoc): Route[] {
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const target = doc.components?.schemas?.[name];
    if (!target) throw new Error(`unresolved ${schema.$ref}`);
    return resolve(target);
  };
  const deref = (schema: Schema): Schema => {
    const s = resolve(schema);
    return {
      ...s,
      ...(s.properties
        ? { properties: Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, deref(v)])) }
        : {}),
      ...(s.items ? { items: deref(s.items) } : {}),
      ...(s.anyOf ? { anyOf: s.anyOf.map(deref) } : {}),
      ...(s.oneOf ? { oneOf: s.oneOf.map(deref) } : {}),
    };
  };
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase();
      const key = `${method} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
      const fields: Field[] = [];
      for (const p of op.parameters ?? []) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        fields.push({ in: p.in, name: p.name, schema: deref(p.schema), required: Boolean(p.required) });
      }
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const body = bodySchema ? deref(bodySchema) : undefined;
      if (body) {
        for (const [name, schema] of Object.entries(body.properties ?? {})) {
          fields.push({ in: 'body', name, schema, required: (body.required ?? []).includes(name) });
        }
      }
      routes.push({ key, method, path, fields, body });
    }
  }
  return routes;
}

// ---------------------------------------------------------------------------------------
// Baseline (schema-valid where we can) values, so one hostile field reaches deep code

function typesOf(schema: Schema): string[] {
  if (schema.enum) return ['enum'];
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf)!.flatMap(typesOf);
  return [schema.type ?? 'any'].flat();
}

function patternOf(schema: Schema): RegExp | undefined {
  if (!schema.pattern) return undefined;
  try {
    return new RegExp(schema.pattern, 'u');
  } catch {
    return new RegExp(schema.pattern);
  }
}

function fitsString(schema: Schema, v: string): boolean {
  const n = [...v].length;
  if (schema.minLength !== undefined && n < schema.minLength) return false;
  if (schema.maxLength !== undefined && n > schema.maxLength) return false;
  return patternOf(schema)?.test(v) ?? true;
}

/**
 * Plausible values for a field, best guess first: what the schema allows (enum values,
 * bounds, pattern, format), then common shapes the schema cannot express (an https link,
 * a portal path). `calibrate` picks, per field, the first one the server accepts.
 */
function candidates(schema: Schema, seq: number): unknown[] {
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.flatMap((b) => candidates(b, seq));
  switch ([schema.type].flat()[0]) {
    case 'null':
      return [null];
    case 'integer':
    case 'number': {
      const low =
        schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Math.floor(schema.exclusiveMinimum) + 1 : 1);
      return [Math.min(low, schema.maximum ?? low)];
    }
    case 'boolean':
      return [false, true];
    case 'array': {
      const items = schema.items ? candidates(schema.items, seq).map((c) => [c]) : [];
      return (schema.minItems ?? 0) > 0 ? items : [[], ...items];
    }
    case 'object':
      return [Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, candidates(v, seq)[0]]))];
    default: {
      const email = `fuzz.${seq}@example.com`;
      const dates = [new Date(Date.now() - 86_400_000).toISOString(), new Date().toISOString()];
      const strings = [
        ...(schema.format === 'email' ? [email] : schema.format === 'date-time' ? dates : []),
        `Fuzz-Base#Value-${seq}`, // also a password the policy accepts
        `fuzz-${seq}`,
        email,
        ...dates,
        '+20 100 000',
        'https://example.com/fuzz.png',
        '/ticket/1',
        // Days, times of day and months for fields with those patterns (a date field had no
        // candidate that fit, so its route was never reached past validation).
        ...[1, 7, 14, 30, 60].map((d) => new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10)),
        '09:00',
        '17:00',
        new Date().toISOString().slice(0, 7),
        '1',
        'x',
      ];
      const fitting = strings.filter((c) => fitsString(schema, c));
      return fitting.length ? fitting : ['x'];
    }
  }
}

/** Per field (`body.name`, `query.name`): which candidate the baseline uses, or leave it out. */
type Choices = Map<string, number | 'omit'>;

// ---------------------------------------------------------------------------------------
// Hostile values

/** A JSON fragment sent verbatim (numbers JSON.stringify cannot write, `__proto__` keys, depth). */
class Raw {
  constructor(readonly json: string) {}
}

/** Text for a path or query value that is already percent-encoded (malformed on purpose). */
class RawUrl {
  constructor(readonly text: string) {}
}

/** A query parameter sent twice (an array where a scalar is expected). */
class Repeated {
  constructor(readonly values: string[]) {}
}

const MB_STRING = 'a'.repeat(1_000_000);
const NESTED_ARRAYS = new Raw('['.repeat(10_000) + ']'.repeat(10_000));
const NESTED_OBJECTS = new Raw('{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000));
const URL_LONG = 'a'.repeat(8 * 1024);

const HOSTILE_TEXT = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00',
  'x\ud800y',
  '\udc00\ud800',
  '\u202egnp.exe',
  'abc\u202edef',
  '\u200b',
  '\ufeff',
  '\u2028\u2029',
  '😀',
  'e\u0301',
  '',
  ' ',
  '%00',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '=cmd|" /C calc"!A0',
];

const NUMBER_TEXT = [
  '0',
  '-1',
  '-0',
  '2147483647',
  '2147483648',
  '-2147483648',
  '-2147483649',
  '9007199254740991',
  '9007199254740992',
  '9007199254740993',
  '99999999999999999999999',
  '1e308',
  '1e309',
  'NaN',
  'Infinity',
  '0x35',
  '+53',
  ' 53',
  '53 ',
  '5.3e1',
  '053',
  '0b110101',
  '1_000',
  '٥٣',
  '５３',
  '53\u0000',
  '1.5',
];

const JSON_NUMBERS: unknown[] = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  -(2 ** 31) - 1,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  -1e308,
  0.5,
  Number.MIN_VALUE,
  new Raw('1e400'),
  new Raw('-1e400'),
  new Raw('123456789012345678901234567890'),
  new Raw('-0'),
  new Raw('2147483648.0'),
];

const WRONG_TYPES: unknown[] = [
  true,
  false,
  null,
  {},
  { a: 'b' },
  [],
  ['a'],
  [1, 2],
  { $ne: null },
  new Raw('{"__proto__":{"admin":true}}'),
  new Raw('{"constructor":{"prototype":{"admin":true}}}'),
  new Raw(`[${Array(100_000).fill('1').join(',')}]`),
  NESTED_ARRAYS,
  NESTED_OBJECTS,
];

/** Code units worth mixing into random strings: the ones that broke things before, and any. */
const unit = fc.oneof(
  fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\u202e', '\u200f', '\ufeff', '"', '\\', '%', '&'),
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.constantFrom('a', '1', ' ', '.'),
);
const randomText = fc.string({ unit, maxLength: 48 });

/** Strings at and just past the field's length limits (in code points, and in UTF-16 units). */
function lengthEdges(schema: Schema): string[] {
  const max = schema.maxLength ?? 64;
  const min = schema.minLength ?? 0;
  return [
    'a'.repeat(max),
    'a'.repeat(max + 1),
    '😀'.repeat(max), // max code points, twice as many UTF-16 units
    ...(min > 0 ? ['a'.repeat(min - 1)] : []),
  ];
}

/** Hostile values for a JSON body field; same-type values weigh more. */
function bodyValue(field: Field): fc.Arbitrary<unknown> {
  const types = typesOf(field.schema);
  const numeric = types.includes('integer') || types.includes('number');
  const text = types.includes('string') || types.includes('enum');
  return fc.oneof(
    { weight: text ? 4 : 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT, MB_STRING, `${MB_STRING}\u0000`) },
    { weight: 1, arbitrary: fc.constantFrom(...lengthEdges(field.schema)) },
    { weight: text ? 3 : 1, arbitrary: randomText },
    { weight: numeric ? 4 : 1, arbitrary: fc.constantFrom(...JSON_NUMBERS) },
    { weight: numeric ? 3 : 1, arbitrary: fc.constantFrom(...NUMBER_TEXT) },
    {
      weight: 1,
      arbitrary: fc.oneof(
        fc.integer(),
        fc.double(),
        fc.bigInt().map((b) => new Raw(String(b))),
      ),
    },
    { weight: 3, arbitrary: fc.constantFrom(...WRONG_TYPES) },
    { weight: 1, arbitrary: fc.array(fc.oneof(randomText, fc.constantFrom(...JSON_NUMBERS)), { maxLength: 4 }) },
  );
}

/**
 * A real record's id written loosely ("0x35", " 53", "5.3e1", "+53" for 53): a lenient
 * parser would find the record and answer 2xx, which only a real id can reveal.
 */
function looseForms(id: string): string[] {
  const n = Number(id);
  const arabic = id.replace(/[0-9]/g, (d) => String.fromCharCode(0x660 + Number(d)));
  return [
    `0x${n.toString(16)}`,
    `0o${n.toString(8)}`,
    `0b${n.toString(2)}`,
    ` ${id}`,
    `${id} `,
    `\t${id}`,
    `+${id}`,
    `0${id}`,
    `${id}.0`,
    `${n / 10}e1`,
    `${id}e0`,
    `${id}abc`,
    arabic,
  ];
}

/** Hostile values for a path or query value: within URL limits (8 KB). */
function urlValue(field: Field, recordIds: string[]): fc.Arbitrary<unknown> {
  const loose = recordIds.flatMap(looseForms);
  const malformed = ['%', '%zz', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%00', '%FF', '%E2%80%AE', '%2e%2e', '%2F'];
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT, URL_LONG, `${URL_LONG}\u0000`) },
    { weight: 1, arbitrary: fc.constantFrom(...lengthEdges(field.schema)) },
    { weight: 4, arbitrary: fc.constantFrom(...NUMBER_TEXT) },
    { weight: 2, arbitrary: randomText },
    { weight: 2, arbitrary: fc.constantFrom(...malformed.map((m) => new RawUrl(m))) },
    {
      weight: field.in === 'query' ? 1 : 0,
      arbitrary: fc.constantFrom(new Repeated(['1', '2']), new Repeated(['\u0000', 'x'])),
    },
    {
      weight: field.in === 'path' && loose.length ? 4 : 0,
      arbitrary: fc.constantFrom(...(loose.length ? loose : ['x'])),
    },
  );
}

/** Whole-body attacks: the body or its encoding is wrong, whatever the fields. */
const WHOLE_BODIES: { label: string; body: string | Buffer; type?: string; refuse: boolean }[] = [
  { label: 'null', body: 'null', refuse: true },
  { label: 'array', body: '[]', refuse: true },
  { label: 'string', body: '"x"', refuse: true },
  { label: 'number', body: '123', refuse: true },
  { label: 'not JSON', body: 'not json', refuse: true },
  { label: 'truncated', body: '{"a":', refuse: true },
  { label: 'empty', body: '', refuse: true },
  { label: 'duplicate keys', body: '{"a":1,"a":2}', refuse: false },
  { label: 'nested arrays ×10,000', body: NESTED_ARRAYS.json, refuse: true },
  { label: 'nested objects ×10,000', body: NESTED_OBJECTS.json, refuse: false },
  { label: '__proto__', body: '{"__proto__":{"admin":true}}', refuse: true },
  {
    label: '20,000 keys',
    body: JSON.stringify(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]))),
    refuse: false,
  },
  { label: 'over 1 MiB', body: JSON.stringify({ a: 'a'.repeat(1024 * 1024) }), refuse: true },
  {
    label: 'invalid UTF-8',
    body: Buffer.concat([Buffer.from('{"a":"'), Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80]), Buffer.from('"}')]),
    refuse: false,
  },
  { label: 'BOM', body: '\ufeff{}', refuse: false },
  {
    label: 'UTF-16',
    body: Buffer.from('{"a":"b"}', 'utf16le'),
    type: 'application/json; charset=utf-16le',
    refuse: false,
  },
  { label: 'latin1 charset', body: '{}', type: 'application/json; charset=iso-8859-1', refuse: false },
  { label: 'text/plain', body: '{}', type: 'text/plain', refuse: true },
  { label: 'form', body: 'a=1&b=%00', type: 'application/x-www-form-urlencoded', refuse: true },
  { label: 'multipart without boundary', body: '{}', type: 'multipart/form-data', refuse: true },
  { label: 'binary type', body: TINY_PNG, type: 'application/octet-stream', refuse: true },
];

type Case =
  | { kind: 'fields'; values: Record<string, unknown> }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; value: unknown }
  | { kind: 'body'; index: number };

function caseArbitrary(route: Route, recordIds: string[]): fc.Arbitrary<Case> {
  const value = (f: Field) => (f.in === 'body' ? bodyValue(f) : urlValue(f, recordIds));
  const one = fc
    .constantFrom(...route.fields)
    .chain((f) => value(f).map((v): Case => ({ kind: 'fields', values: { [fieldId(f)]: v } })));
  const many = fc
    .record(Object.fromEntries(route.fields.map((f) => [fieldId(f), value(f)])), { requiredKeys: [] })
    .map((values): Case => ({ kind: 'fields', values }));
  const required = route.fields.filter((f) => f.required && f.in !== 'path');
  return fc.oneof(
    { weight: 8, arbitrary: one },
    { weight: 2, arbitrary: many },
    {
      weight: required.length ? 1 : 0,
      arbitrary: fc
        .constantFrom(...(required.length ? required : route.fields))
        .map((f): Case => ({ kind: 'missing', field: fieldId(f) })),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(randomText, fc.constantFrom(...WRONG_TYPES)).map((v): Case => ({ kind: 'extra', value: v })),
    },
    {
      weight: route.body ? 2 : 0,
      arbitrary: fc.integer({ min: 0, max: WHOLE_BODIES.length - 1 }).map((index): Case => ({ kind: 'body', index })),
    },
  );
}

const fieldId = (f: Field) => `${f.in}.${f.name}`;

/**
 * Every class of hostile value (NUL, lone surrogates, a bidi override, a megabyte, numbers past every range or
 * not canonical, nested values), sent to every route whatever the random draw (before it).
 */
const SWEEP_BODY: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udc00',
  '\u202egnp.exe',
  MB_STRING,
  `${MB_STRING}\u0000`,
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 53 - 1,
  2 ** 53,
  1e308,
  new Raw('1e400'),
  'NaN',
  '0x35',
  '+53',
  ' 53',
  '5.3e1',
  { a: 'b' },
  [],
  ['a'],
  NESTED_ARRAYS,
  NESTED_OBJECTS,
];
const SWEEP_URL: unknown[] = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\u202egnp.exe',
  URL_LONG,
  '0',
  '-1',
  '2147483647',
  '2147483648',
  '9007199254740991',
  '9007199254740992',
  '1e308',
  'NaN',
  '0x35',
  '+53',
  ' 53',
  '5.3e1',
  new RawUrl('%ED%A0%80'),
  new RawUrl('%zz'),
];

/**
 * The sweep as fast-check examples: each value once per route, dealt round-robin over the
 * route's body fields (or its path and query fields), and every whole-body attack.
 */
function sweep(route: Route): [Case, number][] {
  const cases: Case[] = [];
  const deal = (fields: Field[], values: unknown[]) => {
    if (fields.length)
      values.forEach((v, i) => cases.push({ kind: 'fields', values: { [fieldId(fields[i % fields.length]!)]: v } }));
  };
  deal(
    route.fields.filter((f) => f.in === 'body'),
    SWEEP_BODY,
  );
  deal(
    route.fields.filter((f) => f.in !== 'body'),
    SWEEP_URL,
  );
  if (route.body) WHOLE_BODIES.forEach((_, index) => cases.push({ kind: 'body', index }));
  return cases.map((c, i) => [c, i]);
}

// ---------------------------------------------------------------------------------------
// What the document forbids: such input must be refused (4xx), never accepted

const codePoints = (s: string) => [...s].length;

/** A string breaks the schema whether or not the server trims it first. */
function stringBreach(schema: Schema, v: string): string | null {
  const forms = [v, v.trim()];
  if (schema.minLength !== undefined && codePoints(v) < schema.minLength) return `shorter than ${schema.minLength}`;
  if (schema.maxLength !== undefined && forms.every((f) => codePoints(f) > schema.maxLength!)) {
    return `longer than ${schema.maxLength}`;
  }
  const pattern = patternOf(schema);
  if (pattern && forms.every((f) => !pattern.test(f))) return `does not match ${schema.pattern}`;
  return null;
}

function numberBreach(schema: Schema, n: number, integer: boolean): string | null {
  if (!Number.isFinite(n)) return 'not a finite number';
  if (integer && !Number.isInteger(n)) return 'not an integer';
  if (schema.minimum !== undefined && n < schema.minimum) return `below ${schema.minimum}`;
  if (schema.exclusiveMinimum !== undefined && n <= schema.exclusiveMinimum)
    return `not above ${schema.exclusiveMinimum}`;
  if (schema.maximum !== undefined && n > schema.maximum) return `above ${schema.maximum}`;
  return null;
}

/**
 * Why a JSON value breaks the documented schema, or null. Conservative: only plain
 * breaches (type, enum, bounds, pattern, length, required, unknown keys) count.
 */
function jsonBreach(schema: Schema, v: unknown): string | null {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const each = branches.map((b) => jsonBreach(b, v));
    return each.every(Boolean) ? each.join(' | ') : null;
  }
  if (schema.enum) return schema.enum.includes(v) ? null : 'not one of the enum';
  switch ([schema.type].flat()[0]) {
    case 'null':
      return v === null ? null : 'not null';
    case 'boolean':
      return typeof v === 'boolean' ? null : 'not a boolean';
    case 'integer':
    case 'number':
      return typeof v === 'number' ? numberBreach(schema, v, schema.type === 'integer') : 'not a number';
    case 'string':
      return typeof v === 'string' ? stringBreach(schema, v) : 'not a string';
    case 'array': {
      if (!Array.isArray(v)) return 'not an array';
      if (schema.maxItems !== undefined && v.length > schema.maxItems) return `more than ${schema.maxItems} items`;
      if (schema.minItems !== undefined && v.length < schema.minItems) return `fewer than ${schema.minItems} items`;
      for (const item of v) {
        const b = schema.items ? jsonBreach(schema.items, item) : null;
        if (b) return `an item ${b}`;
      }
      return null;
    }
    case 'object': {
      if (!v || typeof v !== 'object' || Array.isArray(v)) return 'not an object';
      const o = v as Record<string, unknown>;
      const missing = (schema.required ?? []).find((k) => !(k in o));
      if (missing) return `${missing} missing`;
      if (schema.additionalProperties === false) {
        const unknown = Object.keys(o).find((k) => !(k in (schema.properties ?? {})));
        if (unknown !== undefined) return `unknown field ${unknown}`;
      }
      for (const [k, x] of Object.entries(o)) {
        const b = schema.properties?.[k] ? jsonBreach(schema.properties[k], x) : null;
        if (b) return `${k} ${b}`;
      }
      return null;
    }
    default:
      return null;
  }
}

/**
 * The same for a path or query value (always text). A path integer must be canonical
 * decimal digits; a query integer is read as leniently as Number() (the house's z.coerce).
 * An empty value is not judged: a server may take it for "absent".
 */
function urlBreach(schema: Schema, where: 'path' | 'query', v: string): string | null {
  if (v === '') return null;
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const each = branches.map((b) => urlBreach(b, where, v));
    return each.every(Boolean) ? each.join(' | ') : null;
  }
  if (schema.enum) return schema.enum.map(String).includes(v) ? null : 'not one of the enum';
  const type = [schema.type].flat()[0];
  if (type === 'integer' || type === 'number') {
    if (where === 'path' && type === 'integer' && !/^-?(0|[1-9][0-9]*)$/.test(v)) return 'not canonical digits';
    return numberBreach(schema, Number(v), type === 'integer');
  }
  if (type === 'string') return stringBreach(schema, v);
  return null;
}

/** The JSON value a body value stands for (Raw fragments parsed as the server will). */
function asJson(v: unknown): unknown {
  if (v instanceof Raw) return JSON.parse(v.json);
  if (Array.isArray(v)) return v.map(asJson);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, asJson(x)]));
  return v;
}

/** Whether the schema forbids anything our hostile values include. */
function constrained(schema: Schema): boolean {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return branches.every(constrained);
  return Boolean(
    schema.enum ??
    schema.pattern ??
    schema.maxLength ??
    schema.minLength ??
    (schema.type !== undefined && schema.type !== 'string'),
  );
}

/** Why the whole request breaks the document, or null (then it may be accepted or refused). */
function requestBreach(route: Route, c: Case, values: Record<string, unknown>): string | null {
  if (c.kind === 'body') return WHOLE_BODIES[c.index]!.refuse ? `body ${WHOLE_BODIES[c.index]!.label}` : null;
  for (const f of route.fields) {
    const v = values[fieldId(f)];
    if (v === undefined) {
      if (f.required) return `${fieldId(f)} missing`;
      continue;
    }
    let b: string | null = null;
    if (f.in === 'body') b = jsonBreach(f.schema, asJson(v));
    else if (!(v instanceof Repeated) && !(v instanceof RawUrl)) {
      b = urlBreach(f.schema, f.in, typeof v === 'string' ? v : v instanceof Raw ? v.json : render(v));
    }
    if (b) return `${fieldId(f)} ${b}`;
  }
  if (c.kind === 'extra' && route.body?.additionalProperties === false) return 'unknown body field';
  return null;
}

// ---------------------------------------------------------------------------------------
// Building and sending the request

/** JSON text of a value that may hold Raw fragments. */
function render(v: unknown): string {
  if (v instanceof Raw) return v.json;
  if (Array.isArray(v)) return `[${v.map(render).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.entries(v)
      .map(([k, x]) => `${JSON.stringify(k)}:${render(x)}`)
      .join(',')}}`;
  }
  return JSON.stringify(v) ?? 'null';
}

/**
 * Percent-encodes like a browser, except that a lone surrogate (which encodeURIComponent
 * refuses) becomes its WTF-8 bytes, as an attacker would send them.
 */
function encodeText(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const next = s.charCodeAt(i + 1);
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(s.slice(i, i + 2));
      i++;
    } else if (c >= 0xd800 && c <= 0xdfff) {
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(s[i]!);
  }
  return out;
}

function urlPart(v: unknown): string {
  if (v instanceof RawUrl) return v.text;
  if (v instanceof Raw) return encodeText(v.json);
  return encodeText(typeof v === 'string' ? v : render(v));
}

interface Built {
  url: string;
  /** Why the document forbids this request (it must be refused), or null. */
  breach: string | null;
  body?: string | Buffer;
  type?: string;
  /** What the report shows. */
  label: string;
}

let requestSeq = 0;

function describeValue(v: unknown): string {
  if (v instanceof Repeated) return `repeated ${JSON.stringify(v.values)}`;
  if (v instanceof RawUrl) return `raw url ${v.text}`;
  const text = v instanceof Raw ? `raw ${v.json}` : typeof v === 'string' ? JSON.stringify(v) : render(v);
  return text.length > 80 ? `${text.slice(0, 60)}… (${text.length} chars)` : text;
}

function build(route: Route, c: Case, choices: Choices, pathCandidates: string[], pick: number): Built {
  const seq = ++requestSeq; // fresh usernames and emails, so creations do not collide
  const values: Record<string, unknown> = {};
  for (const f of route.fields) {
    if (f.in === 'path') {
      const fits = pathCandidates.filter((p) => fitsString(f.schema, p));
      values[fieldId(f)] = fits.length ? fits[pick % fits.length] : candidates(f.schema, seq)[0];
      continue;
    }
    const choice = choices.get(fieldId(f)) ?? 0;
    if (choice !== 'omit') values[fieldId(f)] = candidates(f.schema, seq)[choice];
  }
  let label: string;
  if (c.kind === 'fields') {
    Object.assign(values, c.values);
    label =
      Object.entries(c.values)
        .map(([k, v]) => `${k} = ${describeValue(v)}`)
        .join('; ') || 'baseline (no hostile field)';
  } else if (c.kind === 'missing') {
    delete values[c.field];
    label = `without ${c.field}`;
  } else if (c.kind === 'extra') {
    label = `extra field = ${describeValue(c.value)}`;
  } else label = `body: ${WHOLE_BODIES[c.index]!.label}`;

  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => urlPart(values[`path.${name}`]));
  const query: string[] = [];
  for (const f of route.fields.filter((x) => x.in === 'query')) {
    const v = values[fieldId(f)];
    if (v === undefined) continue;
    for (const one of v instanceof Repeated ? v.values : [v])
      query.push(`${encodeURIComponent(f.name)}=${urlPart(one)}`);
  }
  const extraValue = c.kind === 'extra' ? c.value : undefined;
  if (c.kind === 'extra' && !route.body) query.push(`fuzz_extra=${urlPart(extraValue)}`);
  const url = path + (query.length ? `?${query.join('&')}` : '');
  const breach = requestBreach(route, c, values);

  if (!route.body) return { url, breach, label };
  if (c.kind === 'body') {
    const whole = WHOLE_BODIES[c.index]!;
    return { url, breach, body: whole.body, type: whole.type ?? 'application/json', label };
  }
  const body: Record<string, unknown> = {};
  for (const f of route.fields.filter((x) => x.in === 'body')) {
    if (values[fieldId(f)] !== undefined) body[f.name] = values[fieldId(f)];
  }
  if (c.kind === 'extra') body.fuzz_extra = extraValue;
  return { url, breach, body: render(body), type: 'application/json', label };
}

interface Answer {
  status: number;
  text: string;
  json: unknown;
}

async function send(baseUrl: string, method: string, b: Built, token: string): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (b.type) headers['content-type'] = b.type;
  try {
    const res = await fetch(baseUrl + b.url, {
      method,
      headers,
      body: typeof b.body === 'string' || b.body === undefined ? b.body : new Uint8Array(b.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, text, json };
  } catch (err) {
    // No answer at all (reset, hang): as bad as a 500.
    return { status: 599, text: `no response: ${(err as Error).message}`, json: undefined };
  }
}

/** Text that only the server's insides would produce. */
const INTERNALS =
  /\n\s+at |\bat [\w.<>]+ \(|[\w/\\.-]+\.(?:ts|js|mjs|cjs):\d+|\/work\/|\/home\/|node_modules|file:\/\/|invalid input syntax|out of range for type|violates|syntax error at|relation "|ZodError|Error: /;

function shapeProblem(a: Answer): string | null {
  const body = a.json as { message?: unknown; extra?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return 'not a JSON object';
  if (typeof body.message !== 'string') return 'no string message';
  if (INTERNALS.test(a.text)) return 'leaks internals';
  if (body.extra !== undefined) {
    const fields = (body.extra as { fields?: unknown }).fields;
    if (fields !== undefined && (typeof fields !== 'object' || fields === null)) return 'extra.fields not an object';
  }
  return null;
}

// ---------------------------------------------------------------------------------------
// The test

const s = await startTestServer();
const startedAt = Date.now();
afterAll(() => s.stop());
const routes = routesFrom((await s.api<OpenApiDoc>('GET', '/api/openapi.json')).body);
const fuzzed = routes.filter((r) => r.fields.length > 0 && !SKIP[r.key]);

const FINGERPRINTED = [
  'users',
  'sessions',
  'login_failures',
  'ws_tickets',
  'notifications',
  'notification_reads',
  'tickets',
  'ticket_replies',
  'ticket_attachments',
  'portal_settings',
  'shifts',
  'staffing_requirements',
];

/**
 * What a refusal must not change: a digest of every row of the main tables (catches
 * updates, not only inserts), the files count and the last event-log id. (rate_limits is
 * left out: counting refused attempts is its job.)
 */
async function snapshot(): Promise<Record<string, string>> {
  const digests = FINGERPRINTED.map(
    (t) => `(select md5(coalesce(string_agg(x::text, ',' order by x::text), '')) from ${t} x) as ${t}`,
  );
  const { rows } = await sql
    .raw<Record<string, unknown>>(
      `select ${digests.join(', ')}, (select count(*) || '/' || coalesce(max(id), 0) from files) as files,
       (select coalesce(max(id), 0)::text from event_logs) as last_event`,
    )
    .execute(s.database.db);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, String(v)]));
}

interface Caller {
  token: string;
  sessionId: string;
}

/**
 * An ADMIN with a session made straight in the database (no login: the fuzz's refused
 * logins would throttle it). Remade whenever a fuzzed request happens to demote,
 * deactivate or sign out the current one, so later routes still run as ADMIN.
 */
async function newAdmin(): Promise<Caller> {
  const user = await factories(s.database.db).user({ user_type: 'ADMIN' });
  const sessionId = newSessionId();
  const { token, expiresAt } = await signAccessToken(s.app.ctx.tokens, user.id, sessionId);
  await createSession(s.database.db, { id: sessionId, userId: user.id, expiresAt, ip: '127.0.0.1', userAgent: 'fuzz' });
  return { token, sessionId };
}

async function stillAdmin(c: Caller): Promise<boolean> {
  const { rows } = await sql<{ ok: boolean }>`
    select exists(
      select 1 from sessions s join users u on u.id = s.user_id
      where s.id = ${c.sessionId} and s.revoked_at is null and s.expires_at > now()
        and u.is_active and u.user_type = 'ADMIN'
    ) as ok`.execute(s.database.db);
  return rows[0]!.ok;
}

async function eventsSince(lastId: string): Promise<string[]> {
  const { rows } = await sql<{
    action: string;
  }>`select action from event_logs where id > ${lastId} order by id`.execute(s.database.db);
  return rows.map((r) => r.action);
}

/** The error the server logged for a 5xx (its message only), to say where it broke. */
function loggedError(fromLine: number): string | undefined {
  for (const line of s.logs.slice(fromLine)) {
    if (!line.includes('"level":50')) continue;
    try {
      const entry = JSON.parse(line) as { err?: { type?: string; message?: string; code?: string }; msg?: string };
      return [entry.err?.type, entry.err?.code, entry.err?.message ?? entry.msg]
        .filter(Boolean)
        .join(' ')
        .slice(0, 200);
    } catch {
      return line.slice(0, 200);
    }
  }
  return undefined;
}

interface Failure {
  input: string;
  status: number;
  problem: string;
  body: string;
  logged?: string;
}

/**
 * Finds a baseline the server accepts, from the document alone: send it, and for every
 * field a 400 names, move to that field's next candidate (an optional field that fits
 * none is left out). A hostile value in one field then meets otherwise valid input, so it
 * reaches the service and the database, not only the validator.
 */
async function calibrate(route: Route): Promise<Choices> {
  const choices: Choices = new Map();
  const baselineCase: Case = { kind: 'fields', values: {} };
  for (let attempt = 0; attempt < 16; attempt++) {
    const answer = await send(
      s.url,
      route.method,
      build(route, baselineCase, choices, pathCandidates, 0),
      caller.token,
    );
    if (answer.status !== 400) break;
    const named = Object.keys((answer.json as { extra?: { fields?: object } })?.extra?.fields ?? {}).map(
      (k) => k.split('.')[0],
    );
    const blamed = route.fields.filter(
      (f) => f.in !== 'path' && named.includes(f.name) && choices.get(fieldId(f)) !== 'omit',
    );
    if (!blamed.length) break;
    for (const f of blamed) {
      const next = ((choices.get(fieldId(f)) as number | undefined) ?? 0) + 1;
      choices.set(fieldId(f), next < candidates(f.schema, 0).length ? next : f.required ? 0 : 'omit');
    }
  }
  return choices;
}

let caller: Caller;
/** Existing records' ids and names, so path parameters sometimes name a real record. */
let pathCandidates: string[];

beforeAll(async () => {
  // The scheduler's first maintenance run comes 1 s after start: let it pass, so its
  // deletions never land between a refused request's two snapshots.
  await new Promise((r) => setTimeout(r, Math.max(0, startedAt + 1_500 - Date.now())));
  caller = await newAdmin();
  const make = factories(s.database.db);
  const owner = await make.user({ user_type: 'HR' });
  const ticket = await make.ticket({ owner, files: [{ filename: 'shot.png', data: TINY_PNG }] });
  const target = await make.user({ user_type: 'RTM' });
  pathCandidates = [String(ticket.id), String(ticket.attachments[0]!.id), String(target.id), target.username, 'hr'];
});

describe('fuzz from the OpenAPI document', () => {
  it('finds the routes to fuzz in the document', () => {
    expect(fuzzed.length).toBeGreaterThan(15);
    // Every documented route with a path parameter reached the list through the document
    // (so its parameters are read from there), unless skipped with a reason.
    const withParams = s.app.apiRoutes.filter((r) => r.url.includes(':')).map((r) => `${r.method} ${r.url}`);
    expect(withParams.length).toBeGreaterThan(0);
    expect(withParams.filter((k) => !SKIP[k] && !fuzzed.some((r) => r.key === k))).toEqual([]);
  });

  for (const route of fuzzed) {
    it(`${route.key}: no 5xx, the error shape, forbidden input refused, refusals change nothing`, async () => {
      const failures: Failure[] = [];
      const allowed = WRITES_ON_REFUSAL[route.key];
      let seq = 0;
      let forbidden = 0;
      const choices = await calibrate(route);
      const seed = SEED ^ crypto.createHash('sha256').update(route.key).digest().readUInt32BE(0);
      const examples = sweep(route);
      await fc.assert(
        fc.asyncProperty(
          caseArbitrary(
            route,
            pathCandidates.filter((p) => /^[0-9]+$/.test(p)),
          ),
          fc.nat(),
          async (c, pick) => {
            seq++;
            const built = build(route, c, choices, pathCandidates, pick);
            if (built.breach) forbidden++;
            const before = await snapshot();
            const logLine = s.logs.length;
            const answer = await send(s.url, route.method, built, caller.token);
            const after = await snapshot();
            const fail = (problem: string) =>
              failures.push({
                input: built.label,
                status: answer.status,
                problem,
                body: answer.text.slice(0, 200),
                logged: answer.status >= 500 ? loggedError(logLine) : undefined,
              });

            if (answer.status >= 500) fail('5xx');
            else if (answer.status < 400 && built.breach)
              fail(`accepted, but the document forbids it: ${built.breach}`);
            else if (answer.status >= 400) {
              const shape = shapeProblem(answer);
              if (shape) fail(shape);
              const changed = Object.keys(before).filter((k) => before[k] !== after[k]);
              const fields = (answer.json as { extra?: { fields?: Record<string, unknown> } } | undefined)?.extra
                ?.fields;
              const excused =
                allowed && answer.status === allowed.status && fields?.[allowed.field] ? allowed : undefined;
              const unexcused = changed.filter((k) => !(excused && (k === 'last_event' || excused.tables.includes(k))));
              if (unexcused.length) fail(`refused but changed ${unexcused.join(', ')}`);
              if (excused && changed.includes('last_event')) {
                const stray = (await eventsSince(before.last_event!)).filter((a) => !excused.events.includes(a));
                if (stray.length) fail(`refused but recorded ${stray.join(', ')}`);
              }
            }
            if (!(await stillAdmin(caller))) caller = await newAdmin();
            return true; // failures are collected above: every input runs, none is shrunk
          },
        ),
        {
          seed,
          examples,
          numRuns: examples.length + RUNS_PER_ROUTE,
          interruptAfterTimeLimit: ROUTE_BUDGET_MS,
          markInterruptAsFailure: false,
        },
      );
      expect(seq, 'inputs tried').toBeGreaterThan(0);
      // A route whose document forbids something must have been sent some of it.
      if (route.body || route.fields.some((f) => constrained(f.schema))) {
        expect(forbidden, 'inputs the document forbids (the oracle is live)').toBeGreaterThan(0);
      }
      expect(failures).toEqual([]);
    });
  }
});

// ---------------------------------------------------------------------------------------
// Values inside the contract, at its limits: what the contract lets through
// must not break the column or the code behind it (a leave ending in 2100 overflowed
// `numeric(5,1)`: the contract accepted it, the database did not).

interface LimitCase {
  label: string;
  values: Record<string, unknown>;
}

/** Links and paths that are, or normalise into, another site's address or a script. */
const LINK_ATTACKS = [
  '/..//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/%2e%2e//evil.example',
  '/./..//evil.example/x',
  'https:evil.example',
  'javascript:alert(1)',
  'https://evil.example@portal.example',
];

/** Strings of exactly `length` characters the field accepts, in a few alphabets and shapes. */
function stringsOfLength(schema: Schema, length: number, base: unknown): string[] {
  const pad = (prefix: string, fill: string) => (prefix + fill.repeat(length)).slice(0, length);
  const at = '@example.com';
  const shapes = [
    'a'.repeat(length),
    'ع'.repeat(length), // two UTF-8 bytes each: a byte-counted limit would break here
    '9'.repeat(length),
    typeof base === 'string' ? pad(base, 'a') : '',
    length > at.length ? 'a'.repeat(length - at.length) + at : '',
  ];
  return [...new Set(shapes)].filter((v) => v.length === length && fitsString(schema, v));
}

/** The extremes of a number the schema allows; unbounded means the largest JSON can write. */
function numbersAtLimits(schema: Schema, integer: boolean): number[] {
  const top = schema.maximum ?? (integer ? Number.MAX_SAFE_INTEGER : Number.MAX_VALUE);
  const bottom =
    schema.minimum ??
    (schema.exclusiveMinimum !== undefined
      ? integer
        ? Math.floor(schema.exclusiveMinimum) + 1
        : schema.exclusiveMinimum === 0
          ? Number.MIN_VALUE
          : schema.exclusiveMinimum + Math.abs(schema.exclusiveMinimum) * 4 * Number.EPSILON
      : integer
        ? Number.MIN_SAFE_INTEGER
        : -Number.MAX_VALUE);
  return [...new Set([top, bottom])];
}

/** Values of one field at its limits (nested objects and arrays too), with what each is. */
function limitValues(
  schema: Schema,
  name: string,
  base: unknown,
  asText: boolean,
): { label: string; value: unknown }[] {
  const out: { label: string; value: unknown }[] = [];
  const walk = (sch: Schema, key: string, b: unknown, set: (v: unknown) => unknown, label: string) => {
    const branches = sch.anyOf ?? sch.oneOf;
    if (branches) return branches.forEach((x) => walk(x, key, b, set, label));
    if (sch.enum) return;
    const type = [sch.type].flat()[0];
    if (type === 'integer' || type === 'number') {
      for (const n of numbersAtLimits(sch, type === 'integer'))
        out.push({ label: `${label} = ${n}`, value: set(asText ? String(n) : n) });
      return;
    }
    if (type === 'string') {
      if (dateKind(sch)) {
        for (const r of dateRanges(key, sch)) {
          out.push({ label: `${label} = ${r.earliest}`, value: set(r.earliest) });
          out.push({ label: `${label} = ${r.latest}`, value: set(r.latest) });
        }
        return;
      }
      // A field that holds a link or a portal path gets the forms that normalise into another
      // site's address ("/..//evil.example" → "//evil.example"), which its parser must refuse.
      if (typeof b === 'string' && /^(\/|https?:)/.test(b)) {
        for (const v of LINK_ATTACKS) if (fitsString(sch, v)) out.push({ label: `${label} = ${v}`, value: set(v) });
      }
      const lengths = [sch.maxLength, sch.minLength].filter((n): n is number => n !== undefined && n > 0);
      for (const n of lengths)
        for (const v of stringsOfLength(sch, n, b))
          out.push({ label: `${label} = ${JSON.stringify(v[0])}×${n}`, value: set(v) });
      return;
    }
    if (type === 'array' && sch.items) {
      const item = Array.isArray(b) && b.length ? b[0] : candidates(sch.items, 0)[0];
      walk(sch.items, key, item, (v) => set([v]), `${label}[]`);
      if (sch.maxItems !== undefined && sch.maxItems <= 10_000)
        out.push({ label: `${label} with ${sch.maxItems} items`, value: set(Array(sch.maxItems).fill(item)) });
      return;
    }
    if (type === 'object' && sch.properties) {
      const obj = (b && typeof b === 'object' && !Array.isArray(b) ? b : candidates(sch, 0)[0]) as Record<
        string,
        unknown
      >;
      for (const [k, prop] of Object.entries(sch.properties))
        walk(prop, k, obj[k], (v) => set({ ...obj, [k]: v }), `${label}.${k}`);
    }
  };
  walk(schema, name, base, (v) => v, name);
  return out;
}

/** The route's date fields together (spans), then every field at each of its limits. */
function limitCases(route: Route, choices: Choices): LimitCase[] {
  const cases: LimitCase[] = [];
  const baseOf = (f: Field) => {
    const choice = choices.get(fieldId(f)) ?? 0;
    return choice === 'omit' ? undefined : candidates(f.schema, 0)[choice];
  };
  const fields = route.fields.filter((f) => f.in !== 'path');
  // Dates together first, before any accepted case takes the days (a second leave over
  // the same days is refused as an overlap): the widest spans, which is where derived
  // values (a leave's working days) are largest — from past the baseline's days, and from
  // the earliest day, to the latest — then all at the earliest, all at the latest.
  const dated = fields.filter((f) => dateKind(f.schema));
  if (dated.length > 1) {
    const ranges = dated.map((f) => dateRanges(f.name, f.schema)[0]);
    const baseDays = dated
      .map(baseOf)
      .filter((v): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v));
    const pastBaseline = baseDays.length
      ? new Date(Date.parse(baseDays.sort().at(-1)!) + 86_400_000).toISOString().slice(0, 10)
      : undefined;
    if (ranges.every(Boolean)) {
      const together = (label: string, pick: (i: number) => unknown) =>
        cases.push({ label, values: Object.fromEntries(dated.map((f, i) => [fieldId(f), pick(i)])) });
      if (pastBaseline)
        together('dates from past the baseline to the latest', (i) => (i === 0 ? pastBaseline : ranges[i]!.latest));
      together('dates from the earliest to the latest', (i) => (i === 0 ? ranges[0]!.earliest : ranges[i]!.latest));
      together('dates all earliest', (i) => ranges[i]!.earliest);
      together('dates all latest', (i) => ranges[i]!.latest);
    }
  }
  for (const f of fields) {
    for (const v of limitValues(f.schema, f.name, baseOf(f), f.in !== 'body'))
      cases.push({ label: `${f.in} ${v.label}`, values: { [fieldId(f)]: v.value } });
  }
  return cases;
}

/** Sends each case over the calibrated baseline; every answer must be below 500 and well shaped. */
async function sendAll(route: Route, choices: Choices, cases: LimitCase[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const c of cases) {
    const built = build(route, { kind: 'fields', values: c.values }, choices, pathCandidates, 0);
    const logLine = s.logs.length;
    const answer = await send(s.url, route.method, built, caller.token);
    const problem = answer.status >= 500 ? '5xx' : answer.status >= 400 ? shapeProblem(answer) : null;
    if (problem)
      failures.push({
        input: c.label,
        status: answer.status,
        problem,
        body: answer.text.slice(0, 200),
        logged: answer.status >= 500 ? loggedError(logLine) : undefined,
      });
    if (!(await stillAdmin(caller))) caller = await newAdmin();
  }
  return failures;
}

describe('values inside the contract at its limits', () => {
  const bounded = fuzzed.filter((r) => r.fields.some((f) => f.in !== 'path'));

  it('finds limits to try', () => {
    const leaves = bounded.find((r) => r.key === 'POST /api/leaves/');
    expect(leaves).toBeDefined();
    // The leave's days come from the contract's own refinement, not from the document.
    expect(limitCases(leaves!, new Map()).map((c) => c.label)).toContain('dates from the earliest to the latest');
  });

  for (const route of bounded) {
    it(`${route.key}: no 5xx at the contract's limits`, async () => {
      const choices = await calibrate(route);
      const cases = limitCases(route, choices);
      expect(await sendAll(route, choices, cases)).toEqual([]);
    });
  }
});

describe('repeated query parameters', () => {
  const queried = fuzzed.filter((r) => r.fields.some((f) => f.in === 'query'));

  it('finds the routes with a query contract', () => {
    expect(queried.length).toBeGreaterThan(10);
  });

  for (const route of queried) {
    it(`${route.key}: ?x=a&x=b on every parameter, no 5xx`, async () => {
      const choices = await calibrate(route);
      const query = route.fields.filter((f) => f.in === 'query');
      const text = (f: Field) => {
        const v = candidates(f.schema, 0)[(choices.get(fieldId(f)) as number | undefined) ?? 0];
        return typeof v === 'string' ? v : JSON.stringify(v);
      };
      const cases: LimitCase[] = query.flatMap((f) => [
        { label: `${f.name} twice, the same`, values: { [fieldId(f)]: new Repeated([text(f), text(f)]) } },
        { label: `${f.name} twice, different`, values: { [fieldId(f)]: new Repeated([text(f), 'b']) } },
        { label: `${f.name} twice, one empty`, values: { [fieldId(f)]: new Repeated([text(f), '']) } },
        { label: `${f.name} three times`, values: { [fieldId(f)]: new Repeated(['a', 'b', 'c']) } },
      ]);
      cases.push({
        label: 'every parameter twice',
        values: Object.fromEntries(query.map((f) => [fieldId(f), new Repeated([text(f), text(f)])])),
      });
      expect(await sendAll(route, choices, cases)).toEqual([]);
    });
  }
});
