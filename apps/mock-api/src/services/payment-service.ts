import { REQUEST_STATES, type AppConfig } from '@carpool/contracts';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import type { Repositories, Transaction } from '../repositories/index';
import type { PaymentKind } from '../repositories/payment-repository';
import type { NotificationService } from './notification-service';
import { BOOKING_TEXTS } from './request-service';

/** What the stub "charges": a test card, stored masked as the provider's payment page did. */
export const STUB_PAYMENT_INFO = JSON.stringify({ cardDetail: { cardNumber: 'XXXX-XXXX-XXXX-4242' } });

/** Trip states that still owe the creation fee and may be paid (again). */
const FEE_DUE = ['awaiting_payment', 'payment_failed', 'pending_payment'];
/** A paid trip becomes `paid`: visible like `ready` (only the three unpaid states are hidden). */
const FEE_PAID = 'paid';

type Deps = { repositories: Repositories; transaction: Transaction; clock: Clock; config: AppConfig; notifications: NotificationService };
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
export function createPaymentService({ repositories, transaction, clock, config, notifications }: Deps) {

  /** A request waiting for payment on a trip that has not left yet. */
  /** Only the passenger who owes the seat (`payerId`, the payment session's user) may see or pay it. */
  async function payableSeat({ requests }: Repositories, requestId: number, payerId: number) {
    const request = await requests.findById(requestId);
    if (!request || request.trip.deleted_at) throw notFound('No encontramos este pedido de asiento.');
    if (request.user_id !== payerId) throw notYours();
    if (request.request_state === REQUEST_STATES.accepted && request.payment_status === 'ok') throw notPayable('Este asiento ya está pago.');
    if (request.request_state !== REQUEST_STATES.waitingPayment) throw notPayable('Este pedido de asiento no tiene un pago pendiente.');
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
  async function feeDueTrip({ payments }: Repositories, tripId: number, payerId: number) {
    const trip = await payments.findTrip(tripId);
    if (!trip) throw notFound('No encontramos este viaje.');
    if (trip.user_id !== payerId) throw notYours();
    if (!FEE_DUE.includes(trip.state)) throw notPayable('Este viaje no tiene el sellado pendiente de pago.');
    return trip;
  }

  /** The open payment row, made on the spot for requests and trips that have none (seeded data). */
  async function openPayment({ payments }: Repositories, data: NewPayment) {
    const open = await payments.findOpen(data.kind === 'seat' ? { passengerId: data.passengerId! } : { selladoOf: data.tripId });
    return open ?? payments.create({ ...data, now: clock.now() });
  }

  return {
    /** What the seat payment page shows. */
    async seat(requestId: number, payerId: number) {
      const request = await payableSeat(repositories, requestId, payerId);
      const payment = await repositories.payments.findOpen({ passengerId: request.id });
      return { request, trip: request.trip, amountCents: payment?.amount_cents ?? request.trip.seat_price_cents, lastFailed: payment?.payment_status === 'failed' };
    },

    /** Pays a seat: 4 → 1 with payment_status ok and the masked card, the payment row ok. */
    async paySeat(requestId: number, payerId: number) {
      const now = clock.now();
      return transaction(async (repos) => {
        const request = await payableSeat(repos, requestId, payerId);
        const payment = await openPayment(repos, seatPayment(request));
        // Conditional on state 4: a second "Pagar" racing this one changes nothing.
        const moved = await repos.requests.changeState(request.id, [REQUEST_STATES.waitingPayment], REQUEST_STATES.accepted, now, {
          payment_status: 'ok',
          payment_info: STUB_PAYMENT_INFO,
        });
        if (moved === 0) throw notPayable('Este pedido de asiento no tiene un pago pendiente.');
        await repos.payments.settle(payment.id, 'ok', STUB_PAYMENT_INFO, now);
        await notifications.notify(
          request.trip.user_id,
          { type: 'trip', text: BOOKING_TEXTS.paid(request.user.name, request.trip.to_town), extras: { trip_id: request.trip_id, user_id: request.user_id } },
          repos,
        );
        return request;
      });
    },

    /** A refused payment: the request stays in 4 (payable again), the payment row failed. */
    async failSeat(requestId: number, payerId: number) {
      const now = clock.now();
      return transaction(async (repos) => {
        const request = await payableSeat(repos, requestId, payerId);
        const payment = await openPayment(repos, seatPayment(request));
        await repos.payments.settle(payment.id, 'failed', null, now);
        await repos.requests.changeState(request.id, [REQUEST_STATES.waitingPayment], REQUEST_STATES.waitingPayment, now, { payment_status: 'failed' });
        return request;
      });
    },

    /** What the creation fee page shows. */
    async sellado(tripId: number, payerId: number) {
      const trip = await feeDueTrip(repositories, tripId, payerId);
      return { trip, amountCents: config.module_trip_creation_payment_amount_cents };
    },

    /** Pays the creation fee: the trip becomes `paid` (visible) and its fee payment ok. */
    async paySellado(tripId: number, payerId: number) {
      const now = clock.now();
      return transaction(async (repos) => {
        const trip = await feeDueTrip(repos, tripId, payerId);
        const payment = await openPayment(repos, feePayment(trip));
        if ((await repos.payments.setTripState(trip.id, FEE_DUE, FEE_PAID, now)) === 0) {
          throw notPayable('Este viaje no tiene el sellado pendiente de pago.');
        }
        await repos.payments.settle(payment.id, 'ok', STUB_PAYMENT_INFO, now);
        await notifications.notify(
          trip.user_id,
          { type: 'trip', text: `Pagaste el sellado: tu viaje a ${trip.to_town} ya está publicado.`, extras: { trip_id: trip.id } },
          repos,
        );
        return trip;
      });
    },

    /** A refused fee: the trip goes to payment_failed (still hidden, payable again). */
    async failSellado(tripId: number, payerId: number) {
      const now = clock.now();
      return transaction(async (repos) => {
        const trip = await feeDueTrip(repos, tripId, payerId);
        const payment = await openPayment(repos, feePayment(trip));
        await repos.payments.settle(payment.id, 'failed', null, now);
        await repos.payments.setTripState(trip.id, FEE_DUE, 'payment_failed', now);
        return trip;
      });
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
