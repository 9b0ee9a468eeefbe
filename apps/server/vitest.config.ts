import { defineProject } from 'vitest/config';

// test/postgres/ needs a PostgreSQL server: it runs in the CI pass that provides one.
const postgres = process.env.TEST_DATABASE_URL ? ['test/postgres/**/*.test.ts'] : [];

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/*.test.ts', 'test/embedded/**/*.test.ts', ...postgres],
    // Each file starts real servers on real databases; generous but bounded, so that a
    // loaded 2-core machine (a fresh clone's first run, other work beside it) still passes.
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
