import type { AppConfig } from '@carpool/contracts';
import type { Prisma } from '@prisma/client';
import type { Db } from '../db/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { createPaymentRepository, type PaymentKind } from '../repositories/payment-repository';
import { STATE, createRequestRepository } from '../repositories/request-repository';
import type { NotificationService } from './notification-service';
import { BOOKING_TEXTS, TRANSACTION_OPTIONS } from './request-service';

/** What the stub "charges": a test card, stored masked as the provider's payment page did. */
export const STUB_PAYMENT_INFO = JSON.stringify({ cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } });

/** Trip states that still owe the creation fee and may be paid (again). */
const FEE_DUE = ['awaiting_payment', 'payment_failed', 'pending_payment'];
/** A paid trip becomes `paid`: visible like `ready` (only the three unpaid states are hidden). */
const FEE_PAID = 'paid';

type Deps = { db: Db; clock: Clock; config: AppConfig; notifications: NotificationService };
type Tx = Prisma.TransactionClient;
type NewPayment = { kind: PaymentKind; userId: number; tripId: number; passengerId?: number; amountCents: number };

const notFound = (message: string) => new AppError('model_not_found', { status: 404, message });
const notPayable = (message: string) => new AppError('not_valid_request', { status: 422, message });
/** Someone else's payment: said before anything about it (its state, its people) is. */
const notYours = () => new AppError('access_denied', { status: 403, message: 'Este pago es de otra persona: ingresá con la cuenta que lo debe.' });

/** A query-string id: digits only, else the link is broken (422). */
export function parseId(value: unknown): number {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text.trim()) || Number(text) < 1) {
    throw notPayable('El enlace de pago no es válido.');
  }
  return Number(text);
}

/**
 * The payment stub behind /transbank (plugins/transbank.ts): seat payments (request state 4 →
 * 1) and the trip creation fee (sellado). Errors are AppErrors whose status (404 or 422) and
 * Spanish message the page shows.
 */
export function createPaymentService({ db, clock, config, notifications }: Deps) {
  const inTransaction = <T>(fn: (tx: Tx) => Promise<T>) => db.$transaction(fn, TRANSACTION_OPTIONS);

  /** A request waiting for payment on a trip that has not left yet. */
  /** Only the passenger who owes the seat (`payerId`, the payment session's user) may see or pay it. */
  async function payableSeat(client: Db | Tx, requestId: number, payerId: number) {
    const request = await createRequestRepository(client).findById(requestId);
    if (!request || request.trip.deleted_at) throw notFound('No encontramos este pedido de asiento.');
    if (request.user_id !== payerId) throw notYours();
    if (request.request_state === STATE.accepted && request.payment_status === 'ok') throw notPayable('Este asiento ya está pago.');
    if (request.request_state !== STATE.waitingPayment) throw notPayable('Este pedido de asiento no tiene un pago pendiente.');
    if (request.trip.trip_date.getTime() < clock.now().getTime()) throw notPayable('El viaje ya salió: no se puede pagar el asiento.');
    return request;
  }

  const seatPayment = (request: { id: number; user_id: number; trip_id: number; trip: { seat_price_cents: number } }): NewPayment => ({
    kind: 'seat',
    userId: request.user_id,
    tripId: request.trip_id,
    passengerId: request.id,
    amountCents: request.trip.seat_price_cents,
  });
  const feePayment = (trip: { id: number; user_id: number }): NewPayment => ({
    kind: 'sellado',
    userId: trip.user_id,
    tripId: trip.id,
    amountCents: config.module_trip_creation_payment_amount_cents,
  });

  /** Only the trip's owner (`payerId`) may see or pay its creation fee. */
  async function feeDueTrip(client: Db | Tx, tripId: number, payerId: number) {
    const trip = await createPaymentRepository(client).findTrip(tripId);
    if (!trip) throw notFound('No encontramos este viaje.');
    if (trip.user_id !== payerId) throw notYours();
    if (!FEE_DUE.includes(trip.state)) throw notPayable('Este viaje no tiene el sellado pendiente de pago.');
    return trip;
  }

  /** The open payment row, made on the spot for requests and trips that have none (seeded data). */
  async function openPayment(tx: Tx, data: NewPayment) {
    const payments = createPaymentRepository(tx);
    const open = await payments.findOpen(data.kind === 'seat' ? { passengerId: data.passengerId! } : { selladoOf: data.tripId });
    return open ?? payments.create({ ...data, now: clock.now() });
  }

  return {
    /** What the seat payment page shows. */
    async seat(requestId: number, payerId: number) {
      const request = await payableSeat(db, requestId, payerId);
      const payment = await createPaymentRepository(db).findOpen({ passengerId: request.id });
      return { request, trip: request.trip, amountCents: payment?.amount_cents ?? request.trip.seat_price_cents, lastFailed: payment?.payment_status === 'failed' };
    },

    /** Pays a seat: 4 → 1 with payment_status ok and the masked card, the payment row ok. */
    async paySeat(requestId: number, payerId: number) {
      const now = clock.now();
      return inTransaction(async (tx) => {
        const request = await payableSeat(tx, requestId, payerId);
        const payment = await openPayment(tx, seatPayment(request));
        // Conditional on state 4: a second "Pagar" racing this one changes nothing.
        const moved = await createRequestRepository(tx).changeState(request.id, [STATE.waitingPayment], STATE.accepted, now, {
          payment_status: 'ok',
          payment_info: STUB_PAYMENT_INFO,
        });
        if (moved === 0) throw notPayable('Este pedido de asiento no tiene un pago pendiente.');
        await createPaymentRepository(tx).settle(payment.id, 'ok', STUB_PAYMENT_INFO, now);
        await notifications.notify(
          request.trip.user_id,
          { type: 'trip', text: BOOKING_TEXTS.paid(request.user.name, request.trip.to_town), extras: { trip_id: request.trip_id, user_id: request.user_id } },
          tx,
        );
        return request;
      });
    },

    /** A refused payment: the request stays in 4 (payable again), the payment row failed. */
    async failSeat(requestId: number, payerId: number) {
      const now = clock.now();
      return inTransaction(async (tx) => {
        const request = await payableSeat(tx, requestId, payerId);
        const payment = await openPayment(tx, seatPayment(request));
        await createPaymentRepository(tx).settle(payment.id, 'failed', null, now);
        await createRequestRepository(tx).changeState(request.id, [STATE.waitingPayment], STATE.waitingPayment, now, { payment_status: 'failed' });
        return request;
      });
    },

    /** What the creation fee page shows. */
    async sellado(tripId: number, payerId: number) {
      const trip = await feeDueTrip(db, tripId, payerId);
      return { trip, amountCents: config.module_trip_creation_payment_amount_cents };
    },

    /** Pays the creation fee: the trip becomes `paid` (visible) and its fee payment ok. */
    async paySellado(tripId: number, payerId: number) {
      const now = clock.now();
      return inTransaction(async (tx) => {
        const trip = await feeDueTrip(tx, tripId, payerId);
        const payment = await openPayment(tx, feePayment(trip));
        if ((await createPaymentRepository(tx).setTripState(trip.id, FEE_DUE, FEE_PAID, now)) === 0) {
          throw notPayable('Este viaje no tiene el sellado pendiente de pago.');
        }
        await createPaymentRepository(tx).settle(payment.id, 'ok', STUB_PAYMENT_INFO, now);
        await notifications.notify(
          trip.user_id,
          { type: 'trip', text: `Pagaste el sellado: tu viaje a ${trip.to_town} ya está publicado.`, extras: { trip_id: trip.id } },
          tx,
        );
        return trip;
      });
    },

    /** A refused fee: the trip goes to payment_failed (still hidden, payable again). */
    async failSellado(tripId: number, payerId: number) {
      const now = clock.now();
      return inTransaction(async (tx) => {
        const trip = await feeDueTrip(tx, tripId, payerId);
        const payment = await openPayment(tx, feePayment(trip));
        await createPaymentRepository(tx).settle(payment.id, 'failed', null, now);
        await createPaymentRepository(tx).setTripState(trip.id, FEE_DUE, 'payment_failed', now);
        return trip;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
