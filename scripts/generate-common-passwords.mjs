// Regenerates apps/server/src/features/auth/data/common-passwords.txt: the 3,000 most
// common passwords from zxcvbn-ts's ranked list (MIT), lower-cased and de-duplicated.
// Kept as data in the repo so the server needs no dictionary package at run time.
import fs from 'node:fs';
import { dictionary } from '@zxcvbn-ts/language-common';

const ranked = dictionary['passwords-common'];
const seen = new Set();
for (const p of ranked) {
  const v = String(p).toLowerCase();
  if (v) seen.add(v);
  if (seen.size === 3000) break;
}
const out = new URL('../apps/server/src/features/auth/data/common-passwords.txt', import.meta.url);
fs.writeFileSync(out, [...seen].join('\n') + '\n');
console.log(`wrote ${seen.size} passwords`);
