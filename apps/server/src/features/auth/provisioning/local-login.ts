import type { UserRow } from '../../../db/schema.js';
import type { Config } from '../../../lib/config.js';

type LocalLoginConfig = Pick<Config, 'LOCAL_LOGIN' | 'LOCAL_LOGIN_ACCOUNTS'>;

/** A break-glass account: keeps its portal password when LOCAL_LOGIN is off, and is never linked to a directory account. */
export function isBreakGlassAccount(config: LocalLoginConfig, user: Pick<UserRow, 'username'>): boolean {
  const name = user.username.toLowerCase();
  return config.LOCAL_LOGIN_ACCOUNTS.some((u) => u.toLowerCase() === name);
}

/**
 * Whether `user` may sign in with a portal password: always when LOCAL_LOGIN is on;
 * otherwise only the break-glass accounts (LOCAL_LOGIN_ACCOUNTS), so an outage of the
 * directory or provider does not lock every administrator out.
 */
export function localLoginAllowed(config: LocalLoginConfig, user: Pick<UserRow, 'username'>): boolean {
  return config.LOCAL_LOGIN || isBreakGlassAccount(config, user);
}
