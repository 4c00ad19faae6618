type RegistryEntry = { id: string; method: string; path: string; auth: string; multipart?: boolean };
export type Registry = Record<string, Record<string, RegistryEntry>>;

/** The registry without its zod schemas: what the api client needs to call (id, method, path, auth, multipart). */
export function routeTableOf(endpoints: Registry): Record<string, Record<string, RegistryEntry>> {
  return Object.fromEntries(
    Object.entries(endpoints).map(([domain, entries]) => [
      domain,
      Object.fromEntries(
        Object.entries(entries).map(([name, { id, method, path, auth, multipart }]) => [
          name,
          multipart ? { id, method, path, auth, multipart } : { id, method, path, auth },
        ]),
      ),
    ]),
  );
}

