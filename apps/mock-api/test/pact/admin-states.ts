import type { FastifyInstance } from 'fastify';
import { DEMO } from '../helper';
import type { StateHandler } from './fixtures';

/**
 * Known rows in months of 2031 (after everything the seed writes), so each bucket's count is known.
 * Months are Argentina's: 2031-02-01T02:00Z is 31 January, 23:00 local.
 */
export async function seedChartRows(app: FastifyInstance) {
  const driver = await app.db.user.findUniqueOrThrow({ where: { email: DEMO.driver.email } });
  const trip = (date: string, seats: number, extra: { is_passenger?: boolean; deleted_at?: Date } = {}) =>
    app.db.trip.create({
      data: {
        user_id: driver.id,
        from_town: 'Rosario',
        to_town: 'Córdoba',
        trip_date: new Date(date),
        total_seats: seats,
        seats_available: seats,
        origin_lat: -32.95,
        origin_lng: -60.64,
        destination_lat: -31.42,
        destination_lng: -64.18,
        ...extra,
      },
    });
  await trip('2031-01-15T12:00:00Z', 3);
  await trip('2031-02-01T02:00:00Z', 2);
  const february = await trip('2031-02-10T12:00:00Z', 4);
  await trip('2031-02-12T12:00:00Z', 1, { deleted_at: new Date('2000-01-01T00:00:00Z') });
  const asPassenger = await trip('2031-02-11T12:00:00Z', 1, { is_passenger: true });
  await trip('2031-04-03T12:00:00Z', 1);

  const others = await app.db.user.findMany({ where: { id: { not: driver.id } }, orderBy: { id: 'asc' }, take: 5 });
  const states = [0, 0, 1, 4, 3];
  await app.db.passenger.createMany({ data: others.map((user, index) => ({ trip_id: february.id, user_id: user.id, request_state: states[index]! })) });
  await app.db.passenger.create({ data: { trip_id: asPassenger.id, user_id: others[0]!.id, request_state: 0 } });

  const person = (n: number, created: string, connected: string | null, flags: { active?: boolean; banned?: boolean } = {}) =>
    app.db.user.create({
      data: {
        email: `grafico${n}@carpool.ar`,
        password: 'x',
        name: `Gráfico ${n}`,
        created_at: new Date(created),
        last_connection: connected ? new Date(connected) : null,
        active: flags.active ?? true,
        banned: flags.banned ?? false,
      },
    });
  await person(1, '2031-01-20T12:00:00Z', '2031-01-05T12:00:00Z');
  await person(2, '2031-01-21T12:00:00Z', '2031-01-06T12:00:00Z');
  await person(3, '2031-03-01T01:00:00Z', '2031-01-07T12:00:00Z', { banned: true });
  await person(4, '2031-03-02T12:00:00Z', '2031-03-01T02:59:00Z', { active: false });
  await person(5, '2031-03-03T12:00:00Z', '2031-03-01T03:00:00Z');
}

/** Issue 13: the admin charts' rows with known counts. */
export function adminStates(local: () => FastifyInstance): Record<string, StateHandler> {
  return {
    'chart rows in 2031': async () => {
      await seedChartRows(local());
    },
  };
}
