import type { TIdentityMappingRequest } from '@portal/contracts';
import type { Database } from '../../../db/database.js';
import { insertIdentityMapping } from './identity-mappings.repository.js';

/**
 * The demo's directory mapping: what a company running Active Directory would write (its
 * groups by name, so a DN's first part matches, and one claim rule for a provider that
 * sends a department), so ADMIN's mapping tab shows a worked example. Until a directory or
 * provider is configured, these rules match nobody.
 */
const DEMO_RULES: TIdentityMappingRequest[] = [
  {
    match_kind: 'group',
    claim: '',
    value: 'Portal Administrators',
    user_type: 'ADMIN',
    is_manager: false,
    is_director: false,
  },
  { match_kind: 'group', claim: '', value: 'IT Managers', user_type: 'IT', is_manager: true, is_director: false },
  { match_kind: 'group', claim: '', value: 'IT Support', user_type: 'IT', is_manager: false, is_director: false },
  { match_kind: 'group', claim: '', value: 'HR Staff', user_type: 'HR', is_manager: false, is_director: false },
  {
    match_kind: 'group',
    claim: '',
    value: 'Workforce Planning',
    user_type: 'WFM',
    is_manager: false,
    is_director: false,
  },
  {
    match_kind: 'claim',
    claim: 'department',
    value: 'finance-dept',
    user_type: 'FINANCE',
    is_manager: false,
    is_director: false,
  },
  {
    match_kind: 'group',
    claim: '',
    value: 'Interpreting Staff',
    user_type: 'INTERPRETER',
    is_manager: false,
    is_director: false,
  },
];

export async function seedIdentityMappingsDemo(db: Database): Promise<void> {
  // In order: each is tried after the ones before it.
  for (const rule of DEMO_RULES) await insertIdentityMapping(db, rule);
}
