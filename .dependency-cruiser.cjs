// Import cycles are refused (decision 0004). dependency-cruiser builds the module graph of
// the server, the web, the agent and the contracts with the project's own TypeScript, so a
// cycle through type-only imports counts too: it couples the modules all the same.
// Run by `npm run lint` (`depcruise --config .dependency-cruiser.cjs …`).
'use strict';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles are refused: move what both sides need into one of them, or into shared code.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    // Our sources import `./x.js` for `x.ts` (Node ESM style) and the web imports `./x` for
    // `x.tsx`; `@portal/contracts` resolves through its workspace link to its sources.
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'node'],
      mainFields: ['module', 'main', 'types'],
    },
    moduleSystems: ['es6', 'cjs'],
    reporterOptions: { text: { highlightFocused: true } },
  },
};
