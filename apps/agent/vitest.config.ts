import { defineProject } from 'vitest/config';

// The agent's tests drive a real X server (Xvfb + openbox): .ci/run installs them.
export default defineProject({
  test: {
    name: 'agent',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
