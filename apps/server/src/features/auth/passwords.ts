import { hash, verify } from '@node-rs/argon2';
import fs from 'node:fs';

/**
 * argon2id (OWASP's first choice): memory-hard, so GPU guessing of a stolen hash is
 * costly, and @node-rs/argon2 ships prebuilt binaries and hashes off the event loop.
 * Parameters are OWASP's minimum (19 MiB, t=2, p=1) to keep logins fast on 2 cores.
 */
// algorithm 2 = Argon2id (the package's const enum cannot be imported under isolatedModules).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most this many argon2 computations at once (each takes 19 MiB and a libuv thread);
 * the rest wait their turn. A flood of sign-in attempts then queues here instead of
 * filling the thread pool that file, DNS and zlib work share with every other request.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function bounded<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // a finishing call hands us its slot
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string) => bounded(() => hash(password, OPTIONS));

// Verifying against this when the user does not exist keeps the response time the same,
// so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-for-timing');
    const dummy = await dummyHash;
    await bounded(() => verify(dummy, password)).catch(() => false);
    return false;
  }
  try {
    return await bounded(() => verify(passwordHash, password));
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
export function passwordProblem(password: string, username: string): 'passwordIsUsername' | 'passwordTooCommon' | null {
  if (password.toLowerCase() === username.toLowerCase()) return 'passwordIsUsername';
  if (COMMON.has(password.toLowerCase())) return 'passwordTooCommon';
  return null;
}
