import type {
  TAssertionCredential,
  TAssertionOptions,
  TRegistrationCredential,
  TRegistrationOptions,
} from '@portal/contracts';

/** Why the browser gave no passkey answer, as the person should be told (`passkeys.problems.<problem>`). */
export type CeremonyProblem = 'unsupported' | 'cancelled' | 'alreadyRegistered' | 'insecure' | 'failed';

/** The browser's answer, or why there is none. */
export type Ceremony<T> = { credential: T } | { problem: CeremonyProblem };

/** Whether this browser can use passkeys at all (WebAuthn in a secure context: HTTPS or localhost). */
export function webAuthnAvailable(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/**
 * A browser refusal in plain terms: NotAllowedError is the person cancelling (or the
 * prompt timing out: browsers do not tell the two apart, on purpose), InvalidStateError a
 * device that already holds a passkey for the account, SecurityError an address passkeys
 * cannot be made for.
 */
export function ceremonyProblem(err: unknown): CeremonyProblem {
  const { name, code } = (err ?? {}) as { name?: string; code?: string };
  if (name === 'NotAllowedError' || name === 'AbortError' || code === 'ERROR_CEREMONY_ABORTED') return 'cancelled';
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return 'alreadyRegistered';
  if (name === 'SecurityError' || code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID') return 'insecure';
  return 'failed';
}

// The browser library loads with the first passkey action, not with the sign-in page.
const browserLibrary = () => import('@simplewebauthn/browser');

/** `navigator.credentials.create()` for the server's options. */
export async function createPasskey(options: TRegistrationOptions): Promise<Ceremony<TRegistrationCredential>> {
  if (!webAuthnAvailable()) return { problem: 'unsupported' };
  try {
    const { startRegistration } = await browserLibrary();
    const credential = await startRegistration({ optionsJSON: options as never });
    return { credential: credential as TRegistrationCredential };
  } catch (err) {
    return { problem: ceremonyProblem(err) };
  }
}

/** `navigator.credentials.get()` for the server's options. */
export async function getPasskey(options: TAssertionOptions): Promise<Ceremony<TAssertionCredential>> {
  if (!webAuthnAvailable()) return { problem: 'unsupported' };
  try {
    const { startAuthentication } = await browserLibrary();
    const credential = await startAuthentication({ optionsJSON: options as never });
    return { credential: credential as TAssertionCredential };
  } catch (err) {
    return { problem: ceremonyProblem(err) };
  }
}
