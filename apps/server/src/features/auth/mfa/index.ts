// The second factor's surface for other sign-in code (the passkey feature): what a user
// holds, and how a sign-in challenge is read and completed.
export {
  registerSecondFactor,
  secondFactorMethods,
  MFA_CHALLENGE_TTL_SECONDS,
  type SecondFactorKind,
  type SignInVia,
} from './challenge.js';
export {
  completeMfaChallenge,
  enrollerOf,
  openMfaChallenge,
  storeNewRecoveryCodes,
  type Enroller,
  type OpenChallenge,
} from './mfa.service.js';
export { mfaRoutes } from './mfa.routes.js';
