import { notificationEndpoints, type TAnnouncementRequest } from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

const N = notificationEndpoints;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPage: build.query({
      ...fromContract(N.listNotifications, (page: number) => ({ query: { page } })),
      keepUnusedDataFor: 0, // the slice holds the items; the cache would only go stale
    }),
    unreadCount: build.query({
      ...fromContract(N.countUnreadNotifications, (_: void) => ({})),
      keepUnusedDataFor: 0,
    }),
    markRead: build.mutation({
      ...fromContract(N.markNotificationsRead, (ids: number[]) => ({ body: { data: ids } })),
    }),
    announce: build.mutation({
      ...fromContract(N.announce, (body: TAnnouncementRequest) => ({ body })),
    }),
  }),
});

export const { useAnnounceMutation } = notificationsApi;
