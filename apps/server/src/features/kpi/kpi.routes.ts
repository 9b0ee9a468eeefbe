import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZKpiDefinition,
  ZKpiDefinitionList,
  ZKpiDefinitionRequest,
  ZKpiDefinitionsQuery,
  ZKpiIdParams,
  ZKpiMissing,
  ZKpiMissingQuery,
  ZKpiRecord,
  ZKpiRecordRequest,
  ZKpiRecordUpdateRequest,
  ZKpiRemindRequest,
  ZKpiRemindResult,
  ZKpiScorecard,
  ZKpiScorecardQuery,
  ZKpiScores,
  ZKpiScoresQuery,
  ZUsernameParams,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as definitions from './kpi-definitions.service.js';
import * as records from './kpi-records.service.js';
import * as reminders from './kpi-reminders.service.js';
import * as scores from './kpi-scores.service.js';

const TAGS = ['kpi'];
const USE_PAGES = {
  rule: 'canUseKpiPages: QUALITY, WFM, ADMIN, managers and directors (the people they may score)',
  outsider: 403,
} as const;
const MANAGE = { rule: 'canManageKpiDefinitions: QUALITY, WFM and ADMIN', outsider: 403 } as const;
const SEE_SCORECARD = { rule: 'canSeeScorecard: the person, and whoever canScoreKpi them', outsider: 404 } as const;

export const kpiRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ definitions

  app.get(
    '/kpi/definitions/',
    {
      config: { policy: USE_PAGES },
      schema: {
        tags: TAGS,
        summary: 'KPI definitions (all, or only active or retired ones)',
        querystring: ZKpiDefinitionsQuery,
        response: { 200: ZKpiDefinitionList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => definitions.listDefinitions(ctx, caller(req).user, req.query),
  );

  app.post(
    '/kpi/definitions/',
    {
      config: { policy: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Add a KPI definition (QUALITY, WFM, ADMIN; a name once, case-insensitively)',
        body: ZKpiDefinitionRequest,
        response: { 201: ZKpiDefinition, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await definitions.saveDefinition(ctx, caller(req).user, null, req.body, requestSource(req))),
  );

  app.put(
    '/kpi/definitions/:id/',
    {
      config: { policy: MANAGE },
      schema: {
        tags: TAGS,
        summary: 'Change a KPI definition (deactivating keeps its records)',
        params: ZKpiIdParams,
        body: ZKpiDefinitionRequest,
        response: { 200: ZKpiDefinition, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => definitions.saveDefinition(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ records

  app.post(
    '/kpi/records/',
    {
      config: { policy: { rule: 'canScoreKpi of the person (404 when there is no such person)', outsider: 403 } },
      schema: {
        tags: TAGS,
        summary: 'Enter a KPI value for a person and period',
        description:
          '`period` is any day of the period. A value outside the unit, a KPI that is retired or does not apply to the person, a period in the future, or a second value for the same person, KPI and period: 400 on that field.',
        body: ZKpiRecordRequest,
        response: { 201: ZKpiRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await records.addRecord(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.get(
    '/kpi/records/:id/',
    {
      config: { policy: SEE_SCORECARD },
      schema: {
        tags: TAGS,
        summary: 'One KPI value with its earlier values, newest first',
        params: ZKpiIdParams,
        response: { 200: ZKpiRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => records.getRecord(ctx, caller(req).user, req.params.id),
  );

  app.put(
    '/kpi/records/:id/',
    {
      config: { policy: { rule: 'canSeeScorecard (404), then canScoreKpi (403)', outsider: 404 } },
      schema: {
        tags: TAGS,
        summary: 'Change a KPI value (the previous value and note go to its history)',
        params: ZKpiIdParams,
        body: ZKpiRecordUpdateRequest,
        response: { 200: ZKpiRecord, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => records.updateRecord(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ scores, missing, reminders

  app.get(
    '/kpi/scores/',
    {
      config: { policy: USE_PAGES },
      schema: {
        tags: TAGS,
        summary: 'Weighted scores of the people I may score for a period, with the trend',
        querystring: ZKpiScoresQuery,
        response: { 200: ZKpiScores, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => scores.scores(ctx, caller(req).user, req.query),
  );

  app.get(
    '/kpi/scores/export.csv',
    {
      config: { policy: USE_PAGES },
      schema: {
        tags: TAGS,
        summary: 'The scores as CSV',
        querystring: ZKpiScoresQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { period_start, csv } = await scores.scoresCsv(ctx, caller(req).user, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kpi-scores-${period_start}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/kpi/missing/',
    {
      config: { policy: USE_PAGES },
      schema: {
        tags: TAGS,
        summary: 'People × KPIs in my scope with no value for the period',
        querystring: ZKpiMissingQuery,
        response: { 200: ZKpiMissing, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => scores.missing(ctx, caller(req).user, req.query),
  );

  app.post(
    '/kpi/missing/remind/',
    {
      config: { policy: USE_PAGES },
      schema: {
        tags: TAGS,
        summary: 'Remind whoever enters these missing values (items outside my scope are skipped)',
        body: ZKpiRemindRequest,
        response: { 200: ZKpiRemindResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => reminders.remindMissing(ctx, caller(req).user, req.body, requestSource(req)),
  );

  // ------------------------------------------------------------ scorecards

  app.get(
    '/kpi/users/:username/scorecard/',
    {
      config: { policy: SEE_SCORECARD },
      schema: {
        tags: TAGS,
        summary: "A person's KPIs over the last periods, with scores and records",
        params: ZUsernameParams,
        querystring: ZKpiScorecardQuery,
        response: { 200: ZKpiScorecard, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => scores.scorecard(ctx, caller(req).user, req.params.username, req.query),
  );
};
