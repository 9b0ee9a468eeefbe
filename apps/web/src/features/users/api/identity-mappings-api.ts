import {
  identityMappingEndpoints,
  type TIdentityMappingPreviewRequest,
  type TIdentityMappingRequest,
  type TMoveIdentityMappingRequest,
} from '@portal/contracts';
import { api } from '../../../lib/api/api';
import { fromContract } from '../../../lib/api/endpoint';

const M = identityMappingEndpoints;

/**
 * ADMIN's mapping from directory groups and provider claims to user types, and the
 * accounts linked to the directory. Own cache tags: 'IdentityMapping', 'ExternalIdentity'.
 */
export const identityMappingsApi = api
  .enhanceEndpoints({ addTagTypes: ['IdentityMapping', 'ExternalIdentity'] })
  .injectEndpoints({
    endpoints: (build) => ({
      identityMappings: build.query({
        ...fromContract(M.listIdentityMappings, (_: void) => ({})),
        providesTags: ['IdentityMapping'],
      }),
      createIdentityMapping: build.mutation({
        ...fromContract(M.createIdentityMapping, (body: TIdentityMappingRequest) => ({ body })),
        invalidatesTags: ['IdentityMapping'],
      }),
      updateIdentityMapping: build.mutation({
        ...fromContract(M.updateIdentityMapping, ({ id, rule }: { id: number; rule: TIdentityMappingRequest }) => ({
          params: { id },
          body: rule,
        })),
        invalidatesTags: ['IdentityMapping'],
      }),
      deleteIdentityMapping: build.mutation({
        ...fromContract(M.deleteIdentityMapping, (id: number) => ({ params: { id } })),
        invalidatesTags: ['IdentityMapping'],
      }),
      moveIdentityMapping: build.mutation({
        ...fromContract(M.moveIdentityMapping, ({ id, direction }: { id: number } & TMoveIdentityMappingRequest) => ({
          params: { id },
          body: { direction },
        })),
        invalidatesTags: ['IdentityMapping'],
      }),
      previewIdentityMappings: build.mutation({
        ...fromContract(M.previewIdentityMappings, (body: TIdentityMappingPreviewRequest) => ({ body })),
      }),
      userExternalIdentities: build.query({
        ...fromContract(M.listUserExternalIdentities, (id: number) => ({ params: { id } })),
        providesTags: (_r, _e, id) => [{ type: 'ExternalIdentity', id }],
      }),
    }),
  });

export const {
  useIdentityMappingsQuery,
  useCreateIdentityMappingMutation,
  useUpdateIdentityMappingMutation,
  useDeleteIdentityMappingMutation,
  useMoveIdentityMappingMutation,
  usePreviewIdentityMappingsMutation,
  useUserExternalIdentitiesQuery,
} = identityMappingsApi;
