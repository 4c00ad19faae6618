import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PrismaLibSQL } from '@prisma/adapter-libsql';
import { PrismaClient } from '@prisma/client';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVE_REQUEST_STATES, DEFAULT_PRICE_SETTINGS, estimatedTime, routeEstimate, sqlList, tripPriceCents } from '@carpool/contracts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, loadPlaces, seedDatabase, wipeDatabase, type SeedSummary } from './index';

const root = path.resolve(import.meta.dirname, '../..');
const NOW = new Date('2026-03-10T15:00:00.000Z');
const DAY = 86_400_000;

let dir: string;
let prisma: PrismaClient;
let first: SeedSummary;
const options = () => ({ users: 30, trips: 200, now: NOW, uploadsDir: path.join(dir, 'uploads') });

async function rows<T = Record<string, unknown>>(sql: string): Promise<T[]> {
  return prisma.$queryRawUnsafe<T[]>(sql);
}

/** A digest of the seeded content, timestamps left out. */
async function digest(): Promise<string> {
  const hash = createHash('sha256');
  for (const table of ['users', 'cars', 'trips', 'trips_points', 'trip_passengers', 'payments', 'friends', 'messages', 'rates', 'notifications', 'subscriptions']) {
    for (const row of await rows(`SELECT * FROM "${table}" ORDER BY rowid`)) {
      const kept = Object.entries(row).filter(([key]) => !key.endsWith('_at') && key !== 'last_connection');
      hash.update(JSON.stringify(kept, (_, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)));
    }
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'carpool-seed-'));
  const url = `file:${path.join(dir, 'test.db')}`;
  execFileSync(path.join(root, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    stdio: 'pipe',
  });
  prisma = new PrismaClient({ adapter: new PrismaLibSQL({ url }) });
  first = await seedDatabase(prisma, options());
});

afterAll(async () => {
  await prisma?.$disconnect();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('seedDatabase', () => {
  it('leaves every index of the migrations in place (the bulk load builds them again)', async () => {
    const migrations = path.join(root, 'prisma/migrations');
    const declared = readdirSync(migrations, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((entry) => [...readFileSync(path.join(migrations, entry.name, 'migration.sql'), 'utf8').matchAll(/CREATE (?:UNIQUE )?INDEX "([^"]+)"/g)])
      .map((match) => match[1]);
    const present = (await rows<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")).map((r) => r.name);
    expect(declared.length).toBeGreaterThan(10);
    expect(present.sort()).toEqual([...new Set(declared)].sort());
  });

  it('seeds the requested numbers of users and trips, and the places', () => {
    expect(first.seeded).toBe(true);
    expect(first.counts.users).toBe(30);
    expect(first.counts.trips).toBe(200);
    expect(first.counts.places).toBe(10_007);
    for (const table of ['trips_points', 'trip_passengers', 'payments', 'friends', 'conversations', 'messages', 'notifications', 'rates', 'subscriptions', 'users_devices', 'users_references']) {
      expect(first.counts[table], table).toBeGreaterThan(0);
    }
  });

  it('creates the three demo accounts with complete profiles and the demo password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const user = await prisma.user.findUniqueOrThrow({ where: { email: account.email } });
      expect(user).toMatchObject({ name: account.name, active: true, banned: false, on_boarding_view: true });
      expect(user.description!.replace(/\s/g, '').length).toBeGreaterThanOrEqual(10);
      expect(user.nro_doc).toMatch(/^\d{7,8}$/);
      expect(user.mobile_phone).toMatch(/^\d{7,20}$/);
      expect(existsSync(path.join(dir, 'uploads', 'profile', user.image!))).toBe(true);
      expect(await bcrypt.compare(DEMO_PASSWORD, user.password)).toBe(true);
    }
    const admin = await prisma.user.findUniqueOrThrow({ where: { email: DEMO_ACCOUNTS.admin.email } });
    expect(admin.is_admin).toBe(true);
  });

  it('gives the demo driver a car and upcoming trips with pending requests, a full one and a return trip', async () => {
    const driver = await prisma.user.findUniqueOrThrow({
      where: { email: DEMO_ACCOUNTS.driver.email },
      include: { cars: true, trips: { include: { passengers: true, returnTrip: true }, orderBy: { trip_date: 'asc' } } },
    });
    expect(driver.driver_is_verified).toBe(true);
    expect(driver.cars.length).toBeGreaterThan(0);
    const upcoming = driver.trips.filter((t) => t.trip_date > NOW);
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
    expect(driver.trips.some((t) => t.trip_date < NOW)).toBe(true);
    const toRosario = upcoming.find((t) => t.from_town === 'Buenos Aires' && t.to_town === 'Rosario')!;
    expect(toRosario.total_seats).toBe(3);
    expect(Math.round((toRosario.trip_date.getTime() - NOW.getTime()) / DAY)).toBe(3);
    expect(upcoming.filter((t) => t.passengers.some((p) => p.request_state === 0)).length).toBeGreaterThanOrEqual(2);
    expect(upcoming.some((t) => t.seats_available === 0)).toBe(true);
    expect(upcoming.some((t) => t.returnTrip !== null)).toBe(true);
    // A trip creation template saved by name: the trip to Rosario's form.
    const [template] = await prisma.tripCreationTemplate.findMany({ where: { user_id: driver.id } });
    expect(template?.name).toBe('Buenos Aires - Rosario');
    expect(JSON.parse(template!.data)).toMatchObject({ total_seats: 3, points: [{ json_address: { name: 'Buenos Aires' } }, { json_address: { name: 'Rosario' } }] });
  });

  it('gives the demo passenger a request in every state, a subscription and unread notifications', async () => {
    const passenger = await prisma.user.findUniqueOrThrow({
      where: { email: DEMO_ACCOUNTS.passenger.email },
      include: { passengerRequests: { include: { trip: { include: { user: true } } } }, subscriptions: true, notifications: true },
    });
    const upcoming = passenger.passengerRequests.filter((r) => r.trip.trip_date > NOW);
    expect(upcoming.some((r) => r.request_state === 1 && r.trip.user.email === DEMO_ACCOUNTS.driver.email)).toBe(true);
    for (const state of [0, 2, 3, 4]) {
      expect(upcoming.some((r) => r.request_state === state && r.trip.user.email !== DEMO_ACCOUNTS.driver.email), `state ${state}`).toBe(true);
    }
    expect(passenger.subscriptions.length).toBeGreaterThan(0);
    expect(passenger.notifications.some((n) => !n.readed)).toBe(true);
    expect(passenger.notifications.some((n) => n.readed)).toBe(true);
  });

  it('has seat requests in every state', async () => {
    const states = await rows<{ request_state: number }>('SELECT DISTINCT request_state FROM trip_passengers ORDER BY 1');
    expect(states.map((s) => Number(s.request_state))).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps seats consistent: available = total − accepted − waiting for payment, never negative', async () => {
    const bad = await rows(`
      SELECT t.id FROM trips t
      WHERE t.seats_available < 0 OR t.seats_available > t.total_seats OR t.seats_available != t.total_seats -
        (SELECT COUNT(*) FROM trip_passengers p WHERE p.trip_id = t.id AND p.request_state IN ${sqlList(ACTIVE_REQUEST_STATES)})`);
    expect(bad).toEqual([]);
    const full = await rows('SELECT id FROM trips WHERE seats_available = 0');
    expect(full.length).toBeGreaterThan(0);
  });

  it("prices and routes every trip with the server's formula for its points", async () => {
    const trips = await prisma.trip.findMany({ include: { points: { orderBy: { position: 'asc' } } } });
    expect(trips.length).toBe(200);
    for (const trip of trips) {
      const { distance, duration } = routeEstimate(trip.points.map((p) => ({ lat: p.lat, lng: p.lng })));
      expect({ id: trip.id, distance: trip.distance, estimated_time: trip.estimated_time, recommended: trip.recommended_trip_price_cents }).toEqual({
        id: trip.id,
        distance,
        estimated_time: estimatedTime(duration),
        recommended: tripPriceCents(distance, DEFAULT_PRICE_SETTINGS).recommended,
      });
    }
  });

  it('copies the first and last point into the origin and destination columns', async () => {
    const bad = await rows(`
      SELECT t.id FROM trips t
      JOIN trips_points o ON o.trip_id = t.id AND o.position = 0
      JOIN trips_points d ON d.trip_id = t.id AND d.position = (SELECT MAX(position) FROM trips_points WHERE trip_id = t.id)
      WHERE o.lat != t.origin_lat OR o.lng != t.origin_lng OR d.lat != t.destination_lat OR d.lng != t.destination_lng
        OR o.json_address NOT LIKE '%"name":"' || t.from_town || '"%' OR d.json_address NOT LIKE '%"name":"' || t.to_town || '"%'`);
    expect(bad).toEqual([]);
    const shapes = await rows<{ n: number; top: number }>(
      'SELECT COUNT(*) AS n, MAX(position) AS top FROM trips_points GROUP BY trip_id HAVING n < 2 OR top != n - 1',
    );
    expect(shapes).toEqual([]);
    const withPoints = await rows<{ n: number }>('SELECT COUNT(DISTINCT trip_id) AS n FROM trips_points');
    expect(Number(withPoints[0]!.n)).toBe(200);
  });

  it('writes valid user data', async () => {
    const users = await prisma.user.findMany();
    for (const user of users) {
      expect(user.email).toMatch(/^[a-z0-9._]+@[a-z0-9.]+$/);
      expect(user.name.length).toBeLessThanOrEqual(25);
      expect(user.description!.replace(/\s/g, '').length).toBeGreaterThanOrEqual(10);
      expect(user.nro_doc).toMatch(/^\d{7,8}$/);
      expect(user.mobile_phone).toMatch(/^\d{7,20}$/);
      expect(user.birthday).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(users.filter((u) => u.banned)).toHaveLength(2);
    const cars = await prisma.car.findMany();
    for (const car of cars) expect(car.patente).toMatch(/^([A-Z]{2} \d{3} [A-Z]{2}|[A-Z]{3} \d{3})$/);
  });

  it('loads the places with accent-free search text, once', async () => {
    const cordoba = await prisma.place.findUniqueOrThrow({ where: { id: '2466067279' } });
    expect(cordoba.search_text).toBe('cordoba cordoba argentina');
    expect(await loadPlaces(prisma)).toBe(0);
  });

  it('is idempotent: a second run changes nothing', async () => {
    const before = await digest();
    const again = await seedDatabase(prisma, options());
    expect(again.seeded).toBe(false);
    expect(again.counts).toEqual(first.counts);
    expect(await digest()).toBe(before);
  });

  it('is deterministic: the same options give the same data after a wipe', async () => {
    const before = await digest();
    await wipeDatabase(prisma);
    const emptied = await rows<{ n: number }>('SELECT COUNT(*) AS n FROM users');
    expect(Number(emptied[0]!.n)).toBe(0);
    const reseeded = await seedDatabase(prisma, options());
    expect(reseeded.seeded).toBe(true);
    expect(reseeded.counts).toEqual(first.counts);
    expect(await digest()).toBe(before);
  });
});
