import { fileURLToPath, URL } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { routeTableOf, type Registry } from './route-table';

const CONTRACTS = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const VIRTUAL_ID = '\0carpool-contracts-first-load';

/**
 * Production builds only: `import { endpoints } from '@carpool/contracts'` in the web app gets a route
 * table generated from the registry at build time (so every entry anyone adds is covered), and every
 * other export of the package as it is. The schemas load later through '@carpool/contracts/registry'
 * (lib/contract-check.ts). Development and the tests use the package itself and validate before use.
 */
export function contractsRouteTable(): Plugin {
  let table = '';
  return {
    name: 'carpool-contracts-route-table',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const { module } = await runnerImport<{ endpoints: Registry }>(`${CONTRACTS}endpoints.ts`, {
        configFile: false,
        logLevel: 'error',
      });
      table = JSON.stringify(routeTableOf(module.endpoints));
    },
    resolveId(source, importer) {
      if (source !== '@carpool/contracts' || !importer || importer.startsWith(CONTRACTS)) return null;
      return VIRTUAL_ID;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return null;
      return [
        `export * from ${JSON.stringify(`${CONTRACTS}index.ts`)};`,
        `export const endpoints = ${table};`,
        'export const endpointList = Object.values(endpoints).flatMap((domain) => Object.values(domain));',
      ].join('\n');
    },
  };
}
