import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  ZAnnouncementRequest,
  ZMarkReadRequest,
  ZMarkReadResponse,
  ZNotificationPage,
  ZNotificationPageQuery,
  ZUnreadCount,
} from './notifications.js';

const tags = ['notifications'] as const;

/** The bell: my notifications, marking them read, the unread count, and announcements. */
export const notificationEndpoints = {
  listNotifications: defineEndpoint({
    operationId: 'listNotifications',
    method: 'GET',
    path: '/notifications/all/',
    tags,
    summary: 'My notifications, newest first, 10 a page',
    policy: { rule: 'any staff member: the notifications they may see (canSeeNotificationLevel)', outsider: null },
    query: ZNotificationPageQuery,
    responses: { 200: ZNotificationPage },
    errors: [400, 401, 403],
  }),
  markNotificationsRead: defineEndpoint({
    operationId: 'markNotificationsRead',
    method: 'POST',
    path: '/notifications/read/',
    tags,
    summary: 'Mark notifications read; answers them updated (ids not mine are ignored)',
    policy: { rule: 'any staff member: ids they may not see are ignored', outsider: null },
    body: ZMarkReadRequest,
    responses: { 200: ZMarkReadResponse },
    errors: [400, 401, 403],
  }),
  countUnreadNotifications: defineEndpoint({
    operationId: 'countUnreadNotifications',
    method: 'GET',
    path: '/notifications/unread-count/',
    tags,
    summary: 'How many of mine are unread',
    policy: { rule: 'any staff member: their own count', outsider: null },
    responses: { 200: ZUnreadCount },
    errors: [401, 403],
  }),
  announce: defineEndpoint({
    operationId: 'announce',
    method: 'POST',
    path: '/notifications/announce/',
    tags,
    summary: 'Send an announcement to chosen user types (ADMIN, HR, directors)',
    policy: { rule: 'canAnnounce: ADMIN, HR and directors', outsider: 403 },
    body: ZAnnouncementRequest,
    responses: { 201: z.object({ id: z.number().int() }) },
    errors: [400, 401, 403],
  }),
};
