/**
 * Every value a request contract accepts fits the column it is stored in (once a
 * leave ending in 2100 passed the contract, then its 19,325 working days overflowed
 * `numeric(5,1)` as a 500). Generated: the columns come from information_schema after the
 * migrations ran on a real (embedded) database; the request fields from the OpenAPI
 * document of a running server (lengths and numeric bounds) and from the zod schemas (a
 * date's range is a refinement only the schema knows: contract-bounds.ts).
 *
 * A field is matched to a column of the route's table by its name; the table is the one
 * whose name the route's path spells (`/api/leaves/types/` → leave_types), or ROUTE_TABLES
 * says. A field stored under another name is in FIELD_COLUMNS. Strings, numbers and dates
 * that match no column are listed in NOT_STORED with the reason, so leaving one out is a
 * decision and a new field must be placed. (Booleans and enums fit any column they go to.)
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { ZCreateLeaveRequest } from '@portal/contracts';
import { acceptedRange, dateKind, dateRanges, type FieldSchema } from './contract-bounds.js';
import { startTestServer } from './harness.js';

/** Routes whose path does not spell their table. */
const ROUTE_TABLES: Record<string, string> = {
  'POST /api/auth/me/': 'users',
  'POST /api/user/create-admin/': 'users',
  'POST /api/user/create_ticket/': 'tickets',
  'PUT /api/user/active-tickets/{ticket}/': 'ticket_replies',
  'POST /api/user/tickets/bulk/': 'tickets',
  'POST /api/leaves/inbox/decisions/': 'leave_events',
  'PUT /api/user/ticket-sla/': 'ticket_sla_targets',
  'PUT /api/leaves/settings/': 'portal_settings',
  'POST /api/leaves/quote/': 'leave_requests',
  'POST /api/leaves/': 'leave_requests',
  'POST /api/leaves/{id}/decision/': 'leave_events',
  'POST /api/leaves/{id}/cancel/': 'leave_events',
  'POST /api/leaves/{id}/revoke/': 'leave_events',
  'POST /api/leaves/holidays/': 'leave_holidays',
  'PUT /api/user/interpreters/{username}/profile/': 'interpreter_profiles',
  'PUT /api/user/follow-settings/': 'follow_settings',
  'POST /api/presence/events/': 'presence_events',
  'PUT /api/wfm/staffing/': 'staffing_requirements',
  'POST /api/kpi/missing/remind/': 'kpi_reminders',
  'POST /api/it/redaction-rules/': 'it_redaction_rules',
  'POST /api/it/category-rules/': 'it_category_rules',
  'POST /api/it/agents/enroll/': 'it_agents',
  'POST /api/share/calls/': 'share_calls',
  'PUT /api/share/consent/{userName}/': 'share_consent',
  'PUT /api/reports/{id}/': 'reports',
};

/** `<route> <field>` → `table.column`, where the column has another name. */
const FIELD_COLUMNS: Record<string, string> = {
  // A WebAuthn credential's id is stored (registration) or looked up (the rest) as credential_id.
  'POST /api/auth/passkeys/registration/ credential.id': 'passkeys.credential_id',
  'POST /api/auth/passkeys/login/ assertion.id': 'passkeys.credential_id',
  'POST /api/auth/passkeys/{id}/remove/ assertion.id': 'passkeys.credential_id',
  'POST /api/auth/mfa/passkey/verify/ assertion.id': 'passkeys.credential_id',
  'POST /api/wfm/shifts/ date': 'shifts.shift_date',
  'POST /api/wfm/shifts/ start': 'shifts.start_time',
  'POST /api/wfm/shifts/ end': 'shifts.end_time',
  'PUT /api/wfm/shifts/{id}/ start': 'shifts.start_time',
  'PUT /api/wfm/shifts/{id}/ end': 'shifts.end_time',
  'PUT /api/wfm/shifts/{id}/ date': 'shifts.shift_date',
  'POST /api/kpi/records/ period': 'kpi_records.period_start',
  'POST /api/kpi/missing/remind/ items[].period': 'kpi_reminders.period_start',
  'PUT /api/user/active-tickets/{ticket}/ reply': 'ticket_replies.body',
  'POST /api/leaves/ user': 'leave_requests.user_id',
  'POST /api/leaves/ leave_type': 'leave_requests.leave_type_id',
};

/** Strings, numbers and dates no column stores as sent, and why. */
const LOOKUP = 'names an existing record (looked up, its id stored)';
const SECRET = 'a password: only its hash is stored';
const CHALLENGE = 'a sign-in challenge: its digest is looked up, never stored as sent';
const ONE_TIME_CODE = 'a one-time code: checked, never stored';
const WEBAUTHN = 'a signed WebAuthn answer: verified, only the public key and counter it proves are kept';
const NOT_STORED: Record<string, string> = {
  'POST /api/auth/jwt/login/ username': 'signs in: looked up, never stored',
  'POST /api/auth/jwt/login/ password': SECRET,
  'POST /api/auth/change_password/ old_password': 'checked against the hash, never stored',
  'POST /api/auth/change_password/ new_password': SECRET,
  'POST /api/admin/users/ password': SECRET,
  'POST /api/user/create-admin/ password': SECRET,
  'POST /api/admin/users/{id}/reset-password/ new_password': SECRET,
  'POST /api/it/agents/enroll/ username': 'signs the agent in: looked up, never stored',
  'POST /api/it/agents/enroll/ password': 'checked against the hash, never stored',
  'POST /api/kpi/missing/remind/ items[].kpi': LOOKUP,
  'POST /api/kpi/missing/remind/ items[].username': LOOKUP,
  'POST /api/kpi/records/ kpi': LOOKUP,
  'POST /api/kpi/records/ username': LOOKUP,
  'POST /api/leaves/quote/ leave_type': 'a quote: nothing is stored',
  'POST /api/leaves/quote/ user': 'a quote: nothing is stored',
  'POST /api/notifications/announce/ message': 'the text, inside notifications.params (jsonb, unbounded)',
  'POST /api/notifications/read/ data[]': LOOKUP,
  'POST /api/presence/events/ events[].username': LOOKUP,
  'POST /api/presence/heartbeat/ username': LOOKUP,
  'POST /api/reports/ remove_attachments[]': LOOKUP,
  'PUT /api/reports/{id}/ remove_attachments[]': LOOKUP,
  'POST /api/reports/ subjects[]': LOOKUP,
  'PUT /api/reports/{id}/ subjects[]': LOOKUP,
  'POST /api/reports/ supersedes': LOOKUP,
  'PUT /api/reports/{id}/ supersedes': LOOKUP,
  'POST /api/share/calls/ target': LOOKUP,
  'POST /api/share/calls/ endpoint': LOOKUP,
  'POST /api/share/calls/{id}/accept/ endpoint': LOOKUP,
  'POST /api/share/calls/{id}/decline/ note': 'the decline is announced to the caller, not stored',
  'POST /api/user/tickets/bulk/ ids[]': LOOKUP,
  'POST /api/leaves/inbox/decisions/ ids[]': LOOKUP,
  'POST /api/user/tickets/bulk/ assignee': LOOKUP,
  'PUT /api/user/active-tickets/{ticket}/ assignee': LOOKUP,
  'POST /api/wfm/shifts/ username': LOOKUP,
  'PUT /api/wfm/shifts/{id}/ username': LOOKUP,
  'POST /api/wfm/shifts/import/ csv': 'parsed into shifts, each row checked as POST /api/wfm/shifts/ is',
  'PUT /api/leaves/settings/ coverage_warning_share': 'a setting inside portal_settings.value (jsonb)',
  'PUT /api/leaves/settings/ weekend_days[]': 'a setting inside portal_settings.value (jsonb)',
  'DELETE /api/auth/mfa/totp/ code': ONE_TIME_CODE,
  'DELETE /api/auth/mfa/totp/ password': 'checked against the hash, never stored',
  'POST /api/auth/mfa/recovery-codes/ code': ONE_TIME_CODE,
  'POST /api/auth/mfa/totp/confirm/ code': ONE_TIME_CODE,
  'POST /api/auth/mfa/verify/ code': ONE_TIME_CODE,
  'POST /api/auth/oidc/exchange/ code': 'the provider hand-off code: its digest is looked up, never stored as sent',
  'POST /api/auth/mfa/passkey/options/ challenge': CHALLENGE,
  'POST /api/auth/mfa/passkey/verify/ challenge': CHALLENGE,
  'POST /api/auth/mfa/totp/confirm/ challenge': CHALLENGE,
  'POST /api/auth/mfa/totp/setup/ challenge': CHALLENGE,
  'POST /api/auth/mfa/verify/ challenge': CHALLENGE,
  'POST /api/auth/passkeys/registration/ challenge':
    'a sign-in challenge: its digest is looked up, never stored as sent',
  'POST /api/auth/passkeys/registration/options/ challenge':
    'a sign-in challenge: its digest is looked up, never stored as sent',
  'POST /api/auth/mfa/passkey/verify/ assertion.rawId': WEBAUTHN,
  'POST /api/auth/mfa/passkey/verify/ assertion.response.authenticatorData': WEBAUTHN,
  'POST /api/auth/mfa/passkey/verify/ assertion.response.clientDataJSON': WEBAUTHN,
  'POST /api/auth/mfa/passkey/verify/ assertion.response.signature': WEBAUTHN,
  'POST /api/auth/mfa/passkey/verify/ assertion.response.userHandle': WEBAUTHN,
  'POST /api/auth/passkeys/login/ assertion.rawId': WEBAUTHN,
  'POST /api/auth/passkeys/login/ assertion.response.authenticatorData': WEBAUTHN,
  'POST /api/auth/passkeys/login/ assertion.response.clientDataJSON': WEBAUTHN,
  'POST /api/auth/passkeys/login/ assertion.response.signature': WEBAUTHN,
  'POST /api/auth/passkeys/login/ assertion.response.userHandle': WEBAUTHN,
  'POST /api/auth/passkeys/{id}/remove/ assertion.rawId': WEBAUTHN,
  'POST /api/auth/passkeys/{id}/remove/ assertion.response.authenticatorData': WEBAUTHN,
  'POST /api/auth/passkeys/{id}/remove/ assertion.response.clientDataJSON': WEBAUTHN,
  'POST /api/auth/passkeys/{id}/remove/ assertion.response.signature': WEBAUTHN,
  'POST /api/auth/passkeys/{id}/remove/ assertion.response.userHandle': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.rawId': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.response.attestationObject': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.response.authenticatorData': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.response.clientDataJSON': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.response.publicKey': WEBAUTHN,
  'POST /api/auth/passkeys/registration/ credential.response.publicKeyAlgorithm': WEBAUTHN,
};

/** Derived columns: computed from a request's fields, so bounded through them. */
const DERIVED = [
  {
    column: 'leave_requests.days',
    what: 'the working days of the widest leave the contract accepts',
    max: () => widestLeaveDays(),
  },
  {
    column: 'leave_request_years.days',
    what: 'the working days of the widest leave, all in one year at most as many',
    max: () => widestLeaveDays(),
  },
];

const DAY_MS = 86_400_000;

/**
 * The most days one leave can count: the longest span ZCreateLeaveRequest accepts (from
 * its earliest first day, and from today), every calendar day counted (a portal may set no
 * weekend at all).
 */
function widestLeaveDays(): number {
  const accepts = (start: string, end: string) =>
    ZCreateLeaveRequest.safeParse({ leave_type: 1, start_date: start, end_date: end, reason: '' }).success;
  const starts = acceptedRange('date', (v) => accepts(v, v));
  const ends = acceptedRange('date', (v) => accepts(starts?.earliest ?? v, v));
  if (!starts || !ends) return 0;
  const day = (s: string) => Date.parse(`${s}T00:00:00Z`) / DAY_MS;
  const iso = (d: number) => new Date(d * DAY_MS).toISOString().slice(0, 10);
  let widest = 0;
  for (const start of [day(starts.earliest), Math.floor(Date.now() / DAY_MS)]) {
    if (!accepts(iso(start), iso(start))) continue;
    let inside = start;
    let outside = day(ends.latest) + 1;
    while (outside - inside > 1) {
      const mid = Math.trunc((inside + outside) / 2);
      if (accepts(iso(start), iso(mid))) inside = mid;
      else outside = mid;
    }
    widest = Math.max(widest, inside - start + 1);
  }
  return widest;
}

interface Column {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
}

interface RequestField {
  route: string;
  /** `events[].at`. */
  path: string;
  name: string;
  schema: FieldSchema;
}

const s = await startTestServer();
afterAll(() => s.stop());

const { rows: columnRows } = await sql<Column>`
  select table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, numeric_scale
  from information_schema.columns where table_schema = current_schema()`.execute(s.database.db);
/** Partitions (it_samples_p20261127) stand for their parent. */
const columns = columnRows.filter((c) => !/_p\d{8}$/.test(c.table_name));
const tables = [...new Set(columns.map((c) => c.table_name))];
const column = (table: string, name: string) => columns.find((c) => c.table_name === table && c.column_name === name);

interface Doc {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: FieldSchema & { $ref?: string } }> } }>
  >;
  components?: { schemas?: Record<string, FieldSchema> };
}
const doc = (await s.api<Doc>('GET', '/api/openapi.json')).body;

function deref(schema: FieldSchema & { $ref?: string }): FieldSchema {
  if (!schema.$ref) return schema;
  return deref(doc.components!.schemas![schema.$ref.split('/').pop()!]!);
}

/** The leaves (strings, numbers, dates) of every write route's JSON body. */
function requestFields(): RequestField[] {
  const out: RequestField[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (!body || method === 'get') continue;
      const route = `${method.toUpperCase()} ${path}`;
      const walk = (sch: FieldSchema, at: string, name: string) => {
        const x = deref(sch);
        const branches = (x.anyOf ?? x.oneOf)?.map(deref).filter((b) => b.type !== 'null');
        if (branches?.length) {
          // One field, several forms (an id as a number or as digits): the stored form is the
          // number, when there is one.
          const numeric = branches.find((b) => b.type === 'integer' || b.type === 'number');
          return walk(numeric ?? branches[0]!, at, name);
        }
        const type = [x.type].flat()[0];
        if (type === 'object' && x.properties) {
          for (const [k, v] of Object.entries(x.properties)) walk(v, at ? `${at}.${k}` : k, k);
          return;
        }
        if (type === 'array' && x.items) {
          const item = deref(x.items);
          if ([item.type].flat()[0] === 'object') return walk(item, `${at}[]`, name);
          if (item.enum) return;
          return out.push({ route, path: `${at}[]`, name, schema: { ...item, ...{ isArray: true } } as FieldSchema });
        }
        if (x.enum || type === 'boolean' || type === 'null') return;
        out.push({ route, path: at, name, schema: x });
      };
      walk(body, '', '');
    }
  }
  return out;
}

const singular = (w: string) => w.replace(/ies$/, 'y').replace(/s$/, '');
const words = (s: string) => s.split(/[-_/]/).filter(Boolean).map(singular);

/** The table a route writes: the one whose name its path spells best, or ROUTE_TABLES. */
function tableOf(route: string): string | undefined {
  if (ROUTE_TABLES[route]) return ROUTE_TABLES[route];
  const pathWords = words(route.split(' ')[1]!.replace(/\{\w+\}/g, ''));
  const fits = tables.filter((t) => words(t).every((w) => pathWords.includes(w)));
  return fits.sort((a, b) => words(b).length - words(a).length)[0];
}

const INT_RANGE: Record<string, [number, number]> = {
  int2: [-32768, 32767],
  int4: [-2147483648, 2147483647],
  int8: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
};

/** Why the field's accepted values do not all fit the column, or null. */
function misfit(field: RequestField, col: Column): string | null {
  const sch = field.schema;
  const isArray = (sch as { isArray?: boolean }).isArray === true;
  const udt = col.data_type === 'ARRAY' ? col.udt_name.replace(/^_/, '') : col.udt_name;
  if (col.data_type === 'ARRAY' && !isArray) return `an array column, the field is not an array`;
  const type = [sch.type].flat()[0];
  const top = sch.maximum ?? sch.exclusiveMaximum;
  const bottom = sch.minimum ?? sch.exclusiveMinimum;
  if (udt === 'varchar' || udt === 'bpchar') {
    const limit = col.character_maximum_length!;
    if (type !== 'string') return `${type} into varchar(${limit})`;
    if (sch.maxLength === undefined || sch.maxLength > limit)
      return `at most ${sch.maxLength ?? '∞'} characters into varchar(${limit})`;
    return null;
  }
  if (INT_RANGE[udt]) {
    const [lo, hi] = INT_RANGE[udt]!;
    if (type !== 'integer') return `${type} into ${udt}`;
    if (top === undefined || top > hi || bottom === undefined || bottom < lo)
      return `${bottom ?? '-∞'}…${top ?? '∞'} into ${udt} (${lo}…${hi})`;
    return null;
  }
  if (udt === 'numeric' && col.numeric_precision !== null) {
    const p = col.numeric_precision;
    const sc = col.numeric_scale ?? 0;
    const limit = 10 ** (p - sc) - 10 ** -sc / 2; // what still rounds inside
    if (type !== 'number' && type !== 'integer') return `${type} into numeric(${p},${sc})`;
    if (top === undefined || top >= limit || bottom === undefined || bottom <= -limit)
      return `${bottom ?? '-∞'}…${top ?? '∞'} into numeric(${p},${sc})`;
    return null;
  }
  if (udt === 'float4') {
    if (top === undefined || top > 3.4e38 || bottom === undefined || bottom < -3.4e38)
      return `${bottom ?? '-∞'}…${top ?? '∞'} into real`;
    return null;
  }
  if (udt === 'date' || udt === 'timestamptz' || udt === 'timestamp') {
    if (!dateKind(sch)) return `${type}${sch.pattern ? ` /${sch.pattern}/` : ''} into ${udt}`;
    // PostgreSQL's own ranges: dates to 5874897 AD, timestamps to 294276 AD, both from 4713 BC.
    const last = udt === 'date' ? '5874897-12-31' : '294276-12-31';
    for (const r of dateRanges(field.name, sch)) {
      const year = (v: string) => Number(/^[+-]?\d+/.exec(v.replace(/^(\d{4})-/, '$1 '))![0]);
      if (year(r.latest) > Number(last.split('-')[0]) || year(r.earliest) < -4712)
        return `${r.earliest}…${r.latest} outside ${udt}`;
    }
    return null;
  }
  if (udt === 'time') {
    return type === 'string' && sch.pattern ? null : `${type} without a time pattern into time`;
  }
  return null; // text, numeric without precision, jsonb: any value the contract takes
}

describe('contract bounds fit the database columns', () => {
  const fields = requestFields();
  const placed = fields.map((f) => {
    const key = `${f.route} ${f.path}`;
    const explicit = FIELD_COLUMNS[key];
    if (explicit) {
      const [t, c] = explicit.split('.');
      return { f, key, col: column(t!, c!), explicit };
    }
    const table = tableOf(f.route);
    return { f, key, col: table ? column(table, f.name) : undefined, explicit: undefined };
  });

  it('finds the columns and the request fields', () => {
    expect(tables).toEqual(expect.arrayContaining(['users', 'leave_requests', 'leave_types', 'kpi_records']));
    expect(fields.length).toBeGreaterThan(50);
  });

  it('every explicit mapping names a real column', () => {
    const missing = Object.entries(FIELD_COLUMNS)
      .filter(([, c]) => !column(c.split('.')[0]!, c.split('.')[1]!))
      .map(([k, c]) => `${k} → ${c}`);
    const noTable = Object.entries(ROUTE_TABLES)
      .filter(([, t]) => !tables.includes(t))
      .map(([k, t]) => `${k} → ${t}`);
    expect([...missing, ...noTable]).toEqual([]);
  });

  it('every string, number and date field is matched to a column, or listed as not stored', () => {
    const unmatched = placed.filter((p) => !p.col).map((p) => p.key);
    expect(unmatched.filter((k) => !NOT_STORED[k]).sort()).toEqual([]);
    // And nothing is listed that has since found its column (or gone).
    expect(Object.keys(NOT_STORED).filter((k) => !unmatched.includes(k))).toEqual([]);
  });

  it('every bound a contract accepts fits its column', () => {
    const misfits = placed
      .filter((p) => p.col)
      .map((p) => ({ p, why: misfit(p.f, p.col!) }))
      .filter((x) => x.why)
      .map((x) => `${x.p.key} → ${x.p.col!.table_name}.${x.p.col!.column_name}: ${x.why}`);
    expect(misfits).toEqual([]);
  });

  it('derived values (a leave’s day count) fit their columns', () => {
    const misfits: string[] = [];
    for (const d of DERIVED) {
      const [t, c] = d.column.split('.');
      const col = column(t!, c!);
      expect(col, d.column).toBeDefined();
      const max = d.max();
      const limit = 10 ** (col!.numeric_precision! - (col!.numeric_scale ?? 0));
      if (!(max < limit))
        misfits.push(`${d.column} (numeric(${col!.numeric_precision},${col!.numeric_scale})): ${d.what} is ${max}`);
    }
    expect(misfits).toEqual([]);
  });
});
