import { message } from '../common/message-define.js';

/** Company sign-in refusals about who someone is, and ADMIN's identity mapping. */
export const IDENTITY_MESSAGES = {
  ssoNoMapping: message(
    'Your directory account is in no group the portal knows, so you cannot sign in. Ask an administrator.',
  ),
  ssoNoAccount: message('There is no portal account for you yet. Ask an administrator to create one.'),
  ssoNotStaff: message(
    'Interpreters and guests do not sign in to the portal. Your account is kept for the desktop agent.',
  ),
  ssoUsernameClash: message(
    'A portal account with your username already belongs to another directory account. Ask an administrator.',
  ),
  ssoUsernameInvalid: message(
    "Your company account's username cannot be used in the portal (letters, digits and . _ @ + - only). Ask an administrator.",
  ),
  localLoginOff: message('Sign in with your company account: portal passwords are turned off.'),
  passwordManagedExternally: message(
    'Your password is managed by your company directory or sign-in provider: change it there.',
  ),
  identityMappingNotFound: message('This mapping rule no longer exists.'),
  identityMappingClaimMissing: message('Name the claim this rule reads.'),
};
