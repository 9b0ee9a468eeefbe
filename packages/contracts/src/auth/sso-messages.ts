import { message } from '../common/message-define.js';

/** Single sign-on through the company's OpenID provider: why a sign-in there did not finish. */
export const SSO_MESSAGES = {
  oidcNotConfigured: message('Company sign-in is not set up on this portal.'),
  oidcUnavailable: message('The company sign-in service cannot be reached right now. Try again in a few minutes.'),
  ssoCancelled: message('The company sign-in was cancelled.'),
  ssoExpired: message('The company sign-in took too long or was already used. Start again.'),
  ssoFailed: message('The company sign-in could not be completed. Start again, or ask IT if it keeps failing.'),
  returnPathInvalid: message('Must be a path of this portal.'),
};
