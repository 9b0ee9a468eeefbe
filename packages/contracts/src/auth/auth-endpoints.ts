import { defineEndpoint } from '../common/endpoint.js';
import { ZWsTicketResponse } from '../live/messages.js';
import {
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZDetailResponse,
  ZLoginRequest,
  ZLoginResponse,
} from './auth.js';

const tags = ['auth'] as const;

/** Signing in and out, the own password, and websocket tickets (spec §7's auth calls). */
export const authEndpoints = {
  login: defineEndpoint({
    operationId: 'login',
    method: 'POST',
    path: '/auth/jwt/login/',
    tags,
    summary: 'Sign in with a username (or email) and password',
    access: 'public',
    policy: { rule: 'anyone; credentials checked, failures throttled', outsider: null },
    security: [],
    body: ZLoginRequest,
    responses: { 200: ZLoginResponse },
    // 503: the company directory is configured but cannot be reached (local accounts still sign in).
    errors: [400, 403, 429, 503],
  }),
  logout: defineEndpoint({
    operationId: 'logout',
    method: 'POST',
    path: '/auth/jwt/logout/',
    tags,
    summary: 'Revoke this token',
    access: 'authenticated',
    policy: { rule: 'any signed-in user: ends their own session', outsider: null },
    responses: { 200: ZDetailResponse },
    errors: [401],
  }),
  changePassword: defineEndpoint({
    operationId: 'changePassword',
    method: 'POST',
    path: '/auth/change_password/',
    tags,
    summary: 'Change own password; ends every other session and answers a fresh token',
    access: 'authenticated',
    policy: { rule: 'any signed-in user: their own password', outsider: null },
    body: ZChangePasswordRequest,
    responses: { 200: ZChangePasswordResponse },
    errors: [400, 401],
  }),
  createWsTicket: defineEndpoint({
    operationId: 'createWsTicket',
    method: 'POST',
    path: '/auth/ws-ticket/',
    tags,
    summary: 'A single-use websocket ticket (60 s), so no access token goes into a URL',
    access: 'authenticated',
    policy: { rule: 'any signed-in user: a ticket for their own session', outsider: null },
    responses: { 200: ZWsTicketResponse },
    errors: [401],
  }),
};
