import { AR_OFFSET_MS, RATED_ROLE, REQUEST_STATES, haversineMetres, ratingWindow } from '@carpool/contracts';
import { DAY, HOUR, MINUTE, type SeedState, type TripModel, type UserModel } from './model';
import { regularUsers, type DemoUsers } from './people';
import { placeAddress, placeJsonAddress, type Place } from './places';
import type { DemoTrips } from './demo';
import type { PlacePools } from './routes';
import {
  fill,
  GROUP_CHAT,
  NOTIFICATION_TEXTS as N,
  PRIVATE_CHATS,
  RATING_NEGATIVE_DRIVER,
  RATING_NEGATIVE_PASSENGER,
  RATING_POSITIVE_DRIVER,
  RATING_POSITIVE_PASSENGER,
  RATING_REPLIES,
  REFERENCES,
} from './texts';

const SUBSCRIPTION_RADIUS_M = 25_000;

function destinationOf(trip: TripModel): Place {
  return trip.points[trip.points.length - 1]!;
}

function arTime(date: Date): string {
  const local = new Date(date.getTime() + AR_OFFSET_MS);
  return `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
}

/**
 * Rating rows for trips that started more than 24 h ago: one per direction between the driver and
 * each accepted passenger. Pending ones (voted false) stay in the 14-day window; public
 * (`available`) once both sides voted or the window closed.
 */
export function buildRatings(state: SeedState): void {
  const rand = state.rand;
  for (const trip of state.trips) {
    const window = ratingWindow(trip.date);
    const opens = window.opens.getTime();
    if (trip.isPassenger || opens > state.nowMs) continue;
    const closes = window.closes.getTime();
    const closed = closes <= state.nowMs;
    const driver = state.user(trip.userId);
    for (const passenger of trip.passengers) {
      if (passenger.state !== REQUEST_STATES.accepted) continue;
      const pair = [
        { from: passenger.userId, to: driver.id, toType: RATED_ROLE.driver },
        { from: driver.id, to: passenger.userId, toType: RATED_ROLE.passenger },
      ].map((side) => {
        const voted = trip.ratings ? trip.ratings === 'voted' : rand.chance(closed ? 0.8 : 0.55);
        return { ...side, voted };
      });
      const bothVoted = pair.every((side) => side.voted);
      for (const side of pair) {
        const row = {
          id: state.nextId('rates'),
          trip_id: trip.id,
          user_id_from: side.from,
          user_id_to: side.to,
          user_to_type: side.toType,
          user_to_state: 1,
          rating: null as number | null,
          comment: null as string | null,
          reply_comment: null as string | null,
          reply_comment_created_at: null as Date | null,
          voted: side.voted,
          rate_at: null as Date | null,
          available: closed || bothVoted,
          created_at: new Date(opens),
          updated_at: new Date(opens),
        };
        if (side.voted) {
          const positive = trip.ratings === 'voted' || rand.chance(0.9);
          const toDriver = side.toType === RATED_ROLE.driver;
          row.rating = positive ? 1 : 0;
          if (!positive) row.comment = rand.pick(toDriver ? RATING_NEGATIVE_DRIVER : RATING_NEGATIVE_PASSENGER);
          else if (trip.ratings === 'voted' || rand.chance(0.7)) {
            row.comment = rand.pick(toDriver ? RATING_POSITIVE_DRIVER : RATING_POSITIVE_PASSENGER);
          }
          const end = Math.min(state.nowMs - HOUR, closes);
          row.rate_at = new Date(opens + Math.floor(rand.next() * Math.max(0, end - opens)));
          row.updated_at = row.rate_at;
          const receiver = state.user(side.to);
          if (positive) receiver.positive++;
          else receiver.negative++;
          if (rand.chance(positive ? 0.04 : 0.4)) {
            const replied = Math.min(state.nowMs - MINUTE, row.rate_at.getTime() + rand.int(1, 48) * HOUR);
            row.reply_comment = rand.pick(RATING_REPLIES);
            row.reply_comment_created_at = new Date(replied);
          }
        }
        state.ratings.push(row);
      }
    }
  }
}

type Chat = { id: number; users: number[]; last: Date };

/** A conversation whose messages alternate as scripted; the tail may be unread by the others. */
function addConversation(
  state: SeedState,
  spec: { type: 0 | 1; title: string | null; tripId: number | null; users: number[]; lines: [number, string][]; start: Date; unreadTail: boolean },
): Chat {
  const rand = state.rand;
  const id = state.nextId('conversations');
  let at = spec.start.getTime();
  const messages: { id: number; user: number; text: string; at: number }[] = [];
  for (const [user, text] of spec.lines) {
    if (at > state.nowMs - MINUTE) break;
    messages.push({ id: state.nextId('messages'), user, text, at });
    at += rand.int(2, 90) * MINUTE;
  }
  const lastAuthor = messages[messages.length - 1]?.user;
  // The trailing messages of the last author are unread by everyone else when unreadTail is set.
  let firstUnread = messages.length;
  if (spec.unreadTail) {
    while (firstUnread > 0 && messages[firstUnread - 1]!.user === lastAuthor) firstUnread--;
  }
  messages.forEach((m, index) => {
    const readers = index < firstUnread ? spec.users.filter((u) => u !== m.user) : [];
    state.messages.push({ id: m.id, conversation_id: id, user_id: m.user, text: m.text, no_of_read: 1 + readers.length, created_at: new Date(m.at) });
    for (const reader of readers) {
      state.messageReads.push({ message_id: m.id, user_id: reader, created_at: new Date(Math.min(state.nowMs, m.at + rand.int(1, 120) * MINUTE)) });
    }
  });
  const last = new Date(messages[messages.length - 1]?.at ?? spec.start.getTime());
  state.conversations.push({ id, type: spec.type, title: spec.title, trip_id: spec.tripId, created_at: spec.start, updated_at: last });
  for (const user of spec.users) {
    const unread = spec.unreadTail && user !== lastAuthor && firstUnread < messages.length;
    state.conversationUsers.push({ conversation_id: id, user_id: user, read: !unread });
    if (unread) {
      const author = state.user(lastAuthor!);
      state.addNotification(user, 'conversation', fill(N.newMessage, { name: author.name }), { conversation_id: id }, last, false);
    }
  }
  // Reply statistics of private chats: the first message opens, the first answer answers.
  if (spec.type === 0 && messages.length > 0) {
    const first = messages[0]!;
    const reply = messages.find((m) => m.user !== first.user);
    for (const user of spec.users.filter((u) => u !== first.user)) {
      const model = state.user(user);
      model.opened++;
      if (reply && reply.user === user) {
        model.answered++;
        model.answerDelaySum += Math.round((reply.at - first.at) / 1000);
      }
    }
  }
  return { id, users: spec.users, last };
}

function chatLines(trip: TripModel, passengerId: number, script: readonly (readonly ['P' | 'D', string])[]): [number, string][] {
  const hours = Math.max(1, Math.round(trip.distance / 1000 / 80));
  const values = { to: destinationOf(trip).name, time: arTime(trip.date), hours };
  return script.map(([who, text]) => [who === 'P' ? passengerId : trip.userId, fill(text, values)]);
}

export function buildConversations(state: SeedState, demo: DemoUsers, demoTrips: DemoTrips): void {
  const rand = state.rand;
  const { driver, passenger, admin } = demo;
  const t = demoTrips.toRosario;

  addConversation(state, {
    type: 0, title: null, tripId: t.id, users: [passenger.id, driver.id],
    lines: chatLines(t, passenger.id, PRIVATE_CHATS[0]!), start: state.ago(4 * DAY + 3 * HOUR), unreadTail: true,
  });
  const asking = demoTrips.toRosarioPending[1]!;
  addConversation(state, {
    type: 0, title: null, tripId: t.id, users: [asking.id, driver.id],
    lines: chatLines(t, asking.id, PRIVATE_CHATS[0]!.slice(0, 1)), start: state.ago(6 * HOUR), unreadTail: true,
  });
  addConversation(state, {
    type: 0, title: null, tripId: null, users: [admin.id, driver.id],
    lines: [
      [admin.id, 'Hola Martín, ya verificamos tu documentación: desde ahora podés publicar viajes.'],
      [driver.id, '¡Genial, muchas gracias!'],
    ],
    start: state.ago(60 * DAY), unreadTail: false,
  });
  const group = [driver.id, passenger.id, demoTrips.toRosarioAccepted.id];
  addConversation(state, {
    type: 1, title: `Viaje a ${destinationOf(t).name}`, tripId: t.id, users: group,
    lines: GROUP_CHAT.map(([who, text]) => [who === 'D' ? group[0]! : who === 'P1' ? group[1]! : group[2]!, fill(text, { time: arTime(t.date) })]),
    start: state.ago(30 * HOUR), unreadTail: false,
  });

  // Random private chats between a requester and the driver of an upcoming trip.
  const candidates = state.trips.filter(
    (trip) => !trip.isPassenger && trip.date.getTime() > state.nowMs && trip.passengers.length > 0 && !state.user(trip.userId).demo,
  );
  const privateCount = Math.min(candidates.length, Math.round(state.users.length * 0.35));
  for (const trip of rand.sample(candidates, privateCount)) {
    const request = rand.pick(trip.passengers);
    if (state.user(request.userId).demo) continue;
    addConversation(state, {
      type: 0, title: null, tripId: trip.id, users: [request.userId, trip.userId],
      lines: chatLines(trip, request.userId, rand.pick(PRIVATE_CHATS)),
      start: new Date(Math.max(trip.createdAt.getTime(), request.createdAt.getTime() - rand.int(10, 600) * MINUTE)),
      unreadTail: rand.chance(0.3),
    });
  }
  // A few more trip groups.
  const groups = candidates.filter((trip) => trip.passengers.filter((p) => p.state === REQUEST_STATES.accepted).length >= 2);
  for (const trip of rand.sample(groups, Math.max(1, Math.round(state.users.length / 40)))) {
    const [p1, p2] = trip.passengers.filter((p) => p.state === REQUEST_STATES.accepted).map((p) => p.userId);
    const users = [trip.userId, p1!, p2!];
    addConversation(state, {
      type: 1, title: `Viaje a ${destinationOf(trip).name}`, tripId: trip.id, users,
      lines: GROUP_CHAT.map(([who, text]) => [who === 'D' ? users[0]! : who === 'P1' ? users[1]! : users[2]!, fill(text, { time: arTime(trip.date) })]),
      start: new Date(Math.min(state.nowMs - 3 * HOUR, trip.date.getTime() - DAY)),
      unreadTail: rand.chance(0.5),
    });
  }
}

function addSubscription(state: SeedState, user: UserModel, from: Place, to: Place, date: Date | null, isPassenger: boolean, createdAt: Date): void {
  const id = state.nextId('subscriptions');
  state.subscriptions.push({
    id,
    user_id: user.id,
    trip_date: date,
    from_address: placeAddress(from),
    from_json_address: placeJsonAddress(from),
    from_lat: from.lat,
    from_lng: from.lng,
    from_radio: SUBSCRIPTION_RADIUS_M,
    from_id: from.id,
    to_address: placeAddress(to),
    to_json_address: placeJsonAddress(to),
    to_lat: to.lat,
    to_lng: to.lng,
    to_radio: SUBSCRIPTION_RADIUS_M,
    to_id: to.id,
    is_passenger: isPassenger,
    state: true,
    created_at: createdAt,
    updated_at: createdAt,
  });
  // Matches: upcoming visible trips of other users with the same role, both ends within the radius
  // and, for a dated search, leaving that (Argentine) day.
  const day = date ? Math.floor((date.getTime() + AR_OFFSET_MS) / DAY) : null;
  let notified = 0;
  for (const trip of state.trips) {
    if (trip.isPassenger !== isPassenger || trip.hidden || trip.userId === user.id || trip.date.getTime() <= state.nowMs) continue;
    if (day !== null && Math.floor((trip.date.getTime() + AR_OFFSET_MS) / DAY) !== day) continue;
    const origin = trip.points[0]!;
    const destination = destinationOf(trip);
    if (Math.abs(origin.lat - from.lat) > 0.3 || Math.abs(destination.lat - to.lat) > 0.3) continue;
    if (haversineMetres(origin, from) > SUBSCRIPTION_RADIUS_M || haversineMetres(destination, to) > SUBSCRIPTION_RADIUS_M) continue;
    const matchedAt = new Date(Math.max(createdAt.getTime(), trip.createdAt.getTime()));
    state.subscriptionMatches.push({ subscription_id: id, trip_id: trip.id, created_at: matchedAt });
    if (matchedAt.getTime() > createdAt.getTime() && notified < 3) {
      notified++;
      state.addNotification(user.id, 'subscription', fill(N.subscriptionMatch, { from: from.name, to: to.name }), { trip_id: trip.id, subscription_id: id }, matchedAt, false);
    }
  }
}

export function buildSubscriptions(state: SeedState, pools: PlacePools, demo: DemoUsers): void {
  const rand = state.rand;
  const buenosAires = pools.get('81590481');
  addSubscription(state, demo.passenger, buenosAires, pools.get('2466067279'), null, false, state.ago(20 * DAY));
  addSubscription(state, demo.passenger, pools.get('198417773'), buenosAires, state.arDate(9, 0), false, state.ago(2 * DAY));
  const people = regularUsers(state);
  for (let k = 0; k < Math.round(people.length * 0.15); k++) {
    const user = rand.pick(people);
    const from = rand.chance(0.6) ? user.home : pools.pickMain(rand);
    let to = pools.pickMain(rand);
    while (to.id === from.id) to = pools.pickMain(rand);
    const date = rand.chance(0.4) ? state.arDate(rand.int(1, 30), 0) : null;
    addSubscription(state, user, from, to, date, rand.chance(0.15), state.ago(rand.int(1, 40) * DAY));
  }
}

export function buildReferences(state: SeedState, demo: DemoUsers): void {
  const rand = state.rand;
  const people = regularUsers(state);
  const pairs = new Set<string>();
  const add = (from: UserModel, to: UserModel, comment?: string) => {
    const key = `${from.id}:${to.id}`;
    if (from.id === to.id || pairs.has(key)) return;
    pairs.add(key);
    const text = comment ?? fill(rand.pick(REFERENCES), { first: to.first, to: from.home.name });
    state.references.push({ id: state.nextId('users_references'), user_id_from: from.id, user_id_to: to.id, comment: text, created_at: state.ago(rand.int(1, 200) * DAY) });
  };
  for (const from of people.slice(0, 3)) add(from, demo.driver);
  if (people[3]) add(people[3], demo.passenger);
  add(demo.driver, demo.passenger, 'Lucía viajó conmigo varias veces: puntual y muy buena compañía.');
  for (let k = 0; k < Math.round(people.length * 0.2); k++) add(rand.pick(people), rand.pick(people));
}

export function buildDevicesAndDonations(state: SeedState, demo: DemoUsers): void {
  const rand = state.rand;
  for (const user of state.users) {
    if (!user.active || !(user.demo || rand.chance(0.4))) continue;
    const created = new Date(Math.max(user.createdAt.getTime(), state.nowMs - rand.int(1, 120) * DAY));
    state.devices.push({
      id: state.nextId('users_devices'),
      user_id: user.id,
      device_id: rand.faker.string.uuid(),
      device_type: 'browser',
      app_version: '3',
      notifications: rand.chance(0.8),
      language: 'es',
      created_at: created,
      updated_at: user.lastConnection ?? created,
    });
  }

  // Donation records after rated trips: donations and denials; a few monthly donors.
  const ridden = new Map<number, TripModel[]>();
  for (const trip of state.trips) {
    if (trip.date.getTime() > state.nowMs) continue;
    for (const p of trip.passengers) {
      if (p.state !== REQUEST_STATES.accepted) continue;
      const trips = ridden.get(p.userId);
      if (trips) trips.push(trip);
      else ridden.set(p.userId, [trip]);
    }
  }
  const donate = (user: UserModel, trip: TripModel | null, amount: number, denied: boolean) => {
    state.donations.push({
      id: state.nextId('donations'),
      user_id: user.id,
      trip_id: trip?.id ?? null,
      has_donated: !denied,
      has_denied: denied,
      ammount: denied ? 0 : amount,
      created_at: trip ? new Date(Math.min(state.nowMs, trip.date.getTime() + 2 * DAY)) : state.ago(rand.int(1, 90) * DAY),
    });
  };
  const passengerTrips = ridden.get(demo.passenger.id) ?? [];
  const coast = passengerTrips.find((t) => t.ratings === 'voted');
  if (coast) donate(demo.passenger, coast, 5000, false);
  for (const user of regularUsers(state)) {
    const trips = ridden.get(user.id) ?? [];
    if (rand.chance(0.03)) {
      user.columns.monthly_donate = true;
      donate(user, null, rand.pick([2000, 5000, 10000]), false);
    }
    const trip = trips.length > 0 ? rand.pick(trips) : null;
    if (trip && rand.chance(0.1)) donate(user, trip, rand.pick([2000, 5000, 10000]), false);
    else if (trip && rand.chance(0.08)) donate(user, trip, 0, true);
  }
}

/** Notifications of seat requests, friendships and pending ratings (messages and matches add their own). */
export function buildNotifications(state: SeedState): void {
  const rand = state.rand;
  const recent = state.nowMs - 30 * DAY;
  for (const trip of state.trips) {
    if (trip.isPassenger) continue;
    const driver = state.user(trip.userId);
    const to = destinationOf(trip).name;
    const upcoming = trip.date.getTime() > state.nowMs;
    for (const p of trip.passengers) {
      const passenger = state.user(p.userId);
      const extras = { trip_id: trip.id };
      if (p.state === REQUEST_STATES.pending && upcoming) {
        state.addNotification(driver.id, 'trip', fill(N.requestReceived, { name: passenger.name, to }), extras, p.createdAt, false);
      }
      if (p.updatedAt.getTime() < recent) continue;
      if (p.state === REQUEST_STATES.accepted) state.addNotification(p.userId, 'trip', fill(N.requestAccepted, { name: driver.name, to }), extras, p.updatedAt, false);
      if (p.state === REQUEST_STATES.rejected) state.addNotification(p.userId, 'trip', fill(N.requestRejected, { name: driver.name, to }), extras, p.updatedAt, false);
      if (p.state === REQUEST_STATES.waitingPayment) state.addNotification(p.userId, 'trip', fill(N.paymentPending, { to }), extras, p.updatedAt, false);
      if (p.state === REQUEST_STATES.cancelled) state.addNotification(driver.id, 'trip', fill(N.passengerLeft, { name: passenger.name, to }), extras, p.updatedAt, false);
    }
  }
  for (const row of state.friends) {
    const created = row.created_at as Date;
    if (row.state === 0) {
      state.addNotification(row.uid2 as number, 'friends', fill(N.friendRequest, { name: state.user(row.uid1 as number).name }), { user_id: row.uid1 as number }, created, false);
    } else if ((row.uid1 as number) < (row.uid2 as number) && created.getTime() > recent) {
      // The requester (taken as the lower id) learns that the other accepted.
      state.addNotification(row.uid1 as number, 'friends', fill(N.friendAccepted, { name: state.user(row.uid2 as number).name }), { user_id: row.uid2 as number }, row.updated_at as Date, false);
    }
  }
  // One "pending ratings" reminder per user and trip still in the rating window.
  const reminded = new Set<string>();
  for (const rating of state.ratings) {
    const key = `${rating.user_id_from}:${rating.trip_id}`;
    if (rating.voted || rating.available || reminded.has(key)) continue;
    reminded.add(key);
    const trip = state.tripById.get(rating.trip_id as number)!;
    state.addNotification(rating.user_id_from as number, 'my-trips', fill(N.pendingRating, { to: destinationOf(trip).name }), { trip_id: trip.id }, rating.created_at as Date, false);
  }
  // Old notifications are mostly read, recent ones unread (the demo accounts': the last three days).
  // Notifications of unread messages stay unread.
  for (const row of state.notifications) {
    if (row.type === 'conversation') continue;
    const age = state.nowMs - (row.created_at as Date).getTime();
    row.readed = state.user(row.user_id as number).demo
      ? age > 3 * DAY
      : age > 36 * HOUR && rand.chance(age > 7 * DAY ? 0.95 : 0.7);
  }
}
