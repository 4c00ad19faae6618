export {
  DEFAULT_TRIPS,
  DEFAULT_USERS,
  seedDatabase,
  tableCounts,
  wipeDatabase,
  type SeedOptions,
  type SeedSummary,
} from './seed-database';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, MIN_USERS } from './people';
export { loadPlaces, normalizeSearch, placeSearchText, PLACES_DIR } from './places';
export { avatarFileName } from './avatars';
