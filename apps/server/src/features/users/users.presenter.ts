import type { TPublicProfile, TUser } from '@portal/contracts';
import type { UserRow } from '../../db/schema.js';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The only way a user leaves the server: never the password hash. */
export function presentUser(u: UserRow): TUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    first_name: u.first_name,
    last_name: u.last_name,
    user_type: u.user_type,
    is_director: u.is_director,
    is_manager: u.is_manager,
    is_active: u.is_active,
    phone: u.phone,
    avatar: u.avatar,
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
  };
}

export function presentProfile(u: UserRow): TPublicProfile {
  const { created_at: _c, updated_at: _u, ...rest } = presentUser(u);
  return rest;
}
