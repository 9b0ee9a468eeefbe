import { defineEndpoint, fileAnswer } from '../common/endpoint.js';
import { ZText } from '../common/text.js';
import { ZEventLogFilter, ZEventLogPage, ZEventLogQuery } from './event-logs.js';

const tags = ['event logs'] as const;
const EVENT_LOG_VIEWERS = { rule: 'canViewEventLogs: directors and ADMIN', outsider: 403 } as const;

/** The audit trail (directors and ADMIN). */
export const eventLogEndpoints = {
  listEventLogs: defineEndpoint({
    operationId: 'listEventLogs',
    method: 'GET',
    path: '/eventlogs/',
    tags,
    summary: 'Audit trail, newest first (directors and ADMIN)',
    policy: EVENT_LOG_VIEWERS,
    query: ZEventLogQuery,
    responses: { 200: ZEventLogPage },
    errors: [400, 401, 403],
  }),
  exportEventLogs: defineEndpoint({
    operationId: 'exportEventLogs',
    method: 'GET',
    path: '/eventlogs/export.csv',
    tags,
    summary: 'The filtered audit trail as CSV, streamed (directors and ADMIN)',
    policy: EVENT_LOG_VIEWERS,
    query: ZEventLogFilter,
    responses: { 200: fileAnswer('text/csv', ZText) },
    errors: [400, 401, 403],
  }),
};
