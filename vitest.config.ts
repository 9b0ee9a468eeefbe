import { defineConfig } from 'vitest/config';

// One runner for every unit, component and API suite; each workspace brings its config.
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web', 'apps/agent', 'scripts'],
    // Two cores: more parallel embedded databases and browsers only thrash.
    maxWorkers: 2,
  },
});
