import { DAY, HOUR, MINUTE, type SeedState, type UserModel } from './model';
import { asciiSlug, FEMALE_NAMES, MALE_NAMES, SURNAMES } from './names';
import type { Place } from './places';
import type { PlacePools } from './routes';
import {
  ADMIN_DESCRIPTION,
  DRIVER_DESCRIPTION,
  fill,
  OCCUPATIONS,
  PASSENGER_DESCRIPTION,
  USER_INTROS,
  USER_STYLE,
  USER_TRAVEL,
} from './texts';

/**
 * Demo accounts (the README and the e2e tests log in with them). Password: `carpool123` for
 * these and for every other seeded user.
 * - admin@carpool.ar: "Admin Carpool", administrator.
 * - conductor@carpool.ar: "Martín Gómez", verified driver with a car (AB 123 CD) and upcoming
 *   trips: Buenos Aires → Rosario in 3 days (3 seats, with a return trip), Buenos Aires → Mar del
 *   Plata via Chascomús, a full Buenos Aires → Córdoba, and more; pending requests on two of them;
 *   past trips with pending and given ratings.
 * - pasajera@carpool.ar: "Lucía Fernández", accepted on the driver's trip to Rosario, with one seat
 *   request of each other state (pending, rejected, cancelled, waiting for payment) on other
 *   drivers' trips, two saved searches and unread notifications.
 */
export const DEMO_PASSWORD = 'carpool123';
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@carpool.ar', name: 'Admin Carpool' },
  driver: { email: 'conductor@carpool.ar', name: 'Martín Gómez' },
  passenger: { email: 'pasajera@carpool.ar', name: 'Lucía Fernández' },
} as const;

/** The demo story needs a few other users (drivers of the passenger's other requests, requesters). */
export const MIN_USERS = 16;
/** The first random users are verified, active drivers: the demo story's other drivers. */
const SUPPORT_DRIVERS = 6;

const EMAIL_DOMAINS = ['example.com', 'example.net', 'example.org'] as const;

const CAR_MODELS = [
  'Volkswagen Gol Trend', 'Volkswagen Suran', 'Volkswagen Amarok', 'Fiat Cronos', 'Fiat Palio',
  'Fiat Siena', 'Chevrolet Onix', 'Chevrolet Corsa', 'Chevrolet Prisma', 'Ford Ka', 'Ford Fiesta',
  'Ford EcoSport', 'Renault Sandero', 'Renault Logan', 'Renault Kangoo', 'Peugeot 208', 'Peugeot 308',
  'Toyota Etios', 'Toyota Corolla', 'Toyota Hilux', 'Citroën C3', 'Honda Fit', 'Nissan Versa',
] as const;
const CAR_COLOURS = ['blanco', 'gris', 'negro', 'rojo', 'azul', 'gris plata', 'bordó'] as const;

/** Mobile area codes by province (the first one for the province's main city). */
const AREA_CODES: Record<string, readonly string[]> = {
  'Ciudad Autónoma de Buenos Aires': ['11'],
  'Buenos Aires': ['11', '221', '223', '291', '249', '2477'],
  'Santa Fe': ['341', '342'],
  Córdoba: ['351', '358', '3541'],
  Mendoza: ['261', '260'],
  Tucumán: ['381'],
  Salta: ['387'],
  Neuquén: ['299'],
  'Entre Ríos': ['343', '345'],
  'Río Negro': ['294', '298'],
  Chubut: ['280', '297'],
  Misiones: ['376'],
  Corrientes: ['379'],
  Chaco: ['362'],
  Jujuy: ['388'],
  'San Juan': ['264'],
  'San Luis': ['266'],
  'La Pampa': ['2954'],
  'Santiago del Estero': ['385'],
  Catamarca: ['383'],
  'La Rioja': ['380'],
  Formosa: ['370'],
  'Santa Cruz': ['2966'],
  'Tierra del Fuego': ['2901'],
};

/** Values that must stay unique across seeded users (and users already in the database). */
export type Taken = { emails: Set<string>; docs: Set<string>; phones: Set<string>; patentes: Set<string> };

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function dateOnly(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function newUser(state: SeedState, fields: Omit<UserModel, 'carIds' | 'friends' | 'busy' | 'positive' | 'negative' | 'opened' | 'answered' | 'answerDelaySum'>): UserModel {
  return state.addUser({
    ...fields,
    carIds: [],
    friends: new Set(),
    busy: new Set(),
    positive: 0,
    negative: 0,
    opened: 0,
    answered: 0,
    answerDelaySum: 0,
  });
}

function uniqueEmail(state: SeedState, taken: Taken, first: string, surname: string, birthYear: number): string {
  const f = asciiSlug(first);
  const s = asciiSlug(surname);
  const yy = String(birthYear % 100).padStart(2, '0');
  const patterns = [`${f}.${s}`, `${f}${s}`, `${f[0]}${s}`, `${f}.${s}${yy}`, `${f}_${s}`, `${s}.${f}`, `${f}${s}${birthYear}`];
  const rand = state.rand;
  for (let tries = 0; ; tries++) {
    let local = rand.pick(patterns);
    if (tries > 3) local += String(rand.int(1, 999));
    const email = `${local}@${rand.pick(EMAIL_DOMAINS)}`;
    if (!taken.emails.has(email)) {
      taken.emails.add(email);
      return email;
    }
  }
}

/** Argentine DNI numbers grow with the birth year; people born before 1958 have 7 digits. */
function uniqueDoc(state: SeedState, taken: Taken, birthYear: number): string {
  for (;;) {
    const base = birthYear < 1958 ? 5_600_000 + (birthYear - 1950) * 450_000 : 12_000_000 + (birthYear - 1958) * 720_000;
    const doc = String(Math.min(49_999_999, Math.max(1_000_000, base + state.rand.int(-400_000, 800_000))));
    if (!taken.docs.has(doc)) {
      taken.docs.add(doc);
      return doc;
    }
  }
}

function uniquePhone(state: SeedState, taken: Taken, home: Place): string {
  const codes = AREA_CODES[home.province] ?? ['11'];
  const area = home.province === 'Buenos Aires' && state.rand.chance(0.5) ? '11' : state.rand.pick(codes);
  for (;;) {
    const subscriber = String(state.rand.int(2, 9)) + String(state.rand.int(0, 10 ** (9 - area.length) - 1)).padStart(9 - area.length, '0');
    const phone = area + subscriber;
    if (!taken.phones.has(phone)) {
      taken.phones.add(phone);
      return phone;
    }
  }
}

function uniquePatente(state: SeedState, taken: Taken): string {
  const rand = state.rand;
  const letter = () => String.fromCharCode(65 + rand.int(0, 25));
  for (;;) {
    const digits = String(rand.int(0, 999)).padStart(3, '0');
    // Mercosur plates (since 2016) or the older format.
    const patente = rand.chance(0.6)
      ? `A${String.fromCharCode(65 + rand.int(0, 6))} ${digits} ${letter()}${letter()}`
      : `${letter()}${letter()}${letter()} ${digits}`;
    if (!taken.patentes.has(patente)) {
      taken.patentes.add(patente);
      return patente;
    }
  }
}

function describe(state: SeedState, pools: PlacePools, home: Place, female: boolean): string {
  const rand = state.rand;
  const occupation = rand.pick(OCCUPATIONS)[female ? 1 : 0];
  let other = pools.pickMain(rand);
  while (other.id === home.id) other = pools.pickMain(rand);
  const values = { occupation, occupation_cap: capitalize(occupation), home: home.name, other: other.name };
  const parts = [fill(rand.pick(USER_INTROS), values), fill(rand.pick(USER_TRAVEL), values)];
  if (rand.chance(0.7)) parts.push(rand.pick(USER_STYLE));
  return parts.join(' ');
}

function addCar(state: SeedState, taken: Taken, user: UserModel, patente?: string, description?: string): void {
  const rand = state.rand;
  const id = state.nextId('cars');
  state.cars.push({
    id,
    userId: user.id,
    patente: patente ?? uniquePatente(state, taken),
    description: description ?? `${rand.pick(CAR_MODELS)} ${rand.pick(CAR_COLOURS)}`,
    createdAt: new Date(user.createdAt.getTime() + rand.int(1, 30) * DAY),
  });
  user.carIds.push(id);
}

export type DemoUsers = { admin: UserModel; driver: UserModel; passenger: UserModel; supportDrivers: UserModel[] };

export function buildUsers(state: SeedState, pools: PlacePools, taken: Taken, count: number): DemoUsers {
  const rand = state.rand;
  const buenosAires = pools.get('81590481');
  const rosario = pools.get('198417773');
  const complete = { data_visibility: 0, emails_notifications: true, on_boarding_view: true };
  for (const demo of Object.values(DEMO_ACCOUNTS)) taken.emails.add(demo.email);
  ['35111222', '33456789', '39876543'].forEach((d) => taken.docs.add(d));
  ['1140001000', '1145678901', '3415551234'].forEach((p) => taken.phones.add(p));
  taken.patentes.add('AB 123 CD');

  const admin = newUser(state, {
    id: state.nextId('users'), name: DEMO_ACCOUNTS.admin.name, first: 'Admin', female: false,
    email: DEMO_ACCOUNTS.admin.email, home: buenosAires, description: ADMIN_DESCRIPTION, birthday: '1990-01-15',
    nroDoc: '35111222', phone: '1140001000', isDriver: false, active: true, banned: false, isAdmin: true,
    demo: true, createdAt: state.ago(700 * DAY), lastConnection: state.ago(2 * HOUR), activationToken: null,
    columns: { ...complete },
  });
  const driver = newUser(state, {
    id: state.nextId('users'), name: DEMO_ACCOUNTS.driver.name, first: 'Martín', female: false,
    email: DEMO_ACCOUNTS.driver.email, home: buenosAires, description: DRIVER_DESCRIPTION, birthday: '1988-04-12',
    nroDoc: '33456789', phone: '1145678901', isDriver: true, active: true, banned: false, isAdmin: false,
    demo: true, createdAt: state.ago(420 * DAY), lastConnection: state.ago(40 * MINUTE), activationToken: null,
    columns: { ...complete, data_visibility: 1 },
  });
  addCar(state, taken, driver, 'AB 123 CD', 'Volkswagen Gol Trend gris');
  const passenger = newUser(state, {
    id: state.nextId('users'), name: DEMO_ACCOUNTS.passenger.name, first: 'Lucía', female: true,
    email: DEMO_ACCOUNTS.passenger.email, home: rosario, description: PASSENGER_DESCRIPTION, birthday: '1996-09-03',
    nroDoc: '39876543', phone: '3415551234', isDriver: false, active: true, banned: false, isAdmin: false,
    demo: true, createdAt: state.ago(300 * DAY), lastConnection: state.ago(3 * HOUR), activationToken: null,
    columns: { ...complete },
  });

  const supportDrivers: UserModel[] = [];
  const random = Math.max(count, MIN_USERS) - 3;
  for (let i = 0; i < random; i++) {
    const female = rand.chance(0.5);
    const first = rand.pick(female ? FEMALE_NAMES : MALE_NAMES);
    let surname = rand.pick(SURNAMES);
    while (`${first} ${surname}`.length > 25) surname = rand.pick(SURNAMES);
    const home = pools.pickMain(rand);
    // Ages 18 to 72, mostly 20 to 45.
    const age = rand.chance(0.7) ? rand.int(20, 45) : rand.int(18, 72);
    const birth = new Date(state.nowMs - age * 365.25 * DAY - rand.int(0, 364) * DAY);
    const support = i < SUPPORT_DRIVERS;
    const active = support || rand.chance(0.94);
    const isDriver = support || (active && rand.chance(0.38));
    const createdAt = state.ago(rand.int(20, 900) * DAY + rand.int(0, 23) * HOUR);
    const user = newUser(state, {
      id: state.nextId('users'),
      name: `${first} ${surname}`,
      first,
      female,
      email: uniqueEmail(state, taken, first, surname, birth.getUTCFullYear()),
      home,
      description: describe(state, pools, home, female),
      birthday: dateOnly(birth),
      nroDoc: uniqueDoc(state, taken, birth.getUTCFullYear()),
      phone: uniquePhone(state, taken, home),
      isDriver,
      active,
      banned: false,
      isAdmin: false,
      demo: false,
      createdAt,
      lastConnection: active ? state.ago(Math.floor(rand.next() ** 2 * 25 * DAY) + 5 * MINUTE) : null,
      activationToken: active ? null : rand.faker.string.alphanumeric(40),
      columns: {
        data_visibility: rand.chance(0.3) ? 1 : 0,
        emails_notifications: rand.chance(0.85),
        autoaccept_requests: isDriver && rand.chance(0.12),
        on_boarding_view: active && rand.chance(0.9),
        do_not_alert_pending_rates: rand.chance(0.05),
        do_not_alert_request_seat: rand.chance(0.1),
        do_not_alert_accept_passenger: rand.chance(0.1),
        do_not_alert_pricing: rand.chance(0.05),
      },
    });
    if (isDriver) {
      addCar(state, taken, user);
      if (rand.chance(0.08)) addCar(state, taken, user);
    }
    if (support) supportDrivers.push(user);
  }

  // Two banned accounts, never among the demo story's drivers.
  const bannable = state.users.filter((u) => !u.demo && u.active && !supportDrivers.includes(u));
  for (const user of rand.sample(bannable, 2)) {
    user.banned = true;
    user.columns.private_note = 'Cuenta suspendida por reiteradas cancelaciones sin aviso.';
  }
  return { admin, driver, passenger, supportDrivers };
}

/** Users who take part in random activity: active, not banned, not one of the demo accounts. */
export function regularUsers(state: SeedState): UserModel[] {
  return state.users.filter((u) => u.active && !u.banned && !u.demo);
}

export function buildFriends(state: SeedState, demo: DemoUsers): void {
  const rand = state.rand;
  const people = regularUsers(state);
  const since = () => state.ago(rand.int(1, 300) * DAY + rand.int(0, 23) * HOUR);
  const befriend = (a: UserModel, b: UserModel) => {
    if (a.id === b.id || state.hasFriendRow(a.id, b.id)) return;
    const created = since();
    state.addFriendship(a.id, b.id, created, new Date(created.getTime() + rand.int(1, 48) * HOUR));
  };

  befriend(demo.driver, demo.passenger);
  for (const other of people.slice(0, 5)) befriend(demo.driver, other);
  for (const other of people.slice(5, 8)) befriend(demo.passenger, other);
  for (const user of people) {
    const wanted = rand.int(0, 6);
    for (let k = 0; k < wanted; k++) befriend(user, rand.pick(people));
  }

  // Pending friend requests, two of them to the demo accounts.
  const requests: [UserModel, UserModel][] = [];
  const candidates = people.slice(8);
  if (candidates[0]) requests.push([candidates[0], demo.passenger]);
  if (candidates[1]) requests.push([candidates[1], demo.driver]);
  for (let k = 0; k < Math.round(people.length * 0.3); k++) requests.push([rand.pick(people), rand.pick(people)]);
  for (const [from, to] of requests) {
    if (from.id === to.id || state.hasFriendRow(from.id, to.id)) continue;
    state.addFriendRequest(from.id, to.id, state.ago(rand.int(1, 20 * 24) * HOUR));
  }
}
