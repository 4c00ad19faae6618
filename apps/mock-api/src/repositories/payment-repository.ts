import type { Prisma } from '@prisma/client';
import type { DbClient } from '../db/client';

/** Payment rows: `seat` (a passenger's seat, passenger_id set) and `sellado` (a trip's creation fee). */
export type PaymentKind = 'seat' | 'sellado';
/** pending (not tried yet), ok, failed (may be tried again), canceled (the request was cancelled). */
export type PaymentStatus = 'pending' | 'ok' | 'failed' | 'canceled';
const OPEN: PaymentStatus[] = ['pending', 'failed'];

const transactionInclude = { user: true, trip: { include: { user: true } } } satisfies Prisma.PaymentInclude;
export type PaymentWithTrip = Prisma.PaymentGetPayload<{ include: typeof transactionInclude }>;

export function createPaymentRepository(db: DbClient) {
  return {
    /** A trip that is not deleted, with its owner (the creation fee page). */
    findTrip: (id: number) => db.trip.findFirst({ where: { id, deleted_at: null }, include: { user: true } }),

    create: (data: { kind: PaymentKind; userId: number; tripId: number; passengerId?: number; amountCents: number; now: Date }) =>
      db.payment.create({
        data: {
          kind: data.kind,
          user_id: data.userId,
          trip_id: data.tripId,
          passenger_id: data.passengerId ?? null,
          amount_cents: data.amountCents,
          payment_status: 'pending',
          created_at: data.now,
          updated_at: data.now,
        },
      }),

    /** The payment still to be made (pending or failed) of a seat request or of a trip's fee. */
    findOpen: (where: { passengerId: number } | { selladoOf: number }) =>
      db.payment.findFirst({
        where: {
          payment_status: { in: OPEN },
          ...('passengerId' in where ? { kind: 'seat', passenger_id: where.passengerId } : { kind: 'sellado', trip_id: where.selladoOf }),
        },
        orderBy: { id: 'desc' },
      }),

    settle: (id: number, status: PaymentStatus, info: string | null, now: Date) =>
      db.payment.update({ where: { id }, data: { payment_status: status, payment_info: info, updated_at: now } }),

    /** Open seat payments of a request become `canceled` when the request is. */
    cancelOpenOf: (passengerId: number, now: Date) =>
      db.payment.updateMany({ where: { kind: 'seat', passenger_id: passengerId, payment_status: { in: OPEN } }, data: { payment_status: 'canceled', updated_at: now } }),

    /**
     * Seat payments that were tried (ok or failed) where the user paid or drives the trip, on trips
     * already departed by `now` (the provider's tripsWithTransactions), latest first.
     */
    transactionsOf: (userId: number, now: Date): Promise<PaymentWithTrip[]> =>
      db.payment.findMany({
        where: {
          kind: 'seat',
          payment_status: { in: ['ok', 'failed'] },
          trip: { deleted_at: null, trip_date: { lte: now } },
          OR: [{ user_id: userId }, { trip: { user_id: userId } }],
        },
        include: transactionInclude,
        orderBy: [{ updated_at: 'desc' }, { id: 'desc' }],
      }),

    /** Moves a trip from one of the fee states to another; 0 when it was not in them. */
    setTripState: async (tripId: number, from: string[], to: string, now: Date) =>
      (await db.trip.updateMany({ where: { id: tripId, deleted_at: null, state: { in: from } }, data: { state: to, updated_at: now } })).count,
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
