import path from 'node:path';
import { isCountryCode, type CountryCode } from './countries';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const appRoot = path.resolve(import.meta.dirname, '../..');

export type Env = {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  /** HS256 key; unset: generated on first start and kept in DATA_DIR/jwt-secret (see config/secret.ts). */
  jwtSecret?: string;
  /** With it, test controls answer any client that sends it in X-Mock-Controls-Token; without it, loopback only. */
  mockControlsToken?: string;
  country: CountryCode;
  mockControls: boolean;
  webDist: string;
  /** WEB_CONTRACT_CHECK=before-use: the served web app checks every answer before use (e2e). */
  webContractCheck?: 'before-use';
  /** Public origin used in links (payment page, e-mails). */
  publicUrl: string;
  /** SMTP transport (e.g. smtp://user:pass@host:587); without it e-mail goes to the local outbox table. */
  smtpUrl?: string;
  /** Sender of the app's e-mail. */
  mailFrom?: string;
  /** PUSH_CA_FILE: a PEM certificate authority the Web Push sender also trusts (a local push service in tests). */
  pushCaFile?: string;
  /**
   * TRIP_ANSWERS_MB: memory for the trip answers the read model keeps pre-serialised
   * (read-model/kept-answers.ts), default 256: enough for every upcoming trip of the bench's large
   * database, so a trip page never waits for a load there; the demo's trips take a few MB.
   */
  tripAnswersMb: number;
  /** PROVIDER_URL: proxy mode, every /api call goes to this provider, checked against the contract (src/proxy/). */
  providerUrl?: string;
  /** RECORD_DIR (proxy mode): every exchange, redacted, as HAR 1.2 in this folder. */
  recordDir?: string;
  /** REPLAY_DIR: answers of the calls these HAR recordings cover come from them, the rest from SQLite. */
  replayDir?: string;
  /** DEMO_RESET: "HH:MM" in Argentina time, the daily reseed of a long-running demo (controls/demo-reset.ts). */
  demoReset?: string;
  /**
   * DONATION_MONTH_DAYS: the country's donation.month_days (the month's prompt shows while the day is
   * below it) for this server, 0 for no prompt and no donation ask: the journeys' servers start with 1
   * (no day is below it) so that no journey meets the prompt by the calendar; e2e/donations.spec.ts
   * sets it through /__mock/config.
   */
  donationMonthDays?: number;
};

/** Reads the environment once; every setting has a default so `npm start` needs nothing. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const dataDir = path.resolve(source.DATA_DIR ?? path.join(appRoot, 'var'));
  const port = Number(source.PORT ?? 3000);
  const country = (source.CARPOOL_COUNTRY ?? 'AR').toUpperCase();
  if (!isCountryCode(country)) throw new Error(`CARPOOL_COUNTRY must be AR or CL, got ${country}`);
  return {
    port,
    // Loopback unless HOST says otherwise: a laptop's server is not reachable from the network.
    host: source.HOST || '127.0.0.1',
    databaseUrl: source.DATABASE_URL ?? `file:${path.join(dataDir, 'carpool.db')}`,
    dataDir,
    jwtSecret: source.JWT_SECRET || undefined,
    mockControlsToken: source.MOCK_CONTROLS_TOKEN || undefined,
    country,
    mockControls: source.MOCK_CONTROLS === '1',
    webDist: path.resolve(source.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    webContractCheck: source.WEB_CONTRACT_CHECK === 'before-use' ? 'before-use' : undefined,
    publicUrl: source.PUBLIC_URL ?? `http://localhost:${port}`,
    smtpUrl: source.SMTP_URL || undefined,
    mailFrom: source.MAIL_FROM || undefined,
    pushCaFile: source.PUSH_CA_FILE || undefined,
    tripAnswersMb: Number(source.TRIP_ANSWERS_MB) > 0 ? Number(source.TRIP_ANSWERS_MB) : 256,
    providerUrl: providerUrlOf(source.PROVIDER_URL),
    recordDir: source.RECORD_DIR ? path.resolve(source.RECORD_DIR) : undefined,
    replayDir: source.REPLAY_DIR ? path.resolve(source.REPLAY_DIR) : undefined,
    demoReset: source.DEMO_RESET || undefined,
    donationMonthDays: monthDaysOf(source.DONATION_MONTH_DAYS),
  };
}

/** DONATION_MONTH_DAYS: a whole number from 0 to 31, or a clear start-up error. */
function monthDaysOf(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 31) throw new Error(`DONATION_MONTH_DAYS must be a whole number from 0 to 31, got ${value}`);
  return days;
}

/** PROVIDER_URL: an http(s) base address (`https://api.example.org`), or a clear start-up error. */
function providerUrlOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`PROVIDER_URL must be an http(s) address, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PROVIDER_URL must be an http(s) address, got ${value}`);
  return url.toString().replace(/\/+$/, '');
}

export { repoRoot };
