import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts real servers on real databases; generous but bounded.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
