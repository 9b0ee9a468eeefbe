import { hash, verify } from '@node-rs/argon2';
import fs from 'node:fs';

/**
 * argon2id (OWASP's first choice): memory-hard, so GPU guessing of a stolen hash is
 * costly, and @node-rs/argon2 ships prebuilt binaries and hashes off the event loop.
 * Parameters are OWASP's minimum (19 MiB, t=2, p=1) to keep logins fast on 2 cores.
 */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

// Verifying against this when the user does not exist keeps the response time the same,
// so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** The 3,000 most common passwords (from zxcvbn-ts's ranked list), lower-cased. */
const COMMON = new Set(
  fs
    .readFileSync(new URL('./data/common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean),
);

/**
 * Rules beyond the contract's length check, which need the account: returns the
 * message for `new_password`, or null when the password is acceptable.
 */
export function passwordProblem(password: string, username: string): string | null {
  if (password.toLowerCase() === username.toLowerCase()) return 'The password must not be the same as the username.';
  if (COMMON.has(password.toLowerCase())) return 'This password is too common.';
  return null;
}
