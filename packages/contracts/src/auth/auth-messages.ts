import { message } from '../common/message-define.js';

/** Signing in, passwords and accounts. */
export const AUTH_MESSAGES = {
  loginFailed: message('Unable to log in with provided credentials.'),
  directoryUnavailable: message(
    'The company directory cannot be reached right now, so your password cannot be checked. Try again in a few minutes.',
  ),
  accountDisabled: message('This account is disabled. Ask an administrator to enable it.'),
  sessionAccountDisabled: message(
    'You were signed out because your account was deactivated. Ask an administrator to enable it again.',
  ),
  loginThrottled: message('Too many failed login attempts. Try again later.'),
  networkThrottled: message('Too many failed attempts from your network. Try again later.'),
  passwordChangeThrottled: message('Too many wrong passwords. Try again later.'),
  oldPasswordWrong: message('Your old password was entered incorrectly.'),
  newPasswordSame: message('The new password must differ from the old one.'),
  passwordIsUsername: message('The password must not be the same as the username.'),
  passwordTooCommon: message('This password is too common.'),
  passwordTooShort: message(
    { one: 'Password must be at least {{count}} character.', other: 'Password must be at least {{count}} characters.' },
    { count: 'count' },
  ),
  passwordTooLong: message(
    { one: 'Password must be at most {{count}} character.', other: 'Password must be at most {{count}} characters.' },
    { count: 'count' },
  ),
  usernameTooShort: message('Username must be at least 2 characters.'),
  usernameTooLong: message('Username must be at most 64 characters.'),
  usernameCharacters: message('Username may contain letters, digits and . _ @ + - only.'),
  phoneCharacters: message('Phone may contain digits, spaces and + ( ) - only.'),
  avatarLink: message('Avatar must be an https:// link or a portal file.'),
  usernameTaken: message('A user with that username already exists.'),
  userTypeMissing: message('Choose the type of account: it decides what the person may see and do.'),
  emailTaken: message('A user with that email already exists.'),
  mfaCodeFormat: message('Enter the 6-digit code from your authenticator app.'),
  mfaCodeWrong: message('That code is not right. Check your authenticator app and try again.'),
  mfaRecoveryCodeWrong: message('That recovery code is not valid or has already been used.'),
  mfaThrottled: message('Too many wrong codes. Try again later.'),
  signInStartThrottled: message('Too many sign-ins were started from your network. Try again in a few minutes.'),
  mfaChallengeInvalid: message('This sign-in has expired or was already completed. Sign in again.'),
  mfaProofNeeded: message('Enter a current code from your authenticator app, or your password.'),
  mfaPasswordWrong: message('The password was entered incorrectly.'),
  totpAlreadyOn: message('An authenticator app is already set up. Turn it off first to set up another.'),
  totpNotOn: message('No authenticator app is set up.'),
  totpNotStarted: message('Start the setup again: scan the new QR code first.'),
  ownAccountLockout: message('You cannot deactivate your own account or remove your own ADMIN type.'),
};
