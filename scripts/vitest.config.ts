import { defineProject } from 'vitest/config';

// Checks of the repository's own tooling (the lint rules that hold the architecture).
export default defineProject({ test: { name: 'tooling', include: ['**/*.test.ts'], testTimeout: 60_000 } });
