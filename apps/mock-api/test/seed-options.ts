/** Seed size for tests: small enough to be quick, big enough for every state. Fixed clock so data is stable. */
export const TEST_SEED = { users: 40, trips: 300, now: new Date('2026-11-22T15:00:00.000Z') } as const;
