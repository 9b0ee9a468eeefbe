import * as client from 'openid-client';
import type { Config } from '../../../lib/config.js';

/** The provider settings the portal runs with (unset: no company sign-in). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

export function oidcSettings(config: Config): OidcSettings | null {
  if (!config.OIDC_ISSUER || !config.OIDC_CLIENT_ID) return null;
  return { issuer: config.OIDC_ISSUER, clientId: config.OIDC_CLIENT_ID, clientSecret: config.OIDC_CLIENT_SECRET };
}

/** The provider could not be reached (discovery, keys or token endpoint): a 503-style refusal. */
export class ProviderUnreachable extends Error {}

/** Plain http only to a provider on this machine (tests, a local proxy): anything else must be https. */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Discovery documents by issuer and client, fetched on first use and kept (they hold no
 * sign-in state; every process fetches its own). The configuration also caches the
 * provider's JWKS, which openid-client refetches when an ID token names an unknown `kid`
 * (the provider rotated its keys). A failed discovery is forgotten, so the next sign-in
 * tries again.
 */
const discovered = new Map<string, Promise<client.Configuration>>();

export function providerConfiguration(settings: OidcSettings): Promise<client.Configuration> {
  const key = `${settings.issuer}\n${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = discover(settings);
    discovered.set(key, found);
    found.catch(() => discovered.delete(key));
  }
  return found;
}

async function discover(settings: OidcSettings): Promise<client.Configuration> {
  const issuer = new URL(settings.issuer);
  const insecure = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
  try {
    const config = await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None(),
      { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) },
    );
    // Check the ID token's signature against the provider's JWKS, not only trust TLS
    // (openid-client's default for ID tokens from the token endpoint).
    client.enableNonRepudiationChecks(config);
    return config;
  } catch (err) {
    throw new ProviderUnreachable(`OpenID discovery of ${settings.issuer} failed`, { cause: err });
  }
}

/** Whether an error of openid-client means the provider did not answer (rather than answered wrongly). */
export function isUnreachable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ProviderUnreachable) return true;
    const name = (e as { name?: string }).name;
    const code = (e as { code?: string }).code;
    if (name === 'AbortError' || name === 'TimeoutError') return true;
    if (
      code &&
      /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|UND_ERR_)/.test(code)
    ) {
      return true;
    }
    if (e instanceof TypeError && /fetch failed/.test(e.message)) return true;
  }
  return false;
}
