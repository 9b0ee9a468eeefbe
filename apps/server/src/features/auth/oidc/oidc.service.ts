import crypto from 'node:crypto';
import * as client from 'openid-client';
import {
  MESSAGES,
  type MessageCode,
  type TLoginResponse,
  type TOidcCallbackQuery,
  type TOidcStartQuery,
  type TSsoOptions,
} from '@portal/contracts';
import { auditSource, type ClientInfo } from '../../../lib/actor.js';
import type { AppContext } from '../../../lib/context.js';
import { ApiError, nonFieldError, notFound } from '../../../lib/errors.js';
import { withTx } from '../../../lib/tx.js';
import { recordEvent } from '../../event-logs/index.js';
import { finishSignIn, type SignInVia } from '../auth.service.js';
import {
  createChallenge,
  createOpenChallenge,
  OPEN_SIGN_INS_PER_ADDRESS,
  spendChallenge,
} from '../challenges.repository.js';
import { provisionExternalUser } from '../provisioning/provision.js';
import { identityFromClaims, providerAssertsMfa } from './oidc-claims.js';
import { isUnreachable, oidcSettings, providerConfiguration, type OidcSettings } from './oidc-client.js';
import { findUserById } from './oidc.repository.js';

/** How long the provider's login may take (the `state` lives this long), and the hand-off to the web app. */
const STATE_TTL_SECONDS = 600;
const HANDOFF_TTL_SECONDS = 60;

/** Where the web app takes over: the login page's SSO route (the code travels in the fragment). */
export const SSO_LANDING = '/login/sso';

/** What the login page offers: a provider's button, passkeys (always), portal passwords. */
export function ssoOptions(ctx: AppContext): TSsoOptions {
  return {
    oidc: oidcSettings(ctx.config) ? { label: ctx.config.OIDC_BUTTON_LABEL ?? null } : null,
    passkeys: true,
    local_login: ctx.config.LOCAL_LOGIN,
  };
}

function settingsOr404(ctx: AppContext): OidcSettings {
  const settings = oidcSettings(ctx.config);
  if (!settings) throw notFound('oidcNotConfigured');
  return settings;
}

/** The portal's redirect URI at the provider (register exactly this). */
export const redirectUri = (origin: string) => `${origin}/api/auth/oidc/callback/`;

/**
 * The PKCE verifier and the nonce of a sign-in, derived from its `state` with the server's
 * secret: nothing secret is stored (the challenge row holds the state's digest only), yet
 * every server process can recompute them at the callback.
 */
function derived(ctx: AppContext, state: string, what: 'pkce' | 'nonce'): string {
  return crypto.createHmac('sha256', ctx.tokens.secret).update(`oidc-${what}:${state}`).digest('base64url');
}

interface StateData {
  next: string | null;
  redirectUri: string;
}

/** The provider's authorization URL for a new sign-in (state, nonce and PKCE S256). */
export async function startSignIn(
  ctx: AppContext,
  query: TOidcStartQuery,
  origin: string,
  address: string,
): Promise<string> {
  const settings = settingsOr404(ctx);
  let config: client.Configuration;
  try {
    config = await providerConfiguration(settings);
  } catch {
    return failurePath('oidcUnavailable');
  }
  const data: StateData = { next: query.next ?? null, redirectUri: redirectUri(origin) };
  // Anyone may start one: live ones are bounded per address.
  const state = await createOpenChallenge(ctx.db, {
    purpose: 'oidc_state',
    data,
    ttlSeconds: STATE_TTL_SECONDS,
    address,
    maxOpen: OPEN_SIGN_INS_PER_ADDRESS,
  });
  if (!state) return failurePath('signInStartThrottled');
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: data.redirectUri,
    scope: ctx.config.OIDC_SCOPES,
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(derived(ctx, state, 'pkce')),
    code_challenge_method: 'S256',
    state,
    nonce: derived(ctx, state, 'nonce'),
  });
  return url.href;
}

const failurePath = (code: MessageCode) => `/login?sso_error=${encodeURIComponent(code)}`;

type FailureReason = 'expired state' | 'provider refused' | 'token rejected' | 'provider unreachable';

/** A refused callback: recorded (never with a token or code), and the login page told why. */
async function refuse(
  ctx: AppContext,
  client_: ClientInfo,
  reason: FailureReason,
  code: MessageCode,
  details: { error?: string } = {},
): Promise<string> {
  await withTx(ctx, (tx) =>
    recordEvent(tx.db, auditSource(null, client_), {
      action: 'auth.sso_failed',
      targetType: 'user',
      details: {
        reason,
        ...(details.error ? { error: details.error.slice(0, 120) } : {}),
      },
    }),
  );
  return failurePath(code);
}

/** The code an openid-client error carries (oauth4webapi's check, or the provider's `error`), for the log. */
function errorCode(err: unknown): string {
  const e = err as { error?: unknown; code?: unknown; name?: unknown };
  for (const v of [e.error, e.code, e.name]) if (typeof v === 'string' && /^[\w.:-]{1,80}$/.test(v)) return v;
  return 'unknown';
}

/**
 * The provider's redirect back. Always answers where to send the browser: the web app's
 * landing with a one-time code in the fragment, or the login page with the refusal's code.
 * The state is spent first, so a replayed callback (state or code) is refused.
 */
export async function finishCallback(
  ctx: AppContext,
  query: TOidcCallbackQuery,
  search: string,
  client_: ClientInfo,
): Promise<string> {
  const settings = settingsOr404(ctx);
  const spent = query.state ? await spendChallenge<StateData>(ctx.db, 'oidc_state', query.state) : undefined;
  if (!spent || !query.state) return refuse(ctx, client_, 'expired state', 'ssoExpired');
  const state = query.state;
  if (query.error) {
    const cancelled = query.error === 'access_denied';
    return refuse(ctx, client_, 'provider refused', cancelled ? 'ssoCancelled' : 'ssoFailed', { error: query.error });
  }

  let claims: Record<string, unknown>;
  try {
    const config = await providerConfiguration(settings);
    const currentUrl = new URL(spent.data.redirectUri);
    currentUrl.search = search;
    const tokens = await client.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: derived(ctx, state, 'pkce'),
      expectedState: state,
      expectedNonce: derived(ctx, state, 'nonce'),
      idTokenExpected: true,
    });
    const idClaims = tokens.claims()!;
    claims = { ...(await userInfo(config, tokens.access_token, idClaims.sub)), ...idClaims };
  } catch (err) {
    if (isUnreachable(err)) {
      return refuse(ctx, client_, 'provider unreachable', 'oidcUnavailable', { error: errorCode(err) });
    }
    return refuse(ctx, client_, 'token rejected', 'ssoFailed', { error: errorCode(err) });
  }

  const identity = identityFromClaims(claims, {
    username: ctx.config.OIDC_USERNAME_CLAIM,
    groups: ctx.config.OIDC_GROUPS_CLAIM,
  });
  if (!identity) return refuse(ctx, client_, 'token rejected', 'ssoFailed', { error: 'username_claim_missing' });

  let userId: number;
  try {
    userId = (await provisionExternalUser(ctx, identity, client_)).id;
  } catch (err) {
    // Provisioning records its own refusals (no mapping, not staff, deactivated…).
    if (!(err instanceof ApiError)) throw err;
    return failurePath(err.said.code in MESSAGES ? (err.said.code as MessageCode) : 'ssoFailed');
  }
  const via: SignInVia = { method: 'oidc', mfaAsserted: providerAssertsMfa(claims) };
  const handoff = await createChallenge(ctx.db, {
    purpose: 'sso_handoff',
    userId,
    data: via,
    ttlSeconds: HANDOFF_TTL_SECONDS,
  });
  const next = spent.data.next ? `&next=${encodeURIComponent(spent.data.next)}` : '';
  return `${SSO_LANDING}#code=${handoff}${next}`;
}

/**
 * The provider's userinfo claims (some providers put groups or the username only there);
 * none when it offers no userinfo endpoint. Its `sub` must be the ID token's.
 */
async function userInfo(config: client.Configuration, accessToken: string, sub: string) {
  if (!config.serverMetadata().userinfo_endpoint) return {};
  return client.fetchUserInfo(config, accessToken, sub);
}

/**
 * The web app spends the hand-off code: the sign-in finishes here, exactly as a password
 * sign-in does (the portal's own session and token, or the second-factor challenge).
 * Nothing secret was stored meanwhile: the hand-off held only who and how.
 */
export async function exchangeHandoff(ctx: AppContext, code: string, client_: ClientInfo): Promise<TLoginResponse> {
  const spent = await spendChallenge<SignInVia>(ctx.db, 'sso_handoff', code);
  const user = spent?.userId ? await findUserById(ctx.db, spent.userId) : undefined;
  // Deactivated within the minute since the callback: refused like a spent code.
  if (!spent || !user || !user.is_active) throw nonFieldError('ssoExpired');
  return finishSignIn(ctx, user, client_, { method: 'oidc', mfaAsserted: spent.data.mfaAsserted === true });
}

/**
 * Where the browser goes after signing out of the portal: the provider's sign-out
 * (RP-initiated logout, with our client id, back to the login page) when it advertises
 * one, else the login page. Without an id_token_hint the provider may ask the person to
 * confirm: the portal keeps no provider token after sign-in.
 */
export async function signOutUrl(ctx: AppContext, origin: string): Promise<string> {
  const settings = settingsOr404(ctx);
  try {
    const config = await providerConfiguration(settings);
    if (!config.serverMetadata().end_session_endpoint) return '/login';
    return client.buildEndSessionUrl(config, {
      client_id: settings.clientId,
      post_logout_redirect_uri: `${origin}/login`,
    }).href;
  } catch {
    return '/login';
  }
}
