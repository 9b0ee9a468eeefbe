/**
 * Asking the company directory (OpenLDAP, Active Directory) whether a username and
 * password are right, and who the person is. Only this file speaks LDAP; sign-in
 * (auth.service.ts) decides what each answer means for the portal.
 */
import fs from 'node:fs/promises';
import type tls from 'node:tls';
import { Client, Filter, InvalidCredentialsError, ResultCodeError, type Entry } from 'ldapts';
import type { Config } from '../../../lib/config.js';
import type { ExternalIdentity } from '../provisioning/provision.js';

export type DirectoryAnswer =
  /** The directory knows the person and the password is theirs. */
  | { kind: 'signedIn'; identity: ExternalIdentity }
  /** The directory has no such name (or, binding directly, refused the pair): the local password decides. */
  | { kind: 'unknown' }
  /** A directory user, a wrong password. */
  | { kind: 'wrongPassword' }
  /** More than one directory entry answers to the name: nobody is signed in as either. */
  | { kind: 'ambiguous' }
  /** The directory could not be asked (unreachable, certificate not trusted, service account refused). */
  | { kind: 'unavailable'; error: string };

/** A company directory is configured (LDAP_URL): sign-in asks it first. */
export function directoryConfigured(config: Config): boolean {
  return config.LDAP_URL.length > 0;
}

/** Attributes read from a person's entry (whatever the directory calls the username). */
function attributesToRead(config: Config): string[] {
  const names = [
    'uid',
    'sAMAccountName',
    'mail',
    'givenName',
    'sn',
    'entryUUID',
    'objectGUID',
    config.LDAP_GROUP_ATTRIBUTE,
  ];
  if (config.LDAP_USERNAME_ATTRIBUTE) names.push(config.LDAP_USERNAME_ATTRIBUTE);
  return [...new Set(names)];
}

/** RFC 4514: a value placed in a DN, with its special characters escaped. */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/\0/g, '\\00')
    .replace(/^([#\s])/, '\\$1')
    .replace(/\s$/, (c) => `\\${c}`);
}

/** `{username}` replaced by the (escaped) typed name, everywhere it appears. */
const fill = (template: string, value: string) => template.split('{username}').join(value);

/** The user filter with the typed name escaped per RFC 4515, so `*`, `(`, `)` match only themselves. */
export function userFilter(config: Config, username: string): string {
  return fill(config.LDAP_USER_FILTER, Filter.escape(username));
}

/** The DN (or, for Active Directory, the `user@domain` name) a direct bind uses. */
export function userBindName(template: string, username: string): string {
  return fill(template, template.includes('=') ? escapeDnValue(username) : username);
}

const first = (entry: Entry, name: string): string | undefined => {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? undefined : entry[key];
  const one = Array.isArray(value) ? value[0] : value;
  if (one === undefined) return undefined;
  const text = Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
  return text.trim() || undefined;
};

const all = (entry: Entry, name: string): string[] => {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  const value = key === undefined ? [] : entry[key]!;
  return (Array.isArray(value) ? value : [value]).map(String).filter(Boolean);
};

/** Active Directory's objectGUID (16 bytes, first three groups little-endian) as the usual text form. */
function guidText(entry: Entry): string | undefined {
  const raw = entry.objectGUID;
  const bytes = Array.isArray(raw) ? raw[0] : raw;
  if (!Buffer.isBuffer(bytes) || bytes.length !== 16) return undefined;
  const h = (from: number, to: number, reverse: boolean) => {
    const part = [...bytes.subarray(from, to)];
    return Buffer.from(reverse ? part.reverse() : part).toString('hex');
  };
  return `${h(0, 4, true)}-${h(4, 6, true)}-${h(6, 8, true)}-${h(8, 10, false)}-${h(10, 16, false)}`;
}

/** The person as provisioning sees them. The subject survives renames (entryUUID / objectGUID) where the directory has one. */
export function identityOf(config: Config, entry: Entry, typed: string): ExternalIdentity {
  const username =
    (config.LDAP_USERNAME_ATTRIBUTE && first(entry, config.LDAP_USERNAME_ATTRIBUTE)) ||
    first(entry, 'uid') ||
    first(entry, 'sAMAccountName') ||
    typed;
  return {
    provider: 'ldap',
    subject: first(entry, 'entryUUID') ?? guidText(entry) ?? entry.dn,
    username,
    email: first(entry, 'mail'),
    firstName: first(entry, 'givenName'),
    lastName: first(entry, 'sn'),
    groups: all(entry, config.LDAP_GROUP_ATTRIBUTE),
    claims: {},
  };
}

/** A short code for the event log: what went wrong, never a secret or a host's reply in full. */
function errorCode(err: unknown): string {
  const e = err as { code?: unknown; message?: unknown; constructor?: { name?: string } };
  if (typeof e?.code === 'string') return e.code;
  if (err instanceof Error && err.constructor.name !== 'Error') return err.constructor.name;
  return String(e?.message ?? 'error')
    .slice(0, 60)
    .replace(/[^\w .:-]/g, '');
}

class PlainRefused extends Error {
  code = 'PLAIN_LDAP_REFUSED';
}
class ServiceAccountRefused extends Error {
  code = 'SERVICE_ACCOUNT_REFUSED';
}

/**
 * A connection to the first directory server that answers (LDAP_URL may list several),
 * secured before any password is sent: ldaps://, or StartTLS on ldap://. A plain
 * connection only with LDAP_ALLOW_PLAIN=1 (also refused at start-up: this guards use).
 * `firstBind` runs on it: a server that cannot be reached or fails TLS is skipped for the
 * next, while any answer of the directory itself (e.g. invalid credentials) is final.
 */
async function connect(config: Config, firstBind: (client: Client) => Promise<void>): Promise<Client> {
  const ca = config.LDAP_CA_FILE ? await fs.readFile(config.LDAP_CA_FILE, 'utf8') : undefined;
  const timeout = config.LDAP_TIMEOUT * 1000;
  let lastError: unknown;
  for (const url of config.LDAP_URL) {
    const { hostname, protocol } = new URL(url);
    // `host` is what the certificate must name (also after StartTLS, where no host is dialled).
    const tlsOptions: tls.ConnectionOptions = {
      host: hostname.replace(/^\[|\]$/g, ''),
      minVersion: 'TLSv1.2',
      ...(ca ? { ca } : {}),
    };
    const secure = protocol === 'ldaps:';
    const startTls = !secure && config.LDAP_STARTTLS;
    if (!secure && !startTls && !config.LDAP_ALLOW_PLAIN) throw new PlainRefused();
    // ldapts speaks TLS from the first byte whenever it is given tlsOptions: ldaps:// only.
    const client = new Client({
      url,
      timeout,
      connectTimeout: timeout,
      strictDN: false,
      ...(secure ? { tlsOptions } : {}),
    });
    try {
      if (startTls) await client.startTLS(tlsOptions);
      await firstBind(client);
      return client;
    } catch (err) {
      await client.unbind().catch(() => undefined);
      if (err instanceof ResultCodeError || err instanceof ServiceAccountRefused) throw err;
      lastError = err;
    }
  }
  throw lastError;
}

async function search(client: Client, config: Config, base: string, scope: 'base' | 'sub', filter: string) {
  const { searchEntries } = await client.search(base, {
    scope,
    filter,
    attributes: attributesToRead(config),
    explicitBufferAttributes: ['objectGUID'],
    sizeLimit: 2,
    timeLimit: config.LDAP_TIMEOUT,
  });
  return searchEntries;
}

/**
 * Asks the directory about a username and password. Search-then-bind when LDAP_BIND_DN is
 * set (the service account finds the entry, then the password is tried on it); otherwise
 * a direct bind as LDAP_USER_DN_TEMPLATE, then the person's own entry is read.
 */
export async function askDirectory(config: Config, username: string, password: string): Promise<DirectoryAnswer> {
  // An empty password is an "unauthenticated bind", which LDAP answers with success:
  // it must never reach the directory.
  if (!password || !username) return { kind: 'unknown' };
  let client: Client | undefined;
  try {
    let entry: Entry;
    if (config.LDAP_BIND_DN) {
      client = await connect(config, async (c) => {
        try {
          await c.bind(config.LDAP_BIND_DN!, config.LDAP_BIND_PASSWORD);
        } catch (err) {
          throw err instanceof InvalidCredentialsError ? new ServiceAccountRefused() : err;
        }
      });
      const found = await search(client, config, config.LDAP_USER_BASE!, 'sub', userFilter(config, username));
      if (found.length === 0) return { kind: 'unknown' };
      if (found.length > 1) return { kind: 'ambiguous' };
      entry = found[0]!;
      try {
        await client.bind(entry.dn, password);
      } catch (err) {
        if (err instanceof InvalidCredentialsError) return { kind: 'wrongPassword' };
        throw err;
      }
    } else {
      const bindName = userBindName(config.LDAP_USER_DN_TEMPLATE!, username);
      try {
        client = await connect(config, (c) => c.bind(bindName, password));
      } catch (err) {
        // Binding directly, "no such person" and "wrong password" are one answer.
        if (err instanceof InvalidCredentialsError) return { kind: 'unknown' };
        throw err;
      }
      const found = config.LDAP_USER_BASE
        ? await search(client, config, config.LDAP_USER_BASE, 'sub', userFilter(config, username))
        : await search(client, config, bindName, 'base', '(objectClass=*)');
      if (found.length !== 1) return { kind: 'unavailable', error: 'OWN_ENTRY_UNREADABLE' };
      entry = found[0]!;
    }
    return { kind: 'signedIn', identity: identityOf(config, entry, username) };
  } catch (err) {
    return { kind: 'unavailable', error: errorCode(err) };
  } finally {
    await client?.unbind().catch(() => undefined);
  }
}
