/**
 * Business constants and limits of spec document 2 §9 (and the lengths of document 1 §5),
 * imported by the mock API and the web app alike.
 */

export const TIMING = {
  autocompleteDelayMs: 750,
  adminUserSearchDebounceMs: 750,
  friendSearchDebounceMs: 750,
  dateInputDebounceMs: 800,
  conversationPollMs: 20_000,
  notificationsPollMs: 30_000,
  adminPollMs: 20_000,
  errorToastMs: 10_000,
  defaultToastMs: 2_000,
  initialLoadWaitMs: 2_000,
  iosInstallModalDelayMs: 2_000,
  onboardingOverlayDelayMs: 600,
  mapRenderDelayMs: 500,
} as const;

export const PAGE_SIZES = {
  /** Default page size of paged lists (provider). */
  default: 20,
  messages: 20,
  notifications: 25,
  ratings: 200,
  trips: 20,
  firstPage: 1,
  adminUserSuggestions: 3,
  autocompleteResults: 5,
} as const;

export const LENGTHS = {
  message: 800,
  ratingComment: 600,
  ratingReply: 260,
  reference: 260,
  tripDescription: 2000,
  lastMessagePreview: 50,
  townName: 23,
  townNameSmallFontAbove: 16,
  userName: 25,
  email: 40,
  password: 40,
  passwordMin: 8,
  userDescription: 2000,
  userDescriptionMinNonSpace: 10,
  adminDescription: 1000,
  privateNote: 1000,
  nroDocMin: 7,
  nroDocMax: 8,
  phoneMin: 7,
  phoneMax: 20,
  patente: 20,
  /** mock: limits the spec does not give, so that no request field is unbounded. */
  carDescription: 255,
  address: 255,
  searchText: 100,
  bankField: 40,
  deviceId: 1000,
  /** The provider's users_devices.device_type column. */
  deviceType: 12,
  antiBotToken: 4096,
  fileName: 255,
  /** POST /api/log: a client error with its stack. */
  log: 10_000,
} as const;

/** Registration sends first and last name joined by a space, each up to LENGTHS.userName. */
export const FULL_NAME_MAX = LENGTHS.userName * 2 + 1;

export const SUBSCRIPTION_MATCH_CAP = 20;

export const SEARCH = {
  /** Radius (metres) for the owner's matching users/passengers. */
  matchingRadiusM: 25_000,
  /** Default and minimum radius (metres) for origin/destination search. */
  defaultRadiusM: 1_000,
  /** Date window (days) around a searched date. */
  dateWindowDays: 3,
  dateMaxYearsAhead: 2,
  dateMaxYearsBack: 100,
  minBirthDate: '1900-01-01',
} as const;

export const SEATS = {
  min: 1,
  max: 4,
  default: 2,
  /** The driver's free-seat stepper is disabled above 3 free seats. */
  stepperMaxFree: 3,
} as const;

export const TRIP_DEFAULTS = {
  /** 2 = public. */
  friendshipTypeId: 2,
  /** Return trip default time: two hours after the outbound. */
  returnTripOffsetHours: 2,
  /** Requests above this show a warning (module_show_pending_request_count). */
  pendingRequestsWarningAbove: 2,
} as const;

export const MONEY = {
  /** Fuel price used by the client's fallback price formula (ARS per litre). */
  fallbackFuelPrice: 1500,
  kmPerLitre: 10,
  /** Tolls on top of the fuel, as a percentage of it (the server's price formula). */
  tollsPercentage: 10,
  /** Fuel price in the country configuration. */
  configFuelPrice: 4.15,
  currency: 'ARS',
  centsPerUnit: 100,
} as const;

export const ENVIRONMENT = {
  /** Emissions shown for a trip: kg CO2 per km. */
  co2KgPerKm: 1.5,
  /** Environmental claim of the about page: saved per km shared. */
  co2SavedGramsPerKm: 150,
  fuelSavedLitresPerKm: 0.071,
} as const;

export const RATINGS = {
  opensAfterHours: 24,
  windowDays: 14,
  starsMax: 5,
  /** Reply-time buckets, in hours. */
  replyBuckets: { moreThanADay: 24, sameDay: 12, coupleOfHours: 1 },
} as const;

/**
 * A rating's `user_to_type`: the role of the RATED user, with the provider's constants
 * (Passenger::TYPE_CONDUCTOR = 0, TYPE_PASAJERO = 1): a passenger's rating of the driver is 0, the
 * driver's rating of a passenger is 1. So a received rating with 0 comes from a passenger.
 */
export const RATED_ROLE = { driver: 0, passenger: 1 } as const;

export const DONATIONS = {
  amounts: [2000, 5000, 10000] as const,
  customMonthlyValue: 50,
  ammountNeeded: 1000,
  tripsCount: 20,
  tripsRated: 2,
} as const;

export const APP = {
  locale: 'arg',
  timezone: 'America/Argentina/Buenos_Aires',
  appVersion: 3,
  maxCardsPerRow: 4,
} as const;

export const BREAKPOINTS = {
  /** Mobile below 768 px. */
  tablet: 768,
  desktop: 992,
  large: 1300,
} as const;

export const MAP = {
  defaultCenter: { lat: -29, lng: -60 },
  defaultZoom: 4,
  heightPx: 461,
} as const;

export const STORAGE_KEYS = {
  token: 'TOKEN',
  user: 'USER',
  currentDevice: 'CURRENT_DEVICE',
  firstTimeApp: 'FIRST_TIME_APP',
} as const;

export const AUTH = {
  tokenLifetimeDays: 7,
  refreshWindowDays: 14,
} as const;

export const UPLOADS = {
  maxFileBytes: 5 * 1024 * 1024,
  imageTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const,
  documentTypes: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const,
} as const;

/** Carbon footprint in kg for a distance in metres (distance / 1000 × 1.5). */
export function co2ForDistance(distanceMetres: number): number {
  return (distanceMetres / 1000) * ENVIRONMENT.co2KgPerKm;
}

/** Seat request states (spec document 1 §4). 1 and 4 count as active passengers. */
export const REQUEST_STATES = {
  pending: 0,
  accepted: 1,
  rejected: 2,
  cancelled: 3,
  waitingPayment: 4,
} as const;
export type RequestState = (typeof REQUEST_STATES)[keyof typeof REQUEST_STATES];

/** The configured name_app as the product shows it everywhere: capitalised (spec: "capitalised"). */
export const appTitle = (nameApp: string): string => nameApp.charAt(0).toUpperCase() + nameApp.slice(1);
