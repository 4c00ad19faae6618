import { fileURLToPath, URL } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import { routeTableOf, type Registry } from './route-table';

const CONTRACTS = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const VIRTUAL_ID = '\0carpool-contracts-first-load';
/** Pages whose first load the bench measures (bench/web.ts). */
const FIRST_LOAD_ROUTES = ['/features/trips/routes/trips-home.tsx', '/features/trips/routes/trip-detail.tsx'];

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
    generateBundle(_options, bundle) {
      // The guard of the first load: the entry and the trips pages with everything they import
      // statically carry no zod. A constant beside schemas in a contract module drags them in.
      const chunks = new Map(Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])));
      const starts = [...chunks.values()].filter(
        (chunk) => chunk.isEntry || FIRST_LOAD_ROUTES.some((route) => chunk.facadeModuleId?.endsWith(route)),
      );
      const seen = new Set<string>();
      const visit = (fileName: string, path: string[]) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = chunks.get(fileName);
        if (!chunk) return;
        const zod = Object.keys(chunk.modules).find((id) => id.includes('/node_modules/zod/'));
        if (zod) {
          const contracts = Object.keys(chunk.modules).filter((id) => id.startsWith(CONTRACTS));
          this.error(
            `zod is on the first load (${[...path, fileName].join(' → ')}), with ${contracts.map((id) => id.slice(CONTRACTS.length)).join(', ') || 'no contract module'}. ` +
              'Keep values the first load uses (constants, helpers) in contract modules without zod (constants.ts, paging.ts, error-codes.ts) and re-export them.',
          );
        }
        for (const imported of chunk.imports) visit(imported, [...path, fileName]);
      };
      for (const chunk of starts) visit(chunk.fileName, []);
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
