import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZId,
  ZShift,
  ZShiftImportRequest,
  ZShiftImportResult,
  ZShiftList,
  ZShiftRequest,
  ZShiftsQuery,
  ZShiftUpdateRequest,
  ZStaffingDeleteQuery,
  ZStaffingList,
  ZStaffingRequirement,
  ZText,
  ZWfmDay,
  ZWfmDayQuery,
  ZWfmHistory,
  ZWfmHistoryQuery,
} from '@portal/contracts';
import { errorResponses } from '../../lib/schemas.js';
import { caller, requestSource } from '../../plugins/auth.js';
import * as reads from './wfm-reads.service.js';
import * as shifts from './wfm-shifts.service.js';
import * as staffing from './wfm-staffing.service.js';

const TAGS = ['wfm'];
const USE_WFM = { rule: 'canUseWfm: WFM, RTM, G.SDM, OPERATION, ADMIN and directors', outsider: 403 } as const;
const PLAN_SHIFTS = { rule: 'canPlanShifts: WFM and ADMIN', outsider: 403 } as const;
const SET_STAFFING = { rule: 'canSetStaffing: RTM, WFM and ADMIN', outsider: 403 } as const;
const ZShiftIdParams = z.object({ id: ZId });
const ZUsernameParams = z.object({ username: ZText.min(1).max(150) });

export const wfmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // ------------------------------------------------------------ shifts

  app.get(
    '/wfm/shifts/',
    {
      config: { policy: USE_WFM },
      schema: {
        tags: TAGS,
        summary: 'Shifts starting in a range of days (at most 93), optionally one interpreter’s',
        querystring: ZShiftsQuery,
        response: { 200: ZShiftList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.listShifts(ctx, caller(req).user, req.query),
  );

  app.post(
    '/wfm/shifts/',
    {
      config: { policy: PLAN_SHIFTS },
      schema: {
        tags: TAGS,
        summary: 'Plan one interpreter’s shift on one day (one shift a day each)',
        body: ZShiftRequest,
        response: { 201: ZShift, ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await shifts.createShift(ctx, caller(req).user, req.body, requestSource(req))),
  );

  app.post(
    '/wfm/shifts/import/',
    {
      config: { policy: PLAN_SHIFTS },
      // The contract takes up to 2 MB of CSV (above the app's 1 MiB), plus JSON's escaping.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags: TAGS,
        summary: 'Import shifts from CSV: all lines or none; a day that has a shift is replaced; dry_run only counts',
        body: ZShiftImportRequest,
        response: { 200: ZShiftImportResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => shifts.importShifts(ctx, caller(req).user, req.body, requestSource(req)),
  );

  app.put(
    '/wfm/shifts/:id/',
    {
      config: { policy: PLAN_SHIFTS },
      schema: {
        tags: TAGS,
        summary: 'Change a shift’s times and note',
        params: ZShiftIdParams,
        body: ZShiftUpdateRequest,
        response: { 200: ZShift, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => shifts.updateShift(ctx, caller(req).user, req.params.id, req.body, requestSource(req)),
  );

  app.delete(
    '/wfm/shifts/:id/',
    {
      config: { policy: PLAN_SHIFTS },
      schema: {
        tags: TAGS,
        summary: 'Remove a shift',
        params: ZShiftIdParams,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await shifts.deleteShift(ctx, caller(req).user, req.params.id, requestSource(req));
      return reply.status(204).send(null);
    },
  );

  // ------------------------------------------------------------ the day board and history

  app.get(
    '/wfm/day/',
    {
      config: { policy: USE_WFM },
      schema: {
        tags: TAGS,
        summary: 'One day (default today) of every active interpreter against their shift, and totals per pair',
        querystring: ZWfmDayQuery,
        response: { 200: ZWfmDay, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => reads.dayBoard(ctx, caller(req).user, req.query),
  );

  app.get(
    '/wfm/day/export.csv',
    {
      config: { policy: USE_WFM },
      schema: {
        tags: TAGS,
        summary: 'The day board as CSV',
        querystring: ZWfmDayQuery,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (req, reply) => {
      const { date, csv } = await reads.dayBoardCsv(ctx, caller(req).user, req.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="wfm-day-${date}.csv"`)
        .send(csv);
    },
  );

  app.get(
    '/wfm/users/:username/history/',
    {
      config: { policy: USE_WFM },
      schema: {
        tags: TAGS,
        summary: 'One interpreter’s days (default the last 30, at most 93) and month totals',
        params: ZUsernameParams,
        querystring: ZWfmHistoryQuery,
        response: { 200: ZWfmHistory, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req) => reads.history(ctx, caller(req).user, req.params.username, req.query),
  );

  // ------------------------------------------------------------ required staffing

  app.get(
    '/wfm/staffing/',
    {
      config: { policy: USE_WFM },
      schema: {
        tags: TAGS,
        summary: 'Required online interpreters per language pair and hour',
        response: { 200: ZStaffingList, ...errorResponses(401, 403) },
      },
    },
    async (req) => staffing.listStaffing(ctx, caller(req).user),
  );

  app.put(
    '/wfm/staffing/',
    {
      config: { policy: SET_STAFFING },
      schema: {
        tags: TAGS,
        summary: 'Set one pair’s 24 hourly requirements (answers the whole list)',
        body: ZStaffingRequirement,
        response: { 200: ZStaffingList, ...errorResponses(400, 401, 403) },
      },
    },
    async (req) => staffing.saveStaffing(ctx, caller(req).user, req.body, requestSource(req)),
  );

  app.delete(
    '/wfm/staffing/',
    {
      config: { policy: SET_STAFFING },
      schema: {
        tags: TAGS,
        summary: 'Remove one pair’s requirements',
        querystring: ZStaffingDeleteQuery,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (req, reply) => {
      await staffing.deleteStaffing(ctx, caller(req).user, req.query.language, requestSource(req));
      return reply.status(204).send(null);
    },
  );
};
