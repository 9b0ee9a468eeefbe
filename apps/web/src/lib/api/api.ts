import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API. Features add their endpoints with `api.injectEndpoints`, so
 * each feature's endpoints load with its own code-split pages.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Spec §9: cached query data is kept 60 s after its last subscriber leaves.
  keepUnusedDataFor: 60,
  tagTypes: ['Me', 'Profile', 'Account', 'Ticket', 'TicketList', 'TicketStats'],
  endpoints: () => ({}),
});
