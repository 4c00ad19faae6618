import { REQUEST_STATES } from '@carpool/contracts';
import type { Prisma } from '@prisma/client';
import { visibleTripSql } from '../lib/trip-visibility';
import type { DbClient } from '../db/client';

/** The relations every trip answer needs (Prisma's way; the search reads the same through SQL). */
export const tripInclude = {
  user: true,
  car: true,
  points: { orderBy: { position: 'asc' } },
  returnTrip: { select: { id: true, from_town: true, to_town: true, trip_date: true, deleted_at: true } },
  passengers: { include: { user: true }, orderBy: { id: 'asc' } },
} satisfies Prisma.TripInclude;

export type TripWithRelations = Prisma.TripGetPayload<{ include: typeof tripInclude }>;

type TripCreateData = Omit<Prisma.TripUncheckedCreateInput, 'points' | 'id'>;
export type TripPointData = { position: number; address: string; json_address: string; lat: number; lng: number; node_id: string | null };

/** Trips through Prisma: their writes, and the few reads the trip rules make of one trip or user. */
export function createTripRepository(db: DbClient) {
  return {
    ...tripsOn(db),
    /** Runs `fn` in one transaction, on the same repository bound to it: everything commits or rolls back together. */
    transaction: <T>(fn: (trips: ReturnType<typeof tripsOn>) => Promise<T>) => inTransaction(db, (tx) => fn(tripsOn(tx))),
  };
}

function tripsOn(db: DbClient) {
  return {
    /** Driver trips the user has published (not deleted): the count the creation fee looks at. */
    countDriverTrips: (userId: number) => db.trip.count({ where: { user_id: userId, is_passenger: false, deleted_at: null } }),

    /** The same user, towns, departure and kind (a form sent twice). */
    findDuplicate: (where: { user_id: number; from_town: string; to_town: string; trip_date: Date; is_passenger: boolean }) =>
      db.trip.findFirst({ where: { ...where, deleted_at: null }, select: { id: true } }),

    carOwnedBy: (carId: number, userId: number) => db.car.findFirst({ where: { id: carId, user_id: userId }, select: { id: true } }),

    /** Whether the owner has any trip (past ones included, deleted ones not) the viewer may see (who may message whom). */
    async ownsTripVisibleTo(ownerId: number, viewerId: number): Promise<boolean> {
      const params: unknown[] = [ownerId];
      const sql = `SELECT 1 FROM trips t WHERE t.user_id = ? AND t.deleted_at IS NULL AND ${visibleTripSql(viewerId, params)} LIMIT 1`;
      return (await db.$queryRawUnsafe<unknown[]>(sql, ...params)).length > 0;
    },

    /** Users with a request on the trip in one of `states`. */
    async requesterIds(tripId: number, states: readonly number[]): Promise<Set<number>> {
      const rows = await db.passenger.findMany({ where: { trip_id: tripId, request_state: { in: [...states] } }, select: { user_id: true } });
      return new Set(rows.map((row) => row.user_id));
    },

    /** Creates a trip with its points; with a fee, also the pending "sellado" payment it waits for. */
    async create(data: TripCreateData, points: TripPointData[], fee: { amountCents: number } | null): Promise<number> {
      return inTransaction(db, async (tx) => {
        if (data.parent_trip_id) {
          // A deleted return trip keeps its link; free it so the parent can have a new one.
          await tx.trip.updateMany({ where: { parent_trip_id: data.parent_trip_id, deleted_at: { not: null } }, data: { parent_trip_id: null } });
        }
        const trip = await tx.trip.create({ data: { ...data, points: { create: points } }, select: { id: true } });
        if (fee) {
          const payment = await tx.payment.create({
            data: { kind: 'sellado', user_id: data.user_id, trip_id: trip.id, amount_cents: fee.amountCents, payment_status: 'pending', created_at: data.created_at, updated_at: data.created_at },
          });
          await tx.trip.update({ where: { id: trip.id }, data: { payment_id: String(payment.id) } });
        }
        return trip.id;
      });
    },

    async update(id: number, data: Prisma.TripUncheckedUpdateInput, points: TripPointData[] | null): Promise<void> {
      await inTransaction(db, async (tx) => {
        await tx.trip.update({ where: { id }, data });
        if (points) {
          await tx.tripPoint.deleteMany({ where: { trip_id: id } });
          await tx.tripPoint.createMany({ data: points.map((point) => ({ ...point, trip_id: id })) });
        }
      });
    },

    /** Cancels the requests on the trip in `states`; answers whose they were. */
    async cancelRequests(tripId: number, states: readonly number[], at: Date): Promise<number[]> {
      const where = { trip_id: tripId, request_state: { in: [...states] } };
      const cancelled = await db.passenger.findMany({ where, select: { user_id: true } });
      await db.passenger.updateMany({ where, data: { request_state: REQUEST_STATES.cancelled, updated_at: at } });
      return [...new Set(cancelled.map((row) => row.user_id))];
    },

    markDeleted: (id: number, at: Date) => db.trip.update({ where: { id }, data: { deleted_at: at, updated_at: at }, select: { id: true } }),

    setSeats: (id: number, total: number, available: number, at: Date) =>
      db.trip.update({ where: { id }, data: { total_seats: total, seats_available: available, updated_at: at }, select: { id: true } }),

    setHidden: (id: number, hidden: boolean, at: Date) => db.trip.update({ where: { id }, data: { hidden, updated_at: at }, select: { id: true } }),
  };
}

/** `fn` in a transaction of its own, or in the one `db` already is. */
function inTransaction<T>(db: DbClient, fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return '$transaction' in db ? db.$transaction(fn) : fn(db);
}

export type TripRepository = ReturnType<typeof createTripRepository>;
