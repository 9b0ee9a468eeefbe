import { z } from 'zod';
import { defineEndpoint, noContent } from '../common/endpoint.js';
import { schemaMessage } from '../common/messages.js';
import { ZText } from '../common/text.js';
import { ZLoginResponse } from './auth.js';

/**
 * The ways to sign in this portal offers, for the login page: the company's OpenID provider
 * (its button's label; null: the translated default), passkeys, and local passwords.
 */
export const ZSsoOptions = z.object({
  oidc: z.object({ label: ZText.nullable() }).nullable(),
  passkeys: z.boolean(),
  local_login: z.boolean(),
});
export type TSsoOptions = z.infer<typeof ZSsoOptions>;

/** A path of this portal to land on after signing in (never another site: `//host`, `/\host`). */
export const ZReturnPath = ZText.max(2000).regex(/^\/(?![/\\])/, schemaMessage('returnPathInvalid'));

export const ZOidcStartQuery = z.object({ next: ZReturnPath.optional() });
export type TOidcStartQuery = z.infer<typeof ZOidcStartQuery>;

/** What the provider sends back to the callback (RFC 6749 §4.1.2; RFC 9207 `iss`). */
export const ZOidcCallbackQuery = z
  .object({
    code: ZText.max(4096).optional(),
    state: ZText.max(512).optional(),
    iss: ZText.max(2048).optional(),
    error: ZText.max(256).optional(),
    error_description: ZText.max(2048).optional(),
  })
  .passthrough();
export type TOidcCallbackQuery = z.infer<typeof ZOidcCallbackQuery>;

/** The one-time hand-off code the callback put in the browser's address fragment. */
export const ZSsoExchangeRequest = z.object({ code: ZText.min(1).max(256) });
export type TSsoExchangeRequest = z.infer<typeof ZSsoExchangeRequest>;

/** A redirect: no body, the `Location` header says where. */
const redirect = noContent.describe('Redirect: see the Location header');

const tags = ['auth'] as const;

/** Single sign-on through an OpenID Connect provider (authorization code flow with PKCE). */
export const ssoEndpoints = {
  ssoOptions: defineEndpoint({
    operationId: 'ssoOptions',
    method: 'GET',
    path: '/auth/sso/',
    tags,
    summary: 'The ways to sign in this portal offers (company provider, passkeys, local passwords)',
    access: 'public',
    policy: { rule: 'anyone: what the login page offers', outsider: null },
    security: [],
    responses: { 200: ZSsoOptions },
    errors: [],
  }),
  oidcStart: defineEndpoint({
    operationId: 'oidcStart',
    method: 'GET',
    path: '/auth/oidc/start/',
    tags,
    summary: "Redirects the browser to the company's OpenID provider (PKCE, state, nonce)",
    description: 'Answers 302 to the provider, or to `/login?sso_error=<code>` when the provider cannot be reached.',
    access: 'public',
    policy: { rule: 'anyone: starts a sign-in at the provider', outsider: null },
    security: [],
    query: ZOidcStartQuery,
    responses: { 302: redirect },
    errors: [400, 404],
  }),
  oidcCallback: defineEndpoint({
    operationId: 'oidcCallback',
    method: 'GET',
    path: '/auth/oidc/callback/',
    tags,
    summary: "The provider's redirect back: checks it and hands the browser a one-time code",
    description:
      'Answers 302 to `/login/sso#code=<one-time code>` (spent with oidcExchange), or to `/login?sso_error=<code>`.',
    access: 'public',
    policy: { rule: 'anyone: state, code and ID token checked', outsider: null },
    security: [],
    query: ZOidcCallbackQuery,
    responses: { 302: redirect },
    errors: [400, 404],
  }),
  oidcExchange: defineEndpoint({
    operationId: 'oidcExchange',
    method: 'POST',
    path: '/auth/oidc/exchange/',
    tags,
    summary: 'Spends the one-time code of a finished provider sign-in: the login answer',
    access: 'public',
    policy: { rule: 'anyone holding a live one-time code (single use, 60 s)', outsider: null },
    security: [],
    body: ZSsoExchangeRequest,
    responses: { 200: ZLoginResponse },
    errors: [400],
  }),
  oidcLogout: defineEndpoint({
    operationId: 'oidcLogout',
    method: 'GET',
    path: '/auth/oidc/logout/',
    tags,
    summary: "After signing out of the portal: redirects to the provider's sign-out when it offers one",
    description: 'Answers 302 to the provider (`end_session_endpoint`), or to `/login` when it has none.',
    access: 'public',
    policy: { rule: 'anyone: holds no session of the portal', outsider: null },
    security: [],
    responses: { 302: redirect },
    errors: [404],
  }),
};
