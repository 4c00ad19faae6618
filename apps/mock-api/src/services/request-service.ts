import { ACTIVE_REQUEST_STATES, OPEN_REQUEST_STATES, REQUEST_STATES, SEARCH, haversineMetres, type AppConfig } from '@carpool/contracts';
import type { Trip, User } from '@prisma/client';
import { AppError } from '../lib/app-error';
import type { Clock } from '../lib/clock';
import { foldText } from '../lib/text';
import type { Repositories, Transaction } from '../repositories/index';
import type { PaymentRepository } from '../repositories/payment-repository';
import {
  type BookingTrip,
  type RequestRepository,
  type RequestWithUser,
} from '../repositories/request-repository';
import { toWireRequest, toWireTransaction } from '../transformers/request-transformer';
import { tripViewer } from '../transformers/trip-transformer';
import type { NotificationService } from './notification-service';

/** The similar-trip rule's window around a trip's departure. */
export const SIMILAR_TRIP_WINDOW_MS = 2 * 3_600_000;

/** What each booking event tells whom (the bell; type `trip` opens the trip, `my-trips` my trips). */
export const BOOKING_TEXTS = {
  requested: (passenger: string, to: string) => `${passenger} quiere subirse a tu viaje a ${to}.`,
  autoAccepted: (passenger: string, to: string) => `${passenger} se subió a tu viaje a ${to} (aceptación automática).`,
  autoAcceptedToPay: (passenger: string, to: string) =>
    `${passenger} reservó un lugar en tu viaje a ${to} (aceptación automática); falta que pague el asiento.`,
  accepted: (driver: string, to: string) => `${driver} aceptó tu solicitud para el viaje a ${to}.`,
  acceptedToPay: (driver: string, to: string) =>
    `${driver} aceptó tu solicitud para el viaje a ${to}: pagá el asiento para confirmar tu lugar.`,
  rejected: (driver: string, to: string) => `${driver} rechazó tu solicitud para el viaje a ${to}.`,
  withdrawn: (passenger: string, to: string) => `${passenger} retiró su solicitud para tu viaje a ${to}.`,
  left: (passenger: string, to: string) => `${passenger} se bajó de tu viaje a ${to}.`,
  removed: (driver: string, to: string) => `${driver} te bajó de su viaje a ${to}.`,
  paid: (passenger: string, to: string) => `${passenger} pagó su asiento en tu viaje a ${to}.`,
} as const;

const MESSAGES = {
  tripNotFound: 'El viaje no existe o no podés verlo.',
  ownTrip: 'No podés pedir un asiento en tu propio viaje.',
  expired: 'El viaje ya salió.',
  notARide: 'Este viaje es de alguien que busca conductor: no tiene asientos para pedir.',
  limit: 'Se ha alcanzado el límite de consultas que el usuario acepta por este viaje.',
  similar: 'Ya te encuentras subido en un viaje con el mismo origen y destino en esa fecha.',
  noSeat: 'No puedes aceptar esta solicitud, todos los asientos del viaje están ocupados.',
  noSeatForYou: 'No quedan asientos libres en este viaje.',
  notPending: 'No hay una solicitud pendiente de este usuario en tu viaje.',
  notAPassenger: 'No hay una solicitud activa que puedas cancelar.',
  notYours: 'Solo el pasajero o el conductor del viaje pueden cancelar esta solicitud.',
  ownerOnly: 'Solo el conductor del viaje puede ver sus solicitudes.',
  passengersOnly: 'Solo el conductor y los pasajeros del viaje pueden ver la lista de pasajeros.',
} as const;

type Deps = {
  requests: RequestRepository;
  payments: PaymentRepository;
  transaction: Transaction;
  clock: Clock;
  config: AppConfig;
  notifications: NotificationService;
};

const normalize = (town: string) => foldText(town.trim());

/** Same destination: the same town name, or end points within the search's default radius (1 km). */
export function sameDestination(a: Trip, b: Trip): boolean {
  if (normalize(a.to_town) === normalize(b.to_town)) return true;
  return (
    haversineMetres({ lat: a.destination_lat, lng: a.destination_lng }, { lat: b.destination_lat, lng: b.destination_lng }) <=
    SEARCH.defaultRadiusM
  );
}

const windowOf = (trip: Trip) => ({
  from: new Date(trip.trip_date.getTime() - SIMILAR_TRIP_WINDOW_MS),
  to: new Date(trip.trip_date.getTime() + SIMILAR_TRIP_WINDOW_MS),
});

/**
 * Seat requests (spec document 1 §4, document 2 §4, API-NOTES "Seat requests"). Every change of
 * a request that moves a seat runs in one transaction with the seat counter's conditional
 * UPDATE, and the state change itself is conditional on the state it was read in, so concurrent
 * calls can neither overbook nor apply the same transition twice.
 */
export function createRequestService({ requests, payments, transaction, clock, config, notifications }: Deps) {
  const expired = (trip: Trip, now: Date) => trip.trip_date.getTime() < now.getTime();

  async function findTrip(tripId: number): Promise<BookingTrip> {
    const trip = await requests.findTrip(tripId);
    if (!trip) throw new AppError('trip_not_foound', { message: MESSAGES.tripNotFound });
    return trip;
  }

  /** Accepted (or waiting for payment) on another trip to the same destination within ±2 h. */
  async function hasSimilarTrip(repo: RequestRepository, userId: number, trip: Trip): Promise<boolean> {
    const { from, to } = windowOf(trip);
    const near = await repo.nearRequestsOf(userId, ACTIVE_REQUEST_STATES, trip.id, from, to);
    return near.some((other) => sameDestination(other.trip, trip));
  }

  /**
   * Boards a pending request inside a transaction: takes a seat (or fails with
   * not_seat_available, rolling everything back), sets state 1, or 4 with a pending seat
   * payment when seat payment is on and the seat has a price, and cancels the passenger's other
   * pending requests to the same destination within ±2 h.
   */
  async function board(repos: Repositories, trip: BookingTrip, request: RequestWithUser, now: Date, noSeatMessage: string) {
    const repo = repos.requests;
    if ((await repo.takeSeat(trip.id)) === 0) throw new AppError('not_seat_available', { message: noSeatMessage });
    const payable = config.module_trip_seats_payment && trip.seat_price_cents > 0;
    const state = payable ? REQUEST_STATES.waitingPayment : REQUEST_STATES.accepted;
    if ((await repo.changeState(request.id, [REQUEST_STATES.pending], state, now)) === 0) {
      throw new AppError('not_valid_request', { message: MESSAGES.notPending });
    }
    if (payable) {
      await repos.payments.create({
        kind: 'seat',
        userId: request.user_id,
        tripId: trip.id,
        passengerId: request.id,
        amountCents: trip.seat_price_cents,
        now,
      });
    }
    const { from, to } = windowOf(trip);
    const others = (await repo.nearRequestsOf(request.user_id, [REQUEST_STATES.pending], trip.id, from, to)).filter((other) =>
      sameDestination(other.trip, trip),
    );
    for (const other of others) {
      if ((await repo.changeState(other.id, [REQUEST_STATES.pending], REQUEST_STATES.cancelled, now)) === 0) continue;
      await notifications.notify(
        other.trip.user_id,
        { type: 'trip', text: BOOKING_TEXTS.withdrawn(request.user.name, other.trip.to_town), extras: { trip_id: other.trip_id, user_id: request.user_id } },
        repos,
      );
    }
    return { ...request, request_state: state, updated_at: now };
  }

  return {
    /**
     * POST /api/trips/:id/requests. A request that is already open (0, 1 or 4) answers as it is.
     * Otherwise the trip must be visible, not the caller's, not expired and a driver's offer; the
     * driver's request limit and the similar-trip rule apply; the driver's auto-accept boards at
     * once (state 1, or 4 with seat payment), else the request waits (state 0).
     */
    async create(user: User, tripId: number) {
      const now = clock.now();
      const trip = await findTrip(tripId);
      if (trip.user_id === user.id) throw new AppError('access_denied', { message: MESSAGES.ownTrip });
      const open = await requests.findOf(trip.id, user.id, OPEN_REQUEST_STATES);
      if (open) return { data: toWireRequest(open) };
      if (!(await requests.isVisibleTo(trip.id, user.id))) throw new AppError('trip_not_foound', { message: MESSAGES.tripNotFound });
      if (expired(trip, now)) throw new AppError('access_denied', { message: MESSAGES.expired });
      if (trip.is_passenger) throw new AppError('access_denied', { message: MESSAGES.notARide });
      const limit = trip.user.unaswered_messages_limit;
      if (limit > 0 && (await requests.requestLimitCount(trip.id, trip.user_id)) >= limit) {
        throw new AppError('user_has_reach_request_limit', { asList: true, message: MESSAGES.limit });
      }
      if (await hasSimilarTrip(requests, user.id, trip)) throw new AppError('user_has_another_similar_trip', { message: MESSAGES.similar });

      const request = await transaction(async (repos) => {
        const repo = repos.requests;
        // A second click that raced the first one: answer the request it made.
        const again = await repo.findOf(trip.id, user.id, OPEN_REQUEST_STATES);
        if (again) return again;
        const created = await repo.create({ tripId: trip.id, userId: user.id, now });
        const extras = { trip_id: trip.id, user_id: user.id };
        if (!trip.user.autoaccept_requests) {
          await notifications.notify(trip.user_id, { type: 'trip', text: BOOKING_TEXTS.requested(user.name, trip.to_town), extras }, repos);
          return created;
        }
        const boarded = await board(repos, trip, created, now, MESSAGES.noSeatForYou);
        const text = boarded.request_state === REQUEST_STATES.waitingPayment ? BOOKING_TEXTS.autoAcceptedToPay : BOOKING_TEXTS.autoAccepted;
        await notifications.notify(trip.user_id, { type: 'trip', text: text(user.name, trip.to_town), extras }, repos);
        return boarded;
      });
      return { data: toWireRequest(request) };
    },

    /** POST .../accept: the owner boards a pending request (seat taken atomically). */
    async accept(owner: User, tripId: number, userId: number) {
      const now = clock.now();
      const trip = await findTrip(tripId);
      if (trip.user_id !== owner.id) throw new AppError('not_valid_request', { message: MESSAGES.notPending });
      if (expired(trip, now)) throw new AppError('trip_expired', { message: MESSAGES.expired });
      const request = await transaction(async (repos) => {
        const repo = repos.requests;
        const pending = await repo.findOf(trip.id, userId, [REQUEST_STATES.pending]);
        if (!pending) throw new AppError('not_valid_request', { message: MESSAGES.notPending });
        if (await hasSimilarTrip(repo, userId, trip)) throw new AppError('user_has_another_similar_trip', { message: MESSAGES.similar });
        const boarded = await board(repos, trip, pending, now, MESSAGES.noSeat);
        const toPay = boarded.request_state === REQUEST_STATES.waitingPayment;
        await notifications.notify(
          userId,
          {
            type: toPay ? 'my-trips' : 'trip',
            text: (toPay ? BOOKING_TEXTS.acceptedToPay : BOOKING_TEXTS.accepted)(owner.name, trip.to_town),
            extras: { trip_id: trip.id, user_id: owner.id, request_id: boarded.id },
          },
          repos,
        );
        return boarded;
      });
      return { data: toWireRequest(request) };
    },

    /** POST .../reject: the owner turns down a pending request (state 2). */
    async reject(owner: User, tripId: number, userId: number) {
      const now = clock.now();
      const trip = await findTrip(tripId);
      if (trip.user_id !== owner.id) throw new AppError('not_valid_request', { message: MESSAGES.notPending });
      const request = await transaction(async (repos) => {
        const repo = repos.requests;
        const pending = await repo.findOf(trip.id, userId, [REQUEST_STATES.pending]);
        if (!pending || (await repo.changeState(pending.id, [REQUEST_STATES.pending], REQUEST_STATES.rejected, now)) === 0) {
          throw new AppError('not_valid_request', { message: MESSAGES.notPending });
        }
        await notifications.notify(
          userId,
          { type: 'trip', text: BOOKING_TEXTS.rejected(owner.name, trip.to_town), extras: { trip_id: trip.id, user_id: owner.id } },
          repos,
        );
        return { ...pending, request_state: REQUEST_STATES.rejected, updated_at: now };
      });
      return { data: toWireRequest(request) };
    },

    /**
     * POST .../cancel. The requester withdraws a pending request or leaves (from 1 or 4); the
     * owner removes a passenger in state 1 or 4. The request ends in state 3; a passenger who
     * held a seat gives it back and an unpaid seat payment is cancelled. Once the trip has left,
     * passengers can no longer leave or be removed (trip_expired).
     */
    async cancel(caller: User, tripId: number, userId: number) {
      const now = clock.now();
      const trip = await findTrip(tripId);
      const byOwner = trip.user_id === caller.id && userId !== caller.id;
      if (!byOwner && userId !== caller.id) throw new AppError('access_denied', { message: MESSAGES.notYours });
      const request = await transaction(async (repos) => {
        const repo = repos.requests;
        const open = await repo.findOf(trip.id, userId, byOwner ? ACTIVE_REQUEST_STATES : OPEN_REQUEST_STATES);
        if (!open) throw new AppError('not_a_passenger', { message: MESSAGES.notAPassenger });
        const active = open.request_state !== REQUEST_STATES.pending;
        if (active && expired(trip, now)) throw new AppError('trip_expired', { message: MESSAGES.expired });
        if ((await repo.changeState(open.id, [open.request_state], REQUEST_STATES.cancelled, now)) === 0) {
          throw new AppError('not_a_passenger', { message: MESSAGES.notAPassenger });
        }
        if (active) {
          await repo.releaseSeat(trip.id);
          await repos.payments.cancelOpenOf(open.id, now);
        }
        const extras = { trip_id: trip.id, user_id: byOwner ? caller.id : userId };
        if (byOwner) {
          await notifications.notify(userId, { type: 'trip', text: BOOKING_TEXTS.removed(caller.name, trip.to_town), extras }, repos);
        } else {
          const text = active ? BOOKING_TEXTS.left : BOOKING_TEXTS.withdrawn;
          await notifications.notify(trip.user_id, { type: 'trip', text: text(caller.name, trip.to_town), extras }, repos);
        }
        return { ...open, request_state: REQUEST_STATES.cancelled, updated_at: now };
      });
      return { data: toWireRequest(request) };
    },

    /** GET /api/trips/:id/requests: the trip's pending requests, for its owner. */
    async ofTrip(caller: User, tripId: number) {
      const trip = await findTrip(tripId);
      if (trip.user_id !== caller.id) throw new AppError('access_denied', { message: MESSAGES.ownerOnly });
      return { data: (await requests.listOfTrip(trip.id, [REQUEST_STATES.pending])).map((request) => toWireRequest(request)) };
    },

    /** GET /api/trips/:tripId/passengers: accepted (1) and waiting for payment (4). */
    async passengers(caller: User, tripId: number) {
      const trip = await findTrip(tripId);
      const list = await requests.listOfTrip(trip.id, ACTIVE_REQUEST_STATES);
      const allowed = trip.user_id === caller.id || caller.is_admin || list.some((request) => request.user_id === caller.id);
      if (!allowed) throw new AppError('access_denied', { message: MESSAGES.passengersOnly });
      return { data: list.map((request) => toWireRequest(request)) };
    },

    /** GET /api/users/requests: pending requests on the caller's upcoming trips, with the trips. */
    pending: async (caller: User) => ({
      data: (await requests.pendingForOwner(caller.id, clock.now())).map((request) => toWireRequest(request, tripViewer(caller))),
    }),

    /** GET /api/users/payment-pending: the caller's requests waiting for payment, with the trips. */
    paymentPending: async (caller: User) => ({
      data: (await requests.waitingPaymentOf(caller.id, clock.now())).map((request) => toWireRequest(request, tripViewer(caller))),
    }),

    /**
     * GET /api/trips/transactions: seat payments tried by the caller or on the caller's departed
     * trips, as the provider's bare array.
     */
    transactions: async (caller: User) => (await payments.transactionsOf(caller.id, clock.now())).map(toWireTransaction),
  };
}

export type RequestService = ReturnType<typeof createRequestService>;
