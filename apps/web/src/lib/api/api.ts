import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * The one RTK Query API. Features add their endpoints with `api.injectEndpoints`, so
 * each feature's endpoints load with its own code-split pages.
 *
 * No cache tags here: each feature declares the tags it provides where it injects its
 * endpoints (`api.enhanceEndpoints({ addTagTypes: [...] }).injectEndpoints(...)`) and is
 * the only one to invalidate them, so adding a feature never edits this file.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Spec §9: cached query data is kept 60 s after its last subscriber leaves.
  keepUnusedDataFor: 60,
  endpoints: () => ({}),
});
