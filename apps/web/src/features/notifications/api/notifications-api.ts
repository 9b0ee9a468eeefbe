import {
  ZMarkReadResponse,
  ZNotificationPage,
  ZUnreadCount,
  type TAnnouncementRequest,
  type TNotification,
  type TNotificationPage,
} from '@portal/contracts';
import { z } from 'zod';
import { api } from '../../../lib/api/api';

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPage: build.query<TNotificationPage, number>({
      query: (page) => ({ url: 'notifications/all/', params: { page } }),
      responseSchema: ZNotificationPage,
      keepUnusedDataFor: 0, // the slice holds the items; the cache would only go stale
    }),
    unreadCount: build.query<{ count: number }, void>({
      query: () => 'notifications/unread-count/',
      responseSchema: ZUnreadCount,
      keepUnusedDataFor: 0,
    }),
    markRead: build.mutation<TNotification[], number[]>({
      query: (ids) => ({ url: 'notifications/read/', method: 'POST', body: { data: ids } }),
      responseSchema: ZMarkReadResponse,
    }),
    announce: build.mutation<{ id: number }, TAnnouncementRequest>({
      query: (body) => ({ url: 'notifications/announce/', method: 'POST', body }),
      responseSchema: z.object({ id: z.number() }),
    }),
  }),
});

export const { useAnnounceMutation } = notificationsApi;
