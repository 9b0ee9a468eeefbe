import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { ZId } from '../common/text.js';
import {
  ZCategoryRule,
  ZCategoryRuleList,
  ZCategoryRuleRequest,
  ZItDay,
  ZItDayQuery,
  ZItList,
  ZItUsernameParams,
  ZRedactionRule,
  ZRedactionRuleList,
  ZRedactionRuleRequest,
} from './it.js';

const TAGS = ['it'] as const;
const BOARD = {
  rule: 'canSeeItBoard: IT, QUALITY, WFM, ADMIN and directors (each record by canSeeMonitoring)',
  outsider: 403,
} as const;
const RULES = { rule: 'canManageItAgents: IT and ADMIN', outsider: 403 } as const;
const ZRuleIdParams = z.object({ id: ZId });

/** IT monitoring's reads (the board, a user's day, my own day) and the rules IT defines (spec: IT monitoring). */
export const itEndpoints = {
  getItList: defineEndpoint({
    operationId: 'getItList',
    method: 'GET',
    path: '/script/it-list/',
    tags: TAGS,
    summary:
      'Monitoring records of the users I may watch, a list (each carries its username; the latest window of each list, and each machine)',
    policy: BOARD,
    responses: { 200: ZItList },
    errors: [401, 403],
  }),
  getItUserDay: defineEndpoint({
    operationId: 'getItUserDay',
    method: 'GET',
    path: '/it/users/:username/day/',
    tags: TAGS,
    summary: "A user's day (the portal's time zone; default today): timeline, top apps and sites, samples, logs",
    policy: {
      rule: 'canSeeMonitoring: the user themselves, or who may watch them (else 404, like unknown)',
      outsider: 404,
    },
    params: ZItUsernameParams,
    query: ZItDayQuery,
    responses: { 200: ZItDay },
    errors: [400, 401, 403, 404],
  }),
  getMyItDay: defineEndpoint({
    operationId: 'getMyItDay',
    method: 'GET',
    path: '/it/my-day/',
    tags: TAGS,
    summary: 'My own day (the portal’s time zone; default today), as IT sees it',
    access: 'authenticated',
    policy: { rule: 'canSeeMonitoring: my own day', outsider: null },
    query: ZItDayQuery,
    responses: { 200: ZItDay },
    errors: [400, 401],
  }),
  listRedactionRules: defineEndpoint({
    operationId: 'listRedactionRules',
    method: 'GET',
    path: '/it/redaction-rules/',
    tags: TAGS,
    summary: 'Window-title redaction rules (applied at ingest: matching titles are never stored)',
    policy: RULES,
    responses: { 200: ZRedactionRuleList },
    errors: [401, 403],
  }),
  createRedactionRule: defineEndpoint({
    operationId: 'createRedactionRule',
    method: 'POST',
    path: '/it/redaction-rules/',
    tags: TAGS,
    summary: 'Add a redaction rule (a regular expression, case-insensitive)',
    policy: RULES,
    body: ZRedactionRuleRequest,
    responses: { 201: ZRedactionRule },
    errors: [400, 401, 403],
  }),
  deleteRedactionRule: defineEndpoint({
    operationId: 'deleteRedactionRule',
    method: 'DELETE',
    path: '/it/redaction-rules/:id/',
    tags: TAGS,
    summary: 'Remove a redaction rule (titles stored meanwhile stay redacted)',
    policy: RULES,
    params: ZRuleIdParams,
    responses: { 204: noContent },
    errors: [400, 401, 403, 404],
  }),
  listCategoryRules: defineEndpoint({
    operationId: 'listCategoryRules',
    method: 'GET',
    path: '/it/category-rules/',
    tags: TAGS,
    summary: 'Productivity category rules, in the order they apply (first match wins; none: neutral)',
    policy: RULES,
    responses: { 200: ZCategoryRuleList },
    errors: [401, 403],
  }),
  createCategoryRule: defineEndpoint({
    operationId: 'createCategoryRule',
    method: 'POST',
    path: '/it/category-rules/',
    tags: TAGS,
    summary: 'Add a category rule (a regular expression on the process, title or site)',
    policy: RULES,
    body: ZCategoryRuleRequest,
    responses: { 201: ZCategoryRule },
    errors: [400, 401, 403],
  }),
  deleteCategoryRule: defineEndpoint({
    operationId: 'deleteCategoryRule',
    method: 'DELETE',
    path: '/it/category-rules/:id/',
    tags: TAGS,
    summary: 'Remove a category rule',
    policy: RULES,
    params: ZRuleIdParams,
    responses: { 204: noContent },
    errors: [400, 401, 403, 404],
  }),
};
