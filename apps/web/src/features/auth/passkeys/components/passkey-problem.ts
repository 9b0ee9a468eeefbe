import type { TFunction } from 'i18next';
import type { CeremonyProblem } from '../webauthn';

/** What the person reads when the browser gave no passkey answer. */
export const problemText = (t: TFunction, problem: CeremonyProblem): string => t(`passkeys.problems.${problem}`);
