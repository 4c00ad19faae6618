import type { Plugin } from 'vite';

/**
 * Production builds only: React and ReactDOM are Preact's compatibility layer (preact/compat, about
 * 10 KB gzip instead of 65 KB for react-dom; issue 16 allows it "if every test still passes"). The
 * e2e journeys run against this build. Development and vitest keep React itself: the unit tests were
 * written against React's scheduling (act, synchronous effects) and stay the reference for behaviour.
 */
export function preactInProduction(): Plugin {
  return {
    name: 'carpool-preact-in-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react$/, replacement: 'preact/compat' },
          { find: /^react-dom$/, replacement: 'preact/compat' },
          { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
          { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
          { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
        ],
      },
    }),
  };
}
