import { message } from '../common/message-define.js';

/** Passkeys (WebAuthn): registering, using and removing them. */
export const PASSKEY_MESSAGES = {
  passkeyMalformed: message('This is not a passkey answer the portal can read.'),
  passkeyRefused: message('The passkey could not be checked, or the request took too long. Try again.'),
  passkeyNotFound: message('No such passkey.'),
  passkeyNone: message('You have no passkey yet.'),
  passkeyAlreadyRegistered: message('This passkey is already registered.'),
  passkeyLimit: message(
    { one: 'You can keep at most {{count}} passkey.', other: 'You can keep at most {{count}} passkeys.' },
    { count: 'count' },
  ),
  passkeyLastFactor: message(
    'Your account must keep a second factor: add another passkey or an authenticator app before removing this one.',
  ),
  passkeyThrottled: message('Too many failed passkey attempts. Try again later.'),
};
