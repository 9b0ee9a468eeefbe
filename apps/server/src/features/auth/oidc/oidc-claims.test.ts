import { describe, expect, it } from 'vitest';
import { identityFromClaims, providerAssertsMfa } from './oidc-claims.js';

const names = { username: 'preferred_username', groups: 'groups' };

describe('identityFromClaims', () => {
  it('maps the standard claims and the configured username and groups claims', () => {
    const claims = {
      sub: 'abc',
      preferred_username: 'sara',
      email: 'sara@corp.example',
      email_verified: true,
      given_name: 'Sara',
      family_name: 'Haddad',
      groups: ['portal-it', 7, ''],
    };
    expect(identityFromClaims(claims, names)).toEqual({
      provider: 'oidc',
      subject: 'abc',
      username: 'sara',
      email: 'sara@corp.example',
      emailVerified: true,
      firstName: 'Sara',
      lastName: 'Haddad',
      groups: ['portal-it'],
      claims,
    });
  });

  it('reads a dotted claim along its path (Keycloak realm roles) and a single group string', () => {
    const claims = { sub: 'x', upn: 'omar@corp', realm_access: { roles: ['hr'] } };
    expect(identityFromClaims(claims, { username: 'upn', groups: 'realm_access.roles' })?.groups).toEqual(['hr']);
    expect(identityFromClaims({ sub: 'x', preferred_username: 'a', groups: 'g1' }, names)?.groups).toEqual(['g1']);
  });

  it('refuses claims without the username claim or a subject', () => {
    expect(identityFromClaims({ sub: 'x' }, names)).toBeNull();
    expect(identityFromClaims({ preferred_username: 'a' }, names)).toBeNull();
  });
});

describe('providerAssertsMfa', () => {
  it('reads amr and acr', () => {
    expect(providerAssertsMfa({ amr: ['pwd', 'otp'] })).toBe(true);
    expect(providerAssertsMfa({ amr: ['mfa'] })).toBe(true);
    expect(providerAssertsMfa({ acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor' })).toBe(true);
    expect(providerAssertsMfa({ amr: ['pwd'], acr: '1' })).toBe(false);
    expect(providerAssertsMfa({})).toBe(false);
  });
});
