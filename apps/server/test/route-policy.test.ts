/**
 * The route-policy table: every /api/ route the running server registers declares who
 * may call it (`config.access` + `config.policy`), and is called here as an anonymous
 * caller, a GUEST, an INTERPRETER, a staff user outside its audience and one inside it.
 * A new route fails this test until it declares its policy and gets a row in SAMPLES.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '../src/db/schema.js';
import { factories, leaveTypeBody, TINY_PNG } from './factories.js';
import { startTestServer, type TestServer } from './harness.js';

interface Sample {
  /** The URL to call, with its parameters filled in (default: the route's own). */
  path?: string;
  body?: unknown;
  /** A staff member inside the audience (default `hr`), and what they get (default: below 400). */
  insider?: string;
  insiderStatus?: number;
  /** A staff member outside the audience, for routes whose policy names an outsider status. */
  outsider?: string;
  /** What GUEST gets on a signed-in route whose records a guest can never be part of (default: admitted). */
  guestStatus?: number;
}

let s: TestServer;
let ticketId: number;
let attachmentId: number;
let target: UserRow;
let samples: Record<string, Sample>;
/** Leave requests of an HR-department user (marketing is neither requester nor approver). */
let leaveSamples: () => Record<string, Sample>;

beforeAll(async () => {
  s = await startTestServer();
  const make = factories(s.database.db);
  // hr's ticket to the IT desk, with an attachment: marketing is neither owner nor desk.
  const hr = (await s.api('GET', '/api/users/hr/', { token: await s.login('hr') })).body as { id: number };
  const t = await make.ticket({ owner: hr, department: 'IT', files: [{ filename: 'screen.png', data: TINY_PNG }] });
  ticketId = t.id;
  attachmentId = t.attachments[0]!.id;
  target = await make.user({ user_type: 'RTM' });
  // Two canned replies of the IT desk by `it` (one to change, one to remove): marketing is off that desk.
  const itUser = (await s.api('GET', '/api/users/it/', { token: await s.login('it') })).body as {
    id: number;
    username: string;
  };
  const canned = async (shortcut: string) =>
    (
      await make.cannedReply({
        department: 'IT',
        title: `Policy ${shortcut}`,
        shortcut,
        body: 'Made by the route-policy test.',
        created_by: itUser,
      })
    ).id;
  const [cannedToChange, cannedToRemove] = [await canned('policy-change'), await canned('policy-remove')];
  const cannedBody = (shortcut: string) => ({
    department: 'IT',
    title: 'Policy check',
    shortcut,
    body: 'Made by the route-policy test.',
  });
  // Two rules of ADMIN's identity mapping: one to change and move, one to remove.
  const mappingRule = (value: string) => ({
    match_kind: 'group',
    claim: '',
    value,
    user_type: 'HR',
    is_manager: false,
    is_director: false,
  });
  const adminToken = await s.login('admin');
  const mapping = async (value: string) =>
    (
      (await s.api('POST', '/api/admin/identity-mappings/', { token: adminToken, body: mappingRule(value) })).body as {
        id: number;
      }
    ).id;
  const [mappingToChange, mappingToRemove] = [await mapping('Policy change'), await mapping('Policy remove')];
  const newAccount = (username: string) => ({
    username,
    email: `${username}@portal.example`,
    password: 'Another#Long-Pass9',
    user_type: 'RTM',
  });

  {
    // A requester of the HR department with one request to decide, one to cancel, one to revoke.
    const requester = await make.user({ user_type: 'HR' });
    const future = `${new Date().getUTCFullYear() + 3}`;
    const toDecide = await make.leave({
      user: requester,
      start_date: `${future}-02-03`,
      files: [{ filename: 'note.png', data: TINY_PNG }],
    });
    const toCancel = await make.leave({ user: requester, start_date: `${future}-02-04` });
    const toRevoke = await make.leave({ user: requester, start_date: `${future}-02-05`, status: 'approved' });
    const type = toDecide.type;
    const holiday = await make.holiday(`${future}-02-10`, 'Policy holiday');
    const typeBody = (name: string) => leaveTypeBody(name, { yearly_days: 10 });
    const policyType = await make.leaveType(typeBody('Policy leave'));
    // hr's own request far from the demo's (no overlap, a fresh year's balance).
    const ask = { leave_type: type.id, start_date: `${future}-03-03`, end_date: `${future}-03-04`, reason: 'Policy' };
    const record = (id: number, extra: Sample = {}): Sample => ({
      outsider: 'marketing',
      ...extra,
      path: extra.path ?? `/api/leaves/${id}/`,
    });
    leaveSamples = () => ({
      'GET /api/leaves/types/': {},
      'POST /api/leaves/types/': { body: typeBody('Policy new leave'), outsider: 'marketing' },
      'PUT /api/leaves/types/:id/': {
        path: `/api/leaves/types/${policyType.id}/`,
        body: typeBody('Policy leave'),
        outsider: 'marketing',
      },
      'GET /api/leaves/holidays/': {},
      'POST /api/leaves/holidays/': { body: { date: `${future}-02-11`, name: 'Policy day' }, outsider: 'marketing' },
      'DELETE /api/leaves/holidays/:id/': { path: `/api/leaves/holidays/${holiday.id}/`, outsider: 'marketing' },
      'GET /api/leaves/settings/': {},
      'PUT /api/leaves/settings/': {
        body: { weekend_days: [5, 6], coverage_warning_share: 0.3 },
        outsider: 'marketing',
      },
      'GET /api/leaves/balances/': { path: `/api/leaves/balances/?user=${requester.id}`, outsider: 'marketing' },
      'POST /api/leaves/quote/': { body: ask },
      'POST /api/leaves/': { body: ask },
      'GET /api/leaves/mine/': {},
      'GET /api/leaves/inbox/': {},
      // Each request is answered on its own (a missing one as refused): nothing here is changed.
      'POST /api/leaves/inbox/decisions/': { body: { ids: [2147483000], decision: 'reject', comment: 'Policy' } },
      'GET /api/leaves/calendar/': { path: `/api/leaves/calendar/?month=${future}-02`, outsider: 'marketing' },
      'GET /api/leaves/attachment/:id/': {
        path: `/api/leaves/attachment/${toDecide.attachments[0]}/`,
        outsider: 'marketing',
      },
      'GET /api/leaves/:id/': record(toDecide.id),
      'GET /api/leaves/:id/coverage/': record(toDecide.id, { path: `/api/leaves/${toDecide.id}/coverage/` }),
      'POST /api/leaves/:id/decision/': record(toDecide.id, {
        path: `/api/leaves/${toDecide.id}/decision/`,
        body: { decision: 'approve', comment: '' },
      }),
      'POST /api/leaves/:id/cancel/': record(toCancel.id, {
        path: `/api/leaves/${toCancel.id}/cancel/`,
        body: {},
        insider: requester.username,
      }),
      'POST /api/leaves/:id/revoke/': record(toRevoke.id, { path: `/api/leaves/${toRevoke.id}/revoke/`, body: {} }),
    });
  }

  const policyKey = await make.integrationKey({ name: 'Policy key' });
  const board = (extra: Sample = {}): Sample => ({ insider: 'manager.wfm', outsider: 'hr', ...extra });
  // Two shifts of interpreter01 (one to change, one to remove) and a staffing row to remove.
  const planner = (await s.api('GET', '/api/users/manager.wfm/', { token: await s.login('hr') })).body as {
    id: number;
  };
  const interpreter01 = (await s.api('GET', '/api/users/interpreter01/', { token: await s.login('hr') })).body as {
    id: number;
  };
  const policyShift = (date: string) =>
    make.shift({ user: interpreter01, date, start: '08:00', end: '16:00', by: planner });
  const [shiftToChange, shiftToRemove] = [await policyShift('2031-01-02'), await policyShift('2031-01-03')];
  await make.staffing('Policy↔Remove', planner);
  // A KPI for interpreters with one value of interpreter01: QUALITY scores it, HR sees none of it.
  const kpiBody = (name: string) => ({
    name,
    unit: 'percent' as const,
    direction: 'higher' as const,
    target: 90,
    weight: 1,
    period: 'monthly' as const,
    applies_to: ['INTERPRETER'],
  });
  const policyKpi = await make.kpiDefinition({ ...kpiBody('Policy KPI'), applies_to: ['INTERPRETER'] });
  const policyRecord = await make.kpiRecord({
    user: interpreter01,
    kpi: policyKpi,
    period_start: '2020-01-01',
    value: 90,
  });
  const scorer = (extra: Sample = {}): Sample => ({ insider: 'quality', outsider: 'hr', ...extra });
  // manager.it's reports about `it`: one submitted with a file (the G.I director reads it; HR does
  // not), two drafts (one to change, one to delete).
  const reportAuthor = (await s.api('GET', '/api/users/manager.it/', { token: await s.login('hr') })).body as {
    id: number;
  };
  const policyReport = (submitted: boolean, files: { filename: string; data: Buffer }[] = []) =>
    make.report({
      author: reportAuthor,
      subjects: [itUser],
      title: 'Policy report',
      type: 'incident',
      period_from: '2026-01-05',
      period_to: '2026-01-05',
      body: '<p>x</p>',
      submitted,
      files,
    });
  const reportWithFile = await policyReport(true, [{ filename: 'policy.png', data: TINY_PNG }]);
  const reportRead = reportWithFile.id;
  const reportAttachment = reportWithFile.attachments[0]!;
  const [reportToChange, reportToDelete] = [(await policyReport(false)).id, (await policyReport(false)).id];
  const reportBody = {
    title: 'Policy report',
    type: 'incident',
    subjects: ['it'],
    period_from: '2026-01-05',
    period_to: '2026-01-05',
  };
  const reportReader = (extra: Sample = {}): Sample => ({ insider: 'director.gi', outsider: 'hr', ...extra });
  const reportAuthorOnly = (extra: Sample = {}): Sample => ({ insider: 'manager.it', outsider: 'hr', ...extra });
  // IT's rules, one of each to remove (IT manages them; HR does not).
  const itRule = (extra: Sample = {}): Sample => ({ insider: 'it', outsider: 'hr', ...extra });
  const redactionToRemove = await make.redactionRule('policy');
  const categoryToRemove = await make.categoryRule({ field: 'site', pattern: 'policy', category: 'neutral' });
  const agentToRevoke = (await make.agent({ user: itUser, machine_id: 'policy-machine-0001', hostname: 'policy-host' }))
    .id;
  // hr's OCR jobs (never queued: the policy is what is checked); IT's `it` is an outsider (404).
  const hrId = (await s.api('GET', '/api/users/hr/', { token: await s.login('hr') })).body.id as number;
  const ocrJob = async () =>
    (await make.ocrJob({ owner: { id: hrId }, file: { filename: 'scan.png', data: TINY_PNG } })).id;
  const [ocrRead, ocrCancel, ocrDelete] = [await ocrJob(), await ocrJob(), await ocrJob()];
  const ocrOwner = (path: string, extra: Sample = {}): Sample => ({ path, insider: 'hr', outsider: 'it', ...extra });
  // Share calls of quality → interpreter01 on connections vouched for a day ahead, so neither
  // the freshness rule nor the sweep changes them while the table runs; hr is an outsider (404).
  const shareIds = {
    quality: (await s.api('GET', '/api/users/quality/', { token: await s.login('hr') })).body.id as number,
    interpreter01: (await s.api('GET', '/api/users/interpreter01/', { token: await s.login('hr') })).body.id as number,
  };
  const shareEndpoint = (userId: number) => make.shareEndpoint({ user: { id: userId }, seen_in_seconds: 86_400 });
  const [viewerEndpoint, targetEndpoint] = [
    await shareEndpoint(shareIds.quality),
    await shareEndpoint(shareIds.interpreter01),
  ];
  const shareCall = async (active: boolean) =>
    (
      await make.shareCall({
        viewer: { id: shareIds.quality },
        target: { id: shareIds.interpreter01 },
        reason: 'Route-policy check',
        consent: 'ask',
        viewer_endpoint: viewerEndpoint,
        target_endpoint: active ? targetEndpoint : null,
        max_seconds: 86_400,
        active,
        requested_in_seconds: 86_400,
      })
    ).id;
  const [shareRead, shareAccept, shareDecline, shareEnd, shareSnap] = [
    await shareCall(true),
    await shareCall(false),
    await shareCall(false),
    await shareCall(true),
    await shareCall(true),
  ];
  const snapshot = await make.shareSnapshot({ id: shareRead }, { id: shareIds.quality });
  // The target's own call: interpreter01 answers it (a second answer: 409); a guest is never a party.
  const shareParty = (path: string, extra: Sample = {}): Sample => ({
    path,
    insider: 'interpreter01',
    guestStatus: 404,
    ...extra,
  });
  samples = {
    'GET /api/share/people/': { insider: 'quality', outsider: 'hr' },
    'GET /api/share/availability/:userName/': {
      path: '/api/share/availability/interpreter01/',
      insider: 'quality',
      outsider: 'hr',
    },
    // Past the policy, a connection that is not the caller's is refused on the field.
    'POST /api/share/calls/': {
      body: { target: 'interpreter01', reason: 'Route-policy check', endpoint: crypto.randomUUID() },
      insider: 'quality',
      insiderStatus: 400,
      outsider: 'hr',
    },
    'GET /api/share/calls/': { insider: 'quality', outsider: 'hr' },
    'GET /api/share/calls/:id/': shareParty(`/api/share/calls/${shareRead}/`),
    'POST /api/share/calls/:id/accept/': shareParty(`/api/share/calls/${shareAccept}/accept/`, {
      body: { endpoint: targetEndpoint },
      insiderStatus: 409,
    }),
    'POST /api/share/calls/:id/decline/': shareParty(`/api/share/calls/${shareDecline}/decline/`, {
      body: {},
      insiderStatus: 409,
    }),
    'POST /api/share/calls/:id/end/': shareParty(`/api/share/calls/${shareEnd}/end/`),
    // A JSON body carries no PNG: past the policy, the viewer is told to attach one.
    'POST /api/share/calls/:id/snapshots/': {
      path: `/api/share/calls/${shareSnap}/snapshots/`,
      body: {},
      insider: 'quality',
      insiderStatus: 400,
      outsider: 'hr',
    },
    'GET /api/share/calls/:id/snapshots/:snapshot/': {
      path: `/api/share/calls/${shareRead}/snapshots/${snapshot}/`,
      insider: 'quality',
      outsider: 'hr',
    },
    'PUT /api/share/consent/:userName/': {
      path: '/api/share/consent/interpreter01/',
      body: { consent_at_hiring: false },
      insider: 'admin',
      outsider: 'hr',
    },
    // Relay credentials only for people who can be in a call: a guest never can.
    'GET /api/share/ice-servers/': { guestStatus: 403 },
    // A JSON body carries no files: past the policy, the insider is told to choose one.
    'POST /api/ocr/jobs/': { body: { language: 'eng' }, insiderStatus: 400 },
    'GET /api/ocr/jobs/': {},
    'GET /api/ocr/search/': { path: '/api/ocr/search/?q=policy' },
    'GET /api/ocr/jobs/:id/': ocrOwner(`/api/ocr/jobs/${ocrRead}/`),
    'PATCH /api/ocr/jobs/:id/': ocrOwner(`/api/ocr/jobs/${ocrRead}/`, { body: { shared_with: null } }),
    'DELETE /api/ocr/jobs/:id/': ocrOwner(`/api/ocr/jobs/${ocrDelete}/`),
    'POST /api/ocr/jobs/:id/cancel/': ocrOwner(`/api/ocr/jobs/${ocrCancel}/cancel/`),
    // Still queued: nothing to retry (409), but the owner was let through.
    'POST /api/ocr/jobs/:id/retry/': ocrOwner(`/api/ocr/jobs/${ocrRead}/retry/`, { insiderStatus: 409 }),
    'GET /api/ocr/jobs/:id/pages/:page/': ocrOwner(`/api/ocr/jobs/${ocrRead}/pages/1/`),
    'GET /api/ocr/jobs/:id/pages/:page/image/': ocrOwner(`/api/ocr/jobs/${ocrRead}/pages/1/image/`),
    'GET /api/ocr/jobs/:id/text/': ocrOwner(`/api/ocr/jobs/${ocrRead}/text/`),
    'GET /api/ocr/jobs/:id/pdf/': ocrOwner(`/api/ocr/jobs/${ocrRead}/pdf/`, { insiderStatus: 409 }),
    'GET /api/ocr/jobs/:id/original/': ocrOwner(`/api/ocr/jobs/${ocrRead}/original/`),
    'POST /api/it/agents/enroll/': {
      body: {
        username: 'hr',
        password: 'Portal#Demo2026',
        machine_id: 'policy-machine-0002',
        hostname: 'policy-host',
        platform: 'linux',
        version: '1.0.0',
      },
    },
    'GET /api/it/agents/': itRule(),
    'DELETE /api/it/agents/:id/': itRule({ path: `/api/it/agents/${agentToRevoke}/` }),
    'GET /api/script/it-list/': itRule(),
    // HR may not watch an interpreter: 404, like an unknown username.
    'GET /api/it/users/:username/day/': itRule({ path: '/api/it/users/interpreter01/day/' }),
    'GET /api/it/my-day/': {},
    'GET /api/it/redaction-rules/': itRule(),
    'POST /api/it/redaction-rules/': itRule({ body: { pattern: 'policy bank', description: 'Policy' } }),
    'DELETE /api/it/redaction-rules/:id/': itRule({ path: `/api/it/redaction-rules/${redactionToRemove}/` }),
    'GET /api/it/category-rules/': itRule(),
    'POST /api/it/category-rules/': itRule({ body: { field: 'process', pattern: 'policy', category: 'productive' } }),
    'DELETE /api/it/category-rules/:id/': itRule({ path: `/api/it/category-rules/${categoryToRemove}/` }),
    ...leaveSamples(),
    'POST /api/reports/': { body: reportBody, insider: 'manager.it', outsider: 'it' },
    'GET /api/reports/': {},
    'GET /api/reports/summary/': reportReader({ path: '/api/reports/summary/?from=2026-01-01&to=2026-01-31' }),
    'GET /api/reports/summary/export.csv': reportReader({
      path: '/api/reports/summary/export.csv?from=2026-01-01&to=2026-01-31',
    }),
    'GET /api/reports/:id/': reportReader({ path: `/api/reports/${reportRead}/` }),
    'PUT /api/reports/:id/': reportAuthorOnly({ path: `/api/reports/${reportToChange}/`, body: reportBody }),
    'DELETE /api/reports/:id/': reportAuthorOnly({ path: `/api/reports/${reportToDelete}/` }),
    'GET /api/reports/:id/attachments/:attachmentId/': reportReader({
      path: `/api/reports/${reportRead}/attachments/${reportAttachment}/`,
    }),
    'GET /api/reports/:id/pdf/': reportReader({ path: `/api/reports/${reportRead}/pdf/` }),
    'GET /api/kpi/definitions/': scorer(),
    'POST /api/kpi/definitions/': scorer({ body: kpiBody('Policy KPI new') }),
    'PUT /api/kpi/definitions/:id/': scorer({
      path: `/api/kpi/definitions/${policyKpi.id}/`,
      body: kpiBody('Policy KPI'),
    }),
    'POST /api/kpi/records/': scorer({
      body: { username: 'interpreter01', kpi: policyKpi.id, period: '2020-02-10', value: 88 },
    }),
    'GET /api/kpi/records/:id/': scorer({ path: `/api/kpi/records/${policyRecord}/` }),
    'PUT /api/kpi/records/:id/': scorer({ path: `/api/kpi/records/${policyRecord}/`, body: { value: 91 } }),
    'GET /api/kpi/scores/': scorer(),
    'GET /api/kpi/scores/export.csv': scorer(),
    'GET /api/kpi/missing/': scorer(),
    'POST /api/kpi/missing/remind/': scorer({
      body: { items: [{ username: 'interpreter01', kpi: policyKpi.id, period: '2020-03-01' }] },
    }),
    'GET /api/kpi/users/:username/scorecard/': scorer({ path: '/api/kpi/users/interpreter01/scorecard/' }),
    'GET /api/user/interpreters/': board(),
    'POST /api/user/follow/': board({ body: { username: 'interpreter02', follow: true } }),
    'PUT /api/user/interpreters/:username/profile/': board({
      path: '/api/user/interpreters/interpreter02/profile/',
      body: { languages: ['Arabic↔English'], team: 'Medical', extension: '2002' },
    }),
    'GET /api/user/follow-settings/': board(),
    'PUT /api/user/follow-settings/': board({ body: { notify_when_online: true } }),
    // Long past and offline: admitted, and the demo's presence today stays as it was.
    'POST /api/presence/events/': {
      body: {
        events: [{ username: 'interpreter01', online: false, at: '2020-01-01T00:00:00Z', source_id: 'policy-1' }],
      },
    },
    'POST /api/presence/heartbeat/': { body: { username: 'interpreter01' } },
    'GET /api/wfm/shifts/': board({ path: '/api/wfm/shifts/?from=2031-01-01&to=2031-01-31' }),
    'POST /api/wfm/shifts/': board({
      body: { username: 'interpreter01', date: '2031-01-01', start: '08:00', end: '16:00' },
    }),
    'POST /api/wfm/shifts/import/': board({
      body: { csv: 'username,date,start,end\ninterpreter01,2031-01-04,08:00,16:00\n', dry_run: true },
    }),
    'PUT /api/wfm/shifts/:id/': board({
      path: `/api/wfm/shifts/${shiftToChange}/`,
      body: { start: '09:00', end: '17:00' },
    }),
    'DELETE /api/wfm/shifts/:id/': board({ path: `/api/wfm/shifts/${shiftToRemove}/` }),
    'GET /api/wfm/day/': board(),
    'GET /api/wfm/day/export.csv': board(),
    'GET /api/wfm/users/:username/history/': board({ path: '/api/wfm/users/interpreter01/history/' }),
    'GET /api/wfm/staffing/': board(),
    'PUT /api/wfm/staffing/': board({ body: { language: 'Arabic↔English', hours: Array(24).fill(2) }, insider: 'rtm' }),
    'DELETE /api/wfm/staffing/': board({ path: '/api/wfm/staffing/?language=Remove%E2%86%94Policy', insider: 'rtm' }),
    'GET /api/admin/integration-keys/': { insider: 'admin', outsider: 'hr' },
    'POST /api/admin/integration-keys/': { body: { name: 'Policy integration' }, insider: 'admin', outsider: 'hr' },
    'DELETE /api/admin/integration-keys/:id/': {
      path: `/api/admin/integration-keys/${policyKey.id}/`,
      insider: 'admin',
      outsider: 'hr',
    },
    'POST /api/auth/jwt/login/': { body: { username: 'hr', password: 'Portal#Demo2026' } },
    'POST /api/auth/jwt/logout/': {},
    'POST /api/auth/change_password/': {
      // A wrong old password: admitted, refused on the field, and nothing changes.
      body: { old_password: 'not-my-password', new_password: 'Brand-New-Pass-1' },
      insiderStatus: 400,
    },
    'POST /api/auth/ws-ticket/': {},
    'GET /api/auth/me/': {},
    'POST /api/auth/me/': { body: { phone: '+20 100 555' } },
    // Single sign-on, public. This server has no provider: its routes answer 404 (not set up).
    'GET /api/auth/sso/': {},
    'GET /api/auth/oidc/start/': { insiderStatus: 404 },
    'GET /api/auth/oidc/callback/': { path: '/api/auth/oidc/callback/?code=x&state=y', insiderStatus: 404 },
    'GET /api/auth/oidc/logout/': { insiderStatus: 404 },
    // A hand-off code never issued: refused (400) whoever asks.
    'POST /api/auth/oidc/exchange/': { body: { code: 'policy-no-such-code' }, insiderStatus: 400 },
    'POST /api/user/create-admin/': { body: newAccount('policy.one'), insider: 'admin', outsider: 'hr' },
    'POST /api/admin/users/': { body: newAccount('policy.two'), insider: 'admin', outsider: 'hr' },
    'GET /api/admin/users/': { insider: 'admin', outsider: 'hr' },
    'PATCH /api/admin/users/:id/': {
      path: `/api/admin/users/${target.id}/`,
      body: { first_name: 'Renamed' },
      insider: 'admin',
      outsider: 'hr',
    },
    'POST /api/admin/users/:id/reset-password/': {
      path: `/api/admin/users/${target.id}/reset-password/`,
      body: { new_password: 'Reset#Long-Pass7' },
      insider: 'admin',
      outsider: 'hr',
    },
    'GET /api/admin/identity-mappings/': { insider: 'admin', outsider: 'hr' },
    'POST /api/admin/identity-mappings/': { body: mappingRule('Policy new'), insider: 'admin', outsider: 'hr' },
    'PUT /api/admin/identity-mappings/:id/': {
      path: `/api/admin/identity-mappings/${mappingToChange}/`,
      body: mappingRule('Policy changed'),
      insider: 'admin',
      outsider: 'hr',
    },
    'DELETE /api/admin/identity-mappings/:id/': {
      path: `/api/admin/identity-mappings/${mappingToRemove}/`,
      insider: 'admin',
      outsider: 'hr',
    },
    'POST /api/admin/identity-mappings/:id/move/': {
      path: `/api/admin/identity-mappings/${mappingToChange}/move/`,
      body: { direction: 'down' },
      insider: 'admin',
      outsider: 'hr',
    },
    'POST /api/admin/identity-mappings/preview/': {
      body: { rules: [mappingRule('Policy draft')] },
      insider: 'admin',
      outsider: 'hr',
    },
    'GET /api/admin/users/:id/external-identities/': {
      path: `/api/admin/users/${target.id}/external-identities/`,
      insider: 'admin',
      outsider: 'hr',
    },
    'GET /api/auth/passkeys/': {},
    // Public: an unknown enrolment challenge (400), not a session, for the anonymous caller.
    'POST /api/auth/passkeys/registration/options/': { body: { challenge: 'policy-no-such-challenge' } },
    'POST /api/auth/passkeys/registration/': { body: {} },
    // Nobody here holds passkey 1: a blank name is refused first (400), whoever asks.
    'PATCH /api/auth/passkeys/:id/': { path: '/api/auth/passkeys/1/', body: { name: '' }, insiderStatus: 400 },
    // The caller has no passkey to prove themselves with (409).
    'POST /api/auth/passkeys/reauth/options/': { insiderStatus: 409 },
    'POST /api/auth/passkeys/:id/remove/': { path: '/api/auth/passkeys/1/remove/', body: {}, insiderStatus: 400 },
    'POST /api/auth/passkeys/login/options/': {},
    'POST /api/auth/passkeys/login/': { body: {} },
    // The second factor. Public ones with a challenge never issued: refused (400) whoever asks.
    'POST /api/auth/mfa/verify/': { body: { challenge: 'policy-no-such-challenge', method: 'totp', code: '123456' } },
    'GET /api/auth/mfa/': {},
    'POST /api/auth/mfa/totp/setup/': { body: { challenge: 'policy-no-such-challenge' } },
    'POST /api/auth/mfa/totp/confirm/': { body: { challenge: 'policy-no-such-challenge', code: '123456' } },
    // Nobody here has an authenticator app to remove or prove (409).
    'DELETE /api/auth/mfa/totp/': { body: { password: 'Portal#Demo2026' }, insiderStatus: 409 },
    'POST /api/auth/mfa/recovery-codes/': { body: { code: '123456' }, insiderStatus: 409 },
    'POST /api/admin/users/:id/mfa/reset/': {
      path: `/api/admin/users/${target.id}/mfa/reset/`,
      insider: 'admin',
      outsider: 'hr',
    },
    'POST /api/auth/mfa/passkey/options/': { body: { challenge: 'policy-no-such-challenge' } },
    'POST /api/auth/mfa/passkey/verify/': { body: {} },
    'GET /api/users/:username/': { path: '/api/users/it/' },
    'GET /api/eventlogs/': { insider: 'director.gi', outsider: 'hr' },
    'GET /api/eventlogs/export.csv': { insider: 'director.gi', outsider: 'hr' },
    'GET /api/notifications/all/': {},
    'POST /api/notifications/read/': { body: { data: [] } },
    'GET /api/notifications/unread-count/': {},
    'POST /api/notifications/announce/': { body: { message: 'Policy check', levels: ['HR'] }, outsider: 'it' },
    'POST /api/user/create_ticket/': {
      body: { department: 'IT', subject: 'Policy check', description: 'Made by the route-policy test.' },
    },
    'GET /api/user/active-tickets/': {},
    'GET /api/user/ticket_detail/:id/': { path: `/api/user/ticket_detail/${ticketId}/`, outsider: 'marketing' },
    'PUT /api/user/active-tickets/:ticket/': {
      path: `/api/user/active-tickets/${ticketId}/`,
      body: { reply: 'Any news?' },
      outsider: 'marketing',
    },
    'GET /api/user/ticket_attachment/:id/': {
      path: `/api/user/ticket_attachment/${attachmentId}/`,
      outsider: 'marketing',
    },
    'GET /api/user/ticket-history/': {},
    'GET /api/user/ticket-desk-members/': {
      path: '/api/user/ticket-desk-members/?department=IT',
      insider: 'it',
      outsider: 'marketing',
    },
    'GET /api/user/ticket-stats/': {},
    'GET /api/user/canned-replies/': {
      path: '/api/user/canned-replies/?department=IT',
      insider: 'it',
      outsider: 'marketing',
    },
    'POST /api/user/canned-replies/': { body: cannedBody('policy-new'), insider: 'it', outsider: 'marketing' },
    'PUT /api/user/canned-replies/:id/': {
      path: `/api/user/canned-replies/${cannedToChange}/`,
      body: cannedBody('policy-changed'),
      insider: 'it',
      outsider: 'marketing',
    },
    'DELETE /api/user/canned-replies/:id/': {
      path: `/api/user/canned-replies/${cannedToRemove}/`,
      insider: 'it',
      outsider: 'marketing',
    },
    'GET /api/user/ticket-sla/': { path: '/api/user/ticket-sla/?department=IT', insider: 'it', outsider: 'marketing' },
    'PUT /api/user/ticket-sla/': {
      body: {
        department: 'IT',
        targets: (['urgent', 'high', 'normal', 'low'] as const).map((priority) => ({
          priority,
          first_response_minutes: 60,
          resolution_minutes: 600,
        })),
      },
      insider: 'manager.it',
      outsider: 'marketing',
    },
    'POST /api/user/tickets/bulk/': {
      body: { ids: [ticketId], priority: 'high' },
      insider: 'it',
      outsider: 'marketing',
    },
    'GET /api/user/ticket-requester/:ticket/': {
      path: `/api/user/ticket-requester/${ticketId}/`,
      insider: 'it',
      outsider: 'marketing',
    },
    'GET /api/health/live': {},
    'GET /api/health/ready': {},
    'GET /api/openapi.json': {},
    'GET /api/docs': {},
    'GET /api/docs/': {},
    'GET /api/docs/js/scalar.js': {},
  };
});
afterAll(() => s?.stop());

const key = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const routes = () => s.app.routeTable;

/** A fresh token per call: a route under test may end the session it was called with (logout). */
async function call(r: { method: string; url: string }, who: string | null) {
  const sample = samples[key(r)]!;
  const token = who ? await s.login(who) : undefined;
  const res = await s.api(r.method, sample.path ?? r.url, { token, body: sample.body });
  return res.status;
}

describe('the route-policy table', () => {
  it('covers every /api/ route the server registers, each with a declared policy', () => {
    const registered = routes().map(key).sort();
    expect(registered.length).toBeGreaterThan(25);
    expect(
      registered.filter((k) => !(k in samples)),
      'routes without a row in SAMPLES',
    ).toEqual([]);
    expect(
      Object.keys(samples).filter((k) => !registered.includes(k)),
      'rows for routes that no longer exist',
    ).toEqual([]);
    const undeclared = routes().filter((r) => !r.policy?.rule);
    expect(undeclared.map(key), 'routes without config.policy').toEqual([]);
    // An outsider status only makes sense where someone inside `access` is left out.
    for (const r of routes()) {
      if (r.policy?.outsider) expect(r.access, key(r)).toBe('staff');
      if (r.policy?.outsider) expect(samples[key(r)]!.outsider, `${key(r)}: name an outsider`).toMatch(/^[a-z0-9.]+$/);
    }
  });

  it('answers 401 to an anonymous caller on every route that is not public', async () => {
    for (const r of routes()) {
      const status = await call(r, null);
      if (r.access === 'public') expect([401, 403], key(r)).not.toContain(status);
      else expect(status, key(r)).toBe(401);
    }
  });

  // One test per account: each signs in afresh for every route (~260 sign-ins).
  it.each(['guest', 'interpreter01'])(
    'answers 403 to %s on staff routes, and admits them where declared',
    async (who) => {
      for (const r of routes()) {
        if (r.access === 'public') continue;
        const status = await call(r, who);
        const { guestStatus } = samples[key(r)]!;
        if (r.access === 'staff') expect(status, `${who} ${key(r)}`).toBe(403);
        else if (who === 'guest' && guestStatus) expect(status, `${who} ${key(r)}`).toBe(guestStatus);
        else expect([401, 403, 404], `${who} ${key(r)}`).not.toContain(status);
      }
    },
  );

  it('refuses a staff member outside the audience exactly as declared (403, or 404 for records)', async () => {
    const checked: string[] = [];
    for (const r of routes()) {
      if (!r.policy?.outsider) continue;
      const { outsider } = samples[key(r)]!;
      expect(await call(r, outsider!), `${outsider} ${key(r)}`).toBe(r.policy.outsider);
      checked.push(key(r));
    }
    expect(checked.length).toBeGreaterThanOrEqual(12);
  });

  it('admits a staff member inside the audience (so every refusal above is the policy, not a bad sample)', async () => {
    for (const r of routes()) {
      if (r.access === 'public') continue;
      const { insider = 'hr', insiderStatus } = samples[key(r)]!;
      const status = await call(r, insider);
      if (insiderStatus) expect(status, `${insider} ${key(r)}`).toBe(insiderStatus);
      else expect(status, `${insider} ${key(r)}`).toBeLessThan(400);
    }
  });
});
