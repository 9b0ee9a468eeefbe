import { describe, expect, it } from 'vitest';
import { ceremonyProblem, createPasskey, getPasskey } from './webauthn';

describe('passkey ceremonies', () => {
  it('says a cancelled or timed-out prompt, a device already registered, an insecure address, or a failure', () => {
    expect(
      ceremonyProblem(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError')),
    ).toBe('cancelled');
    expect(ceremonyProblem(Object.assign(new Error('x'), { code: 'ERROR_CEREMONY_ABORTED' }))).toBe('cancelled');
    expect(ceremonyProblem(Object.assign(new Error('x'), { code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }))).toBe(
      'alreadyRegistered',
    );
    expect(ceremonyProblem(new DOMException('This is an invalid domain.', 'SecurityError'))).toBe('insecure');
    expect(ceremonyProblem(new Error('something else'))).toBe('failed');
    expect(ceremonyProblem(undefined)).toBe('failed');
  });

  it('answers "unsupported" without asking the browser when it has no WebAuthn', async () => {
    // jsdom, like an old browser, has no PublicKeyCredential.
    expect('PublicKeyCredential' in window).toBe(false);
    const options = { challenge: 'AAAA', rpId: 'localhost' };
    expect(await getPasskey(options)).toEqual({ problem: 'unsupported' });
    expect(
      await createPasskey({
        ...options,
        rp: { name: 'Staff Portal' },
        user: { id: 'AAAA', name: 'hr', displayName: 'Hala' },
        pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
      }),
    ).toEqual({ problem: 'unsupported' });
  });
});
