import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { ZId } from '../common/text.js';
import {
  ZCannedRepliesQuery,
  ZCannedReply,
  ZCannedReplyList,
  ZCannedReplyRequest,
  ZSlaQuery,
  ZSlaTargets,
  ZSlaTargetsRequest,
} from './help-desk.js';

const tags = ['tickets'] as const;
const ZCannedReplyIdParams = z.object({ id: ZId });

/** A desk's settings: its canned replies and its SLA targets. */
export const helpDeskEndpoints = {
  listCannedReplies: defineEndpoint({
    operationId: 'listCannedReplies',
    method: 'GET',
    path: '/user/canned-replies/',
    tags,
    summary: "A desk's canned replies by title; without a department, those of every desk I am on",
    policy: { rule: 'isTicketDesk of the department asked for (omitted: every desk I am on)', outsider: 404 },
    query: ZCannedRepliesQuery,
    responses: { 200: ZCannedReplyList },
    errors: [400, 401, 403, 404],
  }),
  createCannedReply: defineEndpoint({
    operationId: 'createCannedReply',
    method: 'POST',
    path: '/user/canned-replies/',
    tags,
    summary: 'Add a canned reply to a desk I am on (its shortcut unique on that desk)',
    policy: { rule: 'isTicketDesk of its department: any member of that desk', outsider: 404 },
    body: ZCannedReplyRequest,
    responses: { 201: ZCannedReply },
    errors: [400, 401, 403, 404],
  }),
  updateCannedReply: defineEndpoint({
    operationId: 'updateCannedReply',
    method: 'PUT',
    path: '/user/canned-replies/:id/',
    tags,
    summary: 'Change a canned reply (its author or a manager of its desk)',
    policy: {
      rule: 'canEditCannedReply: its author or a desk manager (other members 403); and on the desk it moves to',
      outsider: 404,
    },
    params: ZCannedReplyIdParams,
    body: ZCannedReplyRequest,
    responses: { 200: ZCannedReply },
    errors: [400, 401, 403, 404],
  }),
  deleteCannedReply: defineEndpoint({
    operationId: 'deleteCannedReply',
    method: 'DELETE',
    path: '/user/canned-replies/:id/',
    tags,
    summary: 'Remove a canned reply (its author or a manager of its desk)',
    policy: { rule: 'canEditCannedReply: its author or a desk manager (other members 403)', outsider: 404 },
    params: ZCannedReplyIdParams,
    responses: { 204: noContent.describe('Removed.') },
    errors: [400, 401, 403, 404],
  }),
  getSlaTargets: defineEndpoint({
    operationId: 'getSlaTargets',
    method: 'GET',
    path: '/user/ticket-sla/',
    tags,
    summary: "A desk's SLA targets, one row per priority, urgent first (that desk only)",
    policy: { rule: 'isTicketDesk of the department asked for', outsider: 404 },
    query: ZSlaQuery,
    responses: { 200: ZSlaTargets },
    errors: [400, 401, 403, 404],
  }),
  setSlaTargets: defineEndpoint({
    operationId: 'setSlaTargets',
    method: 'PUT',
    path: '/user/ticket-sla/',
    tags,
    summary: "Set a desk's SLA targets, all four priorities at once (the desk's managers)",
    policy: { rule: 'canSetSlaTargets: the desk managers (other desk members 403)', outsider: 404 },
    body: ZSlaTargetsRequest,
    responses: { 200: ZSlaTargets },
    errors: [400, 401, 403, 404],
  }),
};
