/**
 * The demo data: what a new user sees after `npm start` (and what `npm run seed` writes). The
 * plan is computed first from a seeded generator, so runs are reproducible and dates are
 * relative to deps.now(); then the pictures are drawn and stored; then every row is written in
 * one transaction. If the rows fail, the stored pictures are removed again.
 */
import type { Kysely } from 'kysely';
import {
  PAYMENT_METHODS,
  type BookingStatus,
  type PaymentMethod,
  type RequestStatus,
  type Role,
} from '#domain/constants';
import { addDays, todayIso } from '#domain/dates';
import { priceRental } from '#domain/pricing';
import { DEFAULT_HOLD_HOURS, holdEndsAt } from '#domain/request-hold';
import type { Deps } from '../context.ts';
import { bumpVersion } from '../repositories/data-versions.ts';
import type { MediaStore } from '../services/media/media-store.ts';
import { hashPassword } from '../services/passwords.ts';
import type { DemoLogin } from '../start-message.ts';
import type { Database, NewBooking, NewBookingRequest, NewCustomer } from '../db/types.ts';
import {
  AGENCIES,
  BOOKING_NOTES,
  COLOURS,
  KIN_FIRST_NAMES,
  MODELS,
  PEOPLE,
  REQUEST_MESSAGES,
  STAFF_NOTES,
  STREETS,
  type AgencySeed,
  type ModelSeed,
} from './catalogue.ts';
import { writeDeskHistory, type DeskHistorySummary } from './desk-history.ts';
import { writePriceLists, type PriceListSummary } from './price-list.ts';
import { logoSvg, renderPng, vehicleSvg } from './images.ts';
import { Random } from './random.ts';

export const DEMO_PASSWORD = 'fleet-demo';

/** The demo logins, in the order the README lists them. */
export const DEMO_USERS: readonly DemoLogin[] = [
  { username: 'staff', role: 'staff' },
  { username: 'agency', role: 'agency' },
  { username: 'agent', role: 'agent' },
  { username: 'customer', role: 'customer' },
  { username: 'agency2', role: 'agency' },
  { username: 'freshfleet', role: 'agency', pendingApproval: true },
];

export interface SeedSummary extends DeskHistorySummary {
  agencies: number;
  /** The approved agencies' price lists (price-list.ts). */
  priceList: PriceListSummary;
  locations: number;
  vehicles: number;
  images: number;
  users: number;
  customers: number;
  bookings: number;
  bookingRequests: number;
}

const DAY_MS = 86_400_000;
const SEED = 20_250_601;
const VEHICLES_PER_APPROVED_AGENCY = 13;
const VEHICLES_OF_PENDING_AGENCY = 2;
/** Self-registered customers after the demo `customer` (PEOPLE[1..]); they have logins too. */
const SELF_REGISTERED = 4;
/** Upcoming bookings reach this far; requests that must be free are placed after it. */
const BOOKING_HORIZON_DAYS = 45;
const BATCH = 100;

type AgencyKey = AgencySeed['key'];

interface VehiclePlan {
  agency: AgencyKey;
  model: ModelSeed;
  colour: { name: string; hex: string };
  year: number;
  mileage: number;
  mileageAllowance: number;
  ownership: 'company' | 'private';
  pricePerDay: number;
  deposit: number;
  registration: string;
  nextServiceDate: string;
  createdAt: string;
  /** Indexes into the agency's locations. */
  locations: number[];
  /** The SVG of each picture, in carousel order. */
  pictures: string[];
}

interface UserPlan {
  username: string;
  email: string;
  role: Role;
  first: string;
  last: string;
  phone: string;
  agency: AgencyKey | null;
}

interface CustomerPlan {
  row: Omit<NewCustomer, 'user_id' | 'agency_id'>;
  /** Index into the user plans, for those who registered themselves. */
  user: number | null;
  agency: AgencyKey | null;
}

interface BookingPlan {
  vehicle: number;
  customer: number;
  start: string;
  end: string;
  pickupTime: string;
  dropoffTime: string;
  /** Indexes into the agency's locations. */
  pickup: number;
  dropoff: number;
  status: BookingStatus;
  paymentMethod: PaymentMethod;
  estimatedMileage: number;
  notes: string | null;
  createdBy: number | null;
  createdAt: string;
  request: number | null;
}

interface RequestPlan {
  vehicle: number;
  customer: number | null;
  visitor: { first: string; last: string; phone: string; email: string } | null;
  start: string;
  end: string;
  pickupTime: string;
  dropoffTime: string;
  pickup: number | null;
  dropoff: number | null;
  message: string | null;
  status: RequestStatus;
  staffNotes: string | null;
  reviewedBy: number | null;
  reviewedAt: string | null;
  createdAt: string;
  /** An accepted request's hold on the vehicle: from its review unless the plan says otherwise. */
  holdUntil?: string;
}

interface Plan {
  vehicles: VehiclePlan[];
  users: UserPlan[];
  customers: CustomerPlan[];
  bookings: BookingPlan[];
  requests: RequestPlan[];
}

/** Index of each demo login in the user plans. */
const USER = { staff: 0, agency: 1, agent: 2, customer: 3, agency2: 4 } as const;

function agencyOf(key: AgencyKey): AgencySeed {
  const agency = AGENCIES.find((candidate) => candidate.key === key);
  if (!agency) throw new Error(`unknown agency ${key}`);
  return agency;
}

function planUsers(): UserPlan[] {
  const users: UserPlan[] = [
    {
      username: 'staff',
      email: 'staff@example.com',
      role: 'staff',
      first: 'Priya',
      last: 'Shah',
      phone: '+44 20 7946 0100',
      agency: null,
    },
    {
      username: 'agency',
      email: 'agency@example.com',
      role: 'agency',
      first: 'Tom',
      last: 'Hargreaves',
      phone: '+44 113 496 0124',
      agency: 'north',
    },
    {
      username: 'agent',
      email: 'agent@example.com',
      role: 'agent',
      first: 'Aisha',
      last: 'Khan',
      phone: '+44 113 496 0125',
      agency: 'north',
    },
    {
      username: 'customer',
      email: 'customer@example.com',
      role: 'customer',
      first: 'Jamie',
      last: 'Taylor',
      phone: '+44 7700 900100',
      agency: null,
    },
    {
      username: 'agency2',
      email: 'agency2@example.com',
      role: 'agency',
      first: 'Rhys',
      last: 'Morgan',
      phone: '+44 117 496 0457',
      agency: 'coast',
    },
    {
      username: 'freshfleet',
      email: 'owner@freshfleet.example.com',
      role: 'agency',
      first: 'Nadia',
      last: 'Ferreira',
      phone: '+44 114 496 0790',
      agency: 'fresh',
    },
  ];
  PEOPLE.slice(1, 1 + SELF_REGISTERED).forEach((person, i) =>
    users.push({
      username: `${person.first}.${person.last}`.toLowerCase(),
      email: `${person.first}.${person.last}@example.com`.toLowerCase(),
      role: 'customer',
      first: person.first,
      last: person.last,
      phone: mobile(100 + (i + 1) * 7),
      agency: null,
    }),
  );
  return users;
}

/** A number in Ofcom's range reserved for drama, so it reaches nobody. */
function mobile(n: number): string {
  return `+44 7700 900${String(n % 1000).padStart(3, '0')}`;
}

/** A timestamp on `date` during opening hours, never later than now. */
function stampOn(date: string, random: Random, now: Date): string {
  const stamp = new Date(
    `${date}T${String(random.int(8, 17)).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}:00.000Z`,
  );
  return (stamp > now ? now : stamp).toISOString();
}

function ago(now: Date, days: number, random: Random): string {
  return new Date(now.getTime() - days * DAY_MS - random.int(0, 6 * 3600) * 1000).toISOString();
}

function registration(random: Random, areas: string[], year: number, taken: Set<string>): string {
  const letters = 'ABCDEFGHJKLMNOPRSTUVWXY';
  for (;;) {
    const age = String((year % 100) + (random.chance(0.5) ? 50 : 0)).padStart(2, '0');
    const tail = Array.from({ length: 3 }, () => random.pick([...letters])).join('');
    const plate = `${random.pick(areas)}${age} ${tail}`;
    if (!taken.has(plate)) {
      taken.add(plate);
      return plate;
    }
  }
}

function planVehicles(random: Random, now: Date, today: string): VehiclePlan[] {
  const plates = new Set<string>();
  const approvedModels = random.sample(MODELS, VEHICLES_PER_APPROVED_AGENCY * 2);
  const perAgency: [AgencyKey, ModelSeed[]][] = [
    ['north', approvedModels.slice(0, VEHICLES_PER_APPROVED_AGENCY)],
    ['coast', approvedModels.slice(VEHICLES_PER_APPROVED_AGENCY)],
    ['fresh', random.sample(MODELS, VEHICLES_OF_PENDING_AGENCY)],
  ];
  const vehicles: VehiclePlan[] = [];
  for (const [key, models] of perAgency) {
    const agency = agencyOf(key);
    for (const model of models) {
      const index = vehicles.length;
      const age = random.int(1, 7);
      const year = now.getUTCFullYear() - age;
      const colour = random.pick(COLOURS);
      const pricePounds = random.int(model.price[0], model.price[1]);
      const locationCount = Math.min(agency.locations.length, random.int(1, 3));
      const pictureCount = key === 'fresh' ? 2 : random.int(2, 4);
      // Full views lead the carousel (a different one per car), the close-up comes last.
      const main = Math.floor(index / 2) % 3;
      const scenes = [main, (main + 1) % 3, (main + 2) % 3, 3].slice(0, pictureCount);
      vehicles.push({
        agency: key,
        model,
        colour,
        year,
        mileage: age * random.int(6_000, 14_000) + random.int(0, 999),
        mileageAllowance: random.pick([150, 200, 250, 300]),
        ownership: random.chance(0.75) ? 'company' : 'private',
        pricePerDay: pricePounds * 100,
        deposit: Math.min(600, Math.max(150, Math.round((pricePounds * 4) / 50) * 50)) * 100,
        registration: registration(random, agency.plateAreas, year, plates),
        nextServiceDate: addDays(today, random.int(14, 200)),
        createdAt: ago(now, random.int(380, 420), random),
        locations: random.sample(
          agency.locations.map((_, i) => i),
          locationCount,
        ),
        pictures: scenes.map((scene) => vehicleSvg(model.style, colour.hex, scene, index % 3)),
      });
    }
  }
  return vehicles;
}

function planCustomers(random: Random, now: Date, users: UserPlan[]): CustomerPlan[] {
  const cities = AGENCIES.filter((agency) => agency.status === 'approved').flatMap((agency) =>
    agency.locations.map(([, city]) => city),
  );
  const lastNames = PEOPLE.map((person) => person.last);
  return PEOPLE.map((person, index) => {
    const selfRegistered = index <= SELF_REGISTERED;
    const userIndex =
      index === 0 ? USER.customer : selfRegistered ? users.findIndex((u) => u.first === person.first) : null;
    const user = userIndex === null ? null : users[userIndex];
    const agency: AgencyKey | null = selfRegistered ? null : index % 2 === 0 ? 'north' : 'coast';
    const city = agency ? random.pick(agencyOf(agency).locations)[1] : random.pick(cities);
    // The last self-registered customer has not booked yet, so their address is still unknown.
    const hasAddress = !(selfRegistered && index === SELF_REGISTERED);
    const kin1 = hasAddress && (index === 0 || random.chance(0.6));
    const kin2 = kin1 && random.chance(0.35);
    const kin = (present: boolean) =>
      present
        ? {
            first: random.pick(KIN_FIRST_NAMES),
            last: random.chance(0.7) ? person.last : random.pick(lastNames),
            id: `${random.pick(['JK', 'LM', 'NP', 'RS', 'TW'])}${random.int(100000, 999999)}${random.pick(['A', 'B', 'C', 'D'])}`,
            phone: mobile(random.int(0, 999)),
          }
        : null;
    const k1 = kin(kin1);
    const k2 = kin(kin2);
    const created = ago(now, random.int(index === 0 ? 300 : 20, 420), random);
    return {
      user: userIndex,
      agency,
      row: {
        title: person.title,
        first_name: person.first,
        last_name: person.last,
        phone_number: user ? user.phone : mobile(100 + index * 7),
        email: user
          ? user.email
          : `${person.first}.${person.last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.com',
        national_id: hasAddress
          ? `${random.pick(['AB', 'CE', 'JH', 'KL', 'PR', 'SW', 'TY'])}${random.int(100000, 999999)}${random.pick(['A', 'B', 'C', 'D'])}`
          : null,
        street_address: hasAddress ? `${random.int(1, 180)} ${random.pick(STREETS)}` : null,
        address_line2: hasAddress && random.chance(0.3) ? `Flat ${random.int(1, 24)}` : null,
        city: hasAddress ? city : null,
        country: hasAddress ? 'United Kingdom' : null,
        drivers_license_key: null,
        drivers_license_type: null,
        next_of_kin1_first_name: k1?.first ?? null,
        next_of_kin1_last_name: k1?.last ?? null,
        next_of_kin1_id_number: k1?.id ?? null,
        next_of_kin1_phone: k1?.phone ?? null,
        next_of_kin2_first_name: k2?.first ?? null,
        next_of_kin2_last_name: k2?.last ?? null,
        next_of_kin2_id_number: k2?.id ?? null,
        next_of_kin2_phone: k2?.phone ?? null,
        created_at: created,
        updated_at: created,
      },
    };
  });
}

/** Who at the agency (or the operator) handled its paperwork. */
function agencyStaff(random: Random, agency: AgencyKey): number {
  if (random.chance(0.15)) return USER.staff;
  return agency === 'north' ? random.pick([USER.agency, USER.agent]) : USER.agency2;
}

/**
 * Bookings are laid out per vehicle one after another (each starts after the previous ends),
 * so no two bookings of a vehicle ever overlap, whatever their status.
 */
function planBookings(random: Random, now: Date, today: string, plan: Plan): void {
  const horizon = addDays(today, BOOKING_HORIZON_DAYS);
  const customersOf = (agency: AgencyKey) =>
    plan.customers.flatMap((customer, index) => (customer.agency === agency ? [index] : []));
  // The demo customer's history is set by hand in planRequests; the others book now and then.
  const selfRegistered = plan.customers.flatMap((customer, index) =>
    index > 0 && customer.user !== null && customer.row.national_id !== null ? [index] : [],
  );
  plan.vehicles.forEach((vehicle, vehicleIndex) => {
    if (vehicle.agency === 'fresh') return;
    const own = customersOf(vehicle.agency);
    let cursor = addDays(today, -random.int(330, 345));
    for (;;) {
      const upcoming = cursor >= today;
      const start = addDays(cursor, random.int(1, upcoming ? 24 : 12));
      if (start > horizon) break;
      const days = random.pick([1, 2, 2, 3, 3, 4, 5, 7, 7, 10]);
      const end = addDays(start, days - 1);
      cursor = end;
      const status: BookingStatus =
        end < today
          ? random.chance(0.08)
            ? 'cancelled'
            : 'completed'
          : start <= today
            ? 'active'
            : random.chance(0.7)
              ? 'confirmed'
              : 'pending';
      const createdAt =
        start > today ? ago(now, random.int(0, 20), random) : stampOn(addDays(start, -random.int(1, 14)), random, now);
      plan.bookings.push({
        vehicle: vehicleIndex,
        customer: random.chance(0.08) ? random.pick(selfRegistered) : random.pick(own),
        start,
        end,
        pickupTime: random.pick(['08:30', '09:00', '09:00', '10:00', '12:00']),
        dropoffTime: random.pick(['17:00', '18:00', '18:00', '19:00']),
        pickup: random.pick(vehicle.locations),
        dropoff: random.pick(vehicle.locations),
        status,
        paymentMethod: random.pick(PAYMENT_METHODS),
        estimatedMileage: days * random.int(30, 160),
        notes: random.chance(0.15) ? random.pick(BOOKING_NOTES) : null,
        createdBy: agencyStaff(random, vehicle.agency),
        createdAt,
        request: null,
      });
    }
  });
}

/** The first day after every booking of the vehicle, plus a margin: dates nothing blocks. */
function freeFrom(plan: Plan, vehicle: number, today: string, margin: number): string {
  const lastEnd = plan.bookings
    .filter((booking) => booking.vehicle === vehicle)
    .reduce((latest, booking) => (booking.end > latest ? booking.end : latest), today);
  const earliest = addDays(today, BOOKING_HORIZON_DAYS + 1);
  const after = addDays(lastEnd, margin);
  return after > earliest ? after : earliest;
}

function planRequests(random: Random, now: Date, today: string, plan: Plan): void {
  const customerIndex = 0;
  const publicVehicles = plan.vehicles.flatMap((vehicle, index) => (vehicle.agency === 'fresh' ? [] : [index]));
  const byAgency = (agency: AgencyKey) => publicVehicles.filter((index) => plan.vehicles[index]?.agency === agency);
  const vehicleAt = (index: number): VehiclePlan => {
    const vehicle = plan.vehicles[index];
    if (!vehicle) throw new Error(`no vehicle ${index}`);
    return vehicle;
  };
  /** Requests placed after the bookings of a vehicle get distinct dates per vehicle. */
  const nextFree = new Map<number, string>();
  const freeDates = (vehicle: number, days: number) => {
    const start = nextFree.get(vehicle) ?? freeFrom(plan, vehicle, today, random.int(3, 12));
    const end = addDays(start, days - 1);
    nextFree.set(vehicle, addDays(end, random.int(2, 6)));
    return { start, end };
  };
  const reviewed = (vehicle: number, createdAt: string, status: 'accepted' | 'declined') => {
    const created = Date.parse(createdAt);
    const at = new Date(Math.min(now.getTime(), created + random.int(1, 30) * 3600_000)).toISOString();
    return {
      status,
      staffNotes: random.pick(STAFF_NOTES[status]),
      reviewedBy: agencyStaff(random, vehicleAt(vehicle).agency),
      reviewedAt: at,
    };
  };
  const fromCustomer = (vehicle: number) => {
    const locations = vehicleAt(vehicle).locations;
    return { pickup: random.pick(locations), dropoff: random.pick(locations) };
  };
  const visitor = () => {
    const first = random.pick(KIN_FIRST_NAMES);
    const last = random.pick(PEOPLE).last;
    return {
      first,
      last,
      phone: mobile(random.int(0, 999)),
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@example.net',
    };
  };
  const push = (request: RequestPlan) => plan.requests.push(request) - 1;

  // The demo customer: one accepted and booked, one accepted and waiting, one pending, one declined.
  const upcoming = plan.bookings.find(
    (booking) => booking.status === 'confirmed' && vehicleAt(booking.vehicle).agency === 'north',
  );
  if (!upcoming) throw new Error('the demo plan has no upcoming confirmed booking');
  const bookedAt = Date.parse(upcoming.createdAt);
  upcoming.customer = customerIndex;
  const bookedRequestCreated = new Date(bookedAt - 2 * DAY_MS).toISOString();
  upcoming.request = push({
    vehicle: upcoming.vehicle,
    customer: customerIndex,
    visitor: null,
    start: upcoming.start,
    end: upcoming.end,
    pickupTime: upcoming.pickupTime,
    dropoffTime: upcoming.dropoffTime,
    pickup: upcoming.pickup,
    dropoff: upcoming.dropoff,
    message: 'Weekend away in the Dales.',
    status: 'accepted',
    staffNotes: 'Approved. See you at the desk.',
    reviewedBy: USER.agency,
    reviewedAt: new Date(bookedAt - DAY_MS).toISOString(),
    createdAt: bookedRequestCreated,
  });
  // A few completed trips in the customer's history.
  plan.bookings
    .filter((booking) => booking.status === 'completed')
    .filter((_, index) => index % 37 === 5)
    .slice(0, 3)
    .forEach((booking) => (booking.customer = customerIndex));

  const waiting = random.pick(byAgency('coast'));
  const waitingCreated = ago(now, 2, random);
  push({
    vehicle: waiting,
    customer: customerIndex,
    visitor: null,
    ...freeDates(waiting, 4),
    pickupTime: '10:00',
    dropoffTime: '17:00',
    pickup: vehicleAt(waiting).locations[0] ?? 0,
    dropoff: vehicleAt(waiting).locations.at(-1) ?? 0,
    message: 'Family holiday in Pembrokeshire.',
    status: 'accepted',
    staffNotes: 'Approved. Please confirm online.',
    reviewedBy: USER.agency2,
    reviewedAt: new Date(Date.parse(waitingCreated) + 5 * 3600_000).toISOString(),
    createdAt: waitingCreated,
    // The demo customer still has time to confirm it ("Confirm by" on their request card).
    holdUntil: holdEndsAt(now, DEFAULT_HOLD_HOURS),
  });
  const pendingVehicle = random.pick(byAgency('north'));
  push({
    vehicle: pendingVehicle,
    customer: customerIndex,
    visitor: null,
    ...freeDates(pendingVehicle, 3),
    pickupTime: '09:00',
    dropoffTime: '18:00',
    ...fromCustomer(pendingVehicle),
    message: 'Could I add a second driver?',
    status: 'pending',
    staffNotes: null,
    reviewedBy: null,
    reviewedAt: null,
    createdAt: ago(now, 0, random),
  });
  const declinedVehicle = random.pick(byAgency('coast'));
  const declinedCreated = ago(now, 50, random);
  push({
    vehicle: declinedVehicle,
    customer: customerIndex,
    visitor: null,
    start: addDays(today, -40),
    end: addDays(today, -38),
    pickupTime: '09:00',
    dropoffTime: '18:00',
    ...fromCustomer(declinedVehicle),
    message: null,
    ...reviewed(declinedVehicle, declinedCreated, 'declined'),
    createdAt: declinedCreated,
  });

  // Other registered customers: most bookings of theirs came from an accepted request.
  for (const booking of plan.bookings) {
    const customer = plan.customers[booking.customer];
    if (booking.request !== null || !customer || customer.user === null || booking.customer === customerIndex) continue;
    if (booking.status === 'cancelled' || !random.chance(0.6)) continue;
    const bookedAtMs = Date.parse(booking.createdAt);
    booking.request = push({
      vehicle: booking.vehicle,
      customer: booking.customer,
      visitor: null,
      start: booking.start,
      end: booking.end,
      pickupTime: booking.pickupTime,
      dropoffTime: booking.dropoffTime,
      pickup: booking.pickup,
      dropoff: booking.dropoff,
      message: random.pick(REQUEST_MESSAGES),
      status: 'accepted',
      staffNotes: random.pick(STAFF_NOTES.accepted),
      reviewedBy: agencyStaff(random, vehicleAt(booking.vehicle).agency),
      reviewedAt: new Date(bookedAtMs - random.int(2, 20) * 3600_000).toISOString(),
      createdAt: new Date(bookedAtMs - random.int(1, 3) * DAY_MS).toISOString(),
    });
  }

  // Requests still open or turned down, from registered customers and from visitors.
  const askers = plan.customers.flatMap((customer, index) =>
    customer.user !== null && index !== customerIndex ? [index] : [],
  );
  const statuses: RequestStatus[] = ['pending', 'pending', 'pending', 'declined', 'declined', 'accepted'];
  for (let i = 0; i < 24; i++) {
    const vehicle = random.pick(publicVehicles);
    const anonymous = i % 2 === 1;
    const status = statuses[i % statuses.length] ?? 'pending';
    const createdAt = status === 'pending' ? ago(now, random.int(0, 6), random) : ago(now, random.int(3, 120), random);
    const inPast = status === 'declined' && Date.parse(createdAt) < now.getTime() - 30 * DAY_MS;
    const days = random.int(2, 6);
    const dates = inPast
      ? (() => {
          const start = addDays(createdAt.slice(0, 10), random.int(3, 14));
          return { start, end: addDays(start, days - 1) };
        })()
      : freeDates(vehicle, days);
    push({
      vehicle,
      customer: anonymous ? null : random.pick(askers),
      visitor: anonymous ? visitor() : null,
      ...dates,
      pickupTime: anonymous ? '09:00' : random.pick(['09:00', '10:00', '11:30']),
      dropoffTime: anonymous ? '18:00' : random.pick(['16:00', '18:00']),
      ...(anonymous ? { pickup: null, dropoff: null } : fromCustomer(vehicle)),
      message: random.pick(REQUEST_MESSAGES),
      ...(status === 'pending'
        ? { status, staffNotes: null, reviewedBy: null, reviewedAt: null }
        : reviewed(vehicle, createdAt, status)),
      createdAt,
    });
  }
}

function buildPlan(now: Date): Plan {
  const random = new Random(SEED);
  const today = todayIso(now);
  const users = planUsers();
  const plan: Plan = {
    users,
    vehicles: planVehicles(random, now, today),
    customers: planCustomers(random, now, users),
    bookings: [],
    requests: [],
  };
  planBookings(random, now, today, plan);
  planRequests(random, now, today, plan);
  return plan;
}

interface StoredFiles {
  logos: Map<AgencyKey, string>;
  /** Per vehicle, the file keys of its pictures in carousel order. */
  vehicles: string[][];
}

async function removeFiles(media: MediaStore, logoKeys: string[], imageKeys: string[]): Promise<void> {
  await Promise.all([media.removeVehicleImages(imageKeys), media.removeLogos(logoKeys)]);
}

/**
 * Draws and stores every picture. A picture drawn twice (same car, colour and scene) is
 * rendered once; each row still gets its own stored file, because deleting a vehicle deletes
 * its files. Work runs a few at a time; on a failure everything stored so far is removed.
 */
async function storeFiles(media: MediaStore, plan: Plan): Promise<StoredFiles> {
  const renders = new Map<string, Promise<Buffer>>();
  const render = (svg: string) => {
    let png = renders.get(svg);
    if (!png) {
      png = renderPng(svg);
      renders.set(svg, png);
    }
    return png;
  };
  const logoKeys: string[] = [];
  const imageKeys: string[] = [];
  const stored: StoredFiles = { logos: new Map(), vehicles: plan.vehicles.map(() => []) };
  const tasks: (() => Promise<void>)[] = [];
  for (const agency of AGENCIES) {
    const design = agency.logo;
    if (!design) continue;
    tasks.push(async () => {
      const data = await render(logoSvg(design));
      const key = await media.storeLogo({ filename: `${agency.key}-logo.png`, mimetype: 'image/png', data });
      logoKeys.push(key);
      stored.logos.set(agency.key, key);
    });
  }
  plan.vehicles.forEach((vehicle, vehicleIndex) => {
    vehicle.pictures.forEach((svg, position) => {
      tasks.push(async () => {
        const data = await render(svg);
        const key = await media.storeVehicleImage({
          filename: `vehicle-${vehicleIndex}-${position}.png`,
          mimetype: 'image/png',
          data,
        });
        imageKeys.push(key);
        const keys = stored.vehicles[vehicleIndex];
        if (keys) keys[position] = key;
      });
    });
  });

  let failure: unknown = null;
  let next = 0;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next++];
      try {
        await task?.();
      } catch (error) {
        failure ??= error;
      }
    }
  };
  // sharp already spreads one image over the cores; a few in flight keep them busy.
  await Promise.all(Array.from({ length: 3 }, worker));
  if (failure !== null) {
    await removeFiles(media, logoKeys, imageKeys);
    throw failure;
  }
  return stored;
}

async function insertRows(
  db: Kysely<Database>,
  plan: Plan,
  files: StoredFiles,
  passwordHash: string,
  now: Date,
): Promise<SeedSummary> {
  const createdAt = now.toISOString();
  const agencyIds = new Map<AgencyKey, number>();
  for (const agency of AGENCIES) {
    const row = await db
      .insertInto('agencies')
      .values({
        name: agency.name,
        status: agency.status,
        logo_key: files.logos.get(agency.key) ?? null,
        contact_email: agency.contactEmail,
        phone_number: agency.phone,
        tax_rate: agency.invoicing.taxRate,
        postal_address: agency.invoicing.postalAddress,
        vat_number: agency.invoicing.vatNumber,
        created_at: new Date(now.getTime() - (agency.status === 'pending' ? 3 : 430) * DAY_MS).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agencyIds.set(agency.key, row.id);
  }
  const agencyId = (key: AgencyKey) => {
    const id = agencyIds.get(key);
    if (id === undefined) throw new Error(`agency ${key} was not inserted`);
    return id;
  };

  const userIds: number[] = [];
  for (const user of plan.users) {
    const row = await db
      .insertInto('users')
      .values({
        username: user.username,
        email: user.email,
        password_hash: passwordHash,
        role: user.role,
        first_name: user.first,
        last_name: user.last,
        phone_number: user.phone,
        agency_id: user.agency ? agencyId(user.agency) : null,
        created_at: user.agency === 'fresh' ? new Date(now.getTime() - 3 * DAY_MS).toISOString() : createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    userIds.push(row.id);
  }
  const userId = (index: number | null) => (index === null ? null : (userIds[index] ?? null));

  const locationIds = new Map<AgencyKey, number[]>();
  let locations = 0;
  for (const agency of AGENCIES) {
    const ids: number[] = [];
    for (const [name, city, address] of agency.locations) {
      const row = await db
        .insertInto('locations')
        .values({ agency_id: agencyId(agency.key), name, city, address })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
      locations++;
    }
    locationIds.set(agency.key, ids);
  }
  const locationOf = (agency: AgencyKey, index: number) => {
    const id = locationIds.get(agency)?.[index];
    if (id === undefined) throw new Error(`location ${index} of ${agency} was not inserted`);
    return id;
  };
  const locationName = (agency: AgencyKey, index: number) => agencyOf(agency).locations[index]?.[0] ?? null;

  const vehicleIds: number[] = [];
  const images: { vehicle_id: number; position: number; file_key: string; created_at: string }[] = [];
  const vehicleLocations: { vehicle_id: number; location_id: number }[] = [];
  for (const [index, vehicle] of plan.vehicles.entries()) {
    const row = await db
      .insertInto('vehicles')
      .values({
        agency_id: agencyId(vehicle.agency),
        make: vehicle.model.make,
        model: vehicle.model.model,
        color: vehicle.colour.name,
        manufacture_year: vehicle.year,
        mileage: vehicle.mileage,
        mileage_allowance: vehicle.mileageAllowance,
        ownership: vehicle.ownership,
        price_per_day: vehicle.pricePerDay,
        deposit: vehicle.deposit,
        registration_number: vehicle.registration,
        next_service_date: vehicle.nextServiceDate,
        created_at: vehicle.createdAt,
        updated_at: vehicle.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    vehicleIds.push(row.id);
    (files.vehicles[index] ?? []).forEach((key, position) =>
      images.push({ vehicle_id: row.id, position, file_key: key, created_at: vehicle.createdAt }),
    );
    for (const location of vehicle.locations) {
      vehicleLocations.push({ vehicle_id: row.id, location_id: locationOf(vehicle.agency, location) });
    }
  }
  await db.insertInto('vehicle_images').values(images).execute();
  await db.insertInto('vehicle_locations').values(vehicleLocations).execute();
  const vehicleId = (index: number) => {
    const id = vehicleIds[index];
    if (id === undefined) throw new Error(`vehicle ${index} was not inserted`);
    return id;
  };
  const vehicleAt = (index: number) => {
    const vehicle = plan.vehicles[index];
    if (!vehicle) throw new Error(`no vehicle ${index}`);
    return vehicle;
  };

  const priceList = await writePriceLists(
    db,
    AGENCIES.filter((agency) => agency.status === 'approved').map((agency) => ({
      id: agencyId(agency.key),
      locations: locationIds.get(agency.key) ?? [],
      vehicles: plan.vehicles.flatMap((vehicle, index) =>
        vehicle.agency === agency.key ? [{ id: vehicleId(index), style: vehicle.model.style }] : [],
      ),
    })),
    todayIso(now),
    new Date(now.getTime() - 400 * DAY_MS).toISOString(),
  );

  const customerIds: number[] = [];
  for (const customer of plan.customers) {
    const row = await db
      .insertInto('customers')
      .values({
        ...customer.row,
        user_id: userId(customer.user),
        agency_id: customer.agency ? agencyId(customer.agency) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    customerIds.push(row.id);
  }
  const customerId = (index: number) => {
    const id = customerIds[index];
    if (id === undefined) throw new Error(`customer ${index} was not inserted`);
    return id;
  };

  const requestIds: number[] = [];
  for (const request of plan.requests) {
    const vehicle = vehicleAt(request.vehicle);
    const values: NewBookingRequest = {
      customer_id: request.customer === null ? null : customerId(request.customer),
      vehicle_id: vehicleId(request.vehicle),
      agency_id: agencyId(vehicle.agency),
      first_name: request.visitor?.first ?? null,
      last_name: request.visitor?.last ?? null,
      phone_number: request.visitor?.phone ?? null,
      email: request.visitor?.email ?? null,
      start_date: request.start,
      end_date: request.end,
      pickup_time: request.pickupTime,
      dropoff_time: request.dropoffTime,
      pickup_location_id: request.pickup === null ? null : locationOf(vehicle.agency, request.pickup),
      dropoff_location_id: request.dropoff === null ? null : locationOf(vehicle.agency, request.dropoff),
      message: request.message,
      status: request.status,
      staff_notes: request.staffNotes,
      is_reviewed: request.reviewedAt ? 1 : 0,
      reviewed_by: userId(request.reviewedBy),
      reviewed_at: request.reviewedAt,
      created_at: request.createdAt,
      hold_until:
        request.status === 'accepted' && request.reviewedAt
          ? (request.holdUntil ?? holdEndsAt(new Date(request.reviewedAt), DEFAULT_HOLD_HOURS))
          : null,
    };
    const row = await db.insertInto('booking_requests').values(values).returning('id').executeTakeFirstOrThrow();
    requestIds.push(row.id);
  }

  const bookings: NewBooking[] = plan.bookings.map((booking) => {
    const vehicle = vehicleAt(booking.vehicle);
    return {
      customer_id: customerId(booking.customer),
      vehicle_id: vehicleId(booking.vehicle),
      agency_id: agencyId(vehicle.agency),
      booking_request_id: booking.request === null ? null : (requestIds[booking.request] ?? null),
      start_date: booking.start,
      end_date: booking.end,
      pickup_time: booking.pickupTime,
      dropoff_time: booking.dropoffTime,
      pickup_location: locationName(vehicle.agency, booking.pickup),
      dropoff_location: locationName(vehicle.agency, booking.dropoff),
      booking_amount:
        priceRental({ startDate: booking.start, endDate: booking.end, pricePerDay: vehicle.pricePerDay })?.total ?? 0,
      booking_deposit: vehicle.deposit,
      payment_method: booking.paymentMethod,
      booking_status: booking.status,
      estimated_mileage: booking.estimatedMileage,
      discount_amount: 0,
      discount_description: null,
      notes: booking.notes,
      // A booking made from a request was finalised by the customer who asked.
      created_by: userId(
        booking.request === null ? booking.createdBy : (plan.customers[booking.customer]?.user ?? null),
      ),
      created_at: booking.createdAt,
    };
  });
  for (let i = 0; i < bookings.length; i += BATCH) {
    await db
      .insertInto('bookings')
      .values(bookings.slice(i, i + BATCH))
      .execute();
  }

  const desk = await writeDeskHistory(
    db,
    AGENCIES.filter((agency) => agency.status === 'approved').map((agency) => ({
      id: agencyId(agency.key),
      taxRate: agency.invoicing.taxRate,
      staff: userId(agency.key === 'north' ? USER.agency : USER.agency2),
    })),
    now,
    todayIso(now),
  );

  return {
    ...desk,
    agencies: agencyIds.size,
    priceList,
    locations,
    vehicles: vehicleIds.length,
    images: images.length,
    users: userIds.length,
    customers: customerIds.length,
    bookings: bookings.length,
    bookingRequests: requestIds.length,
  };
}

/** Writes the whole demo data set into an empty database. */
export async function seedDemo(deps: Deps): Promise<SeedSummary> {
  const now = deps.now();
  const plan = buildPlan(now);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const files = await storeFiles(deps.media, plan);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const summary = await insertRows(trx, plan, files, passwordHash, now);
      await bumpVersion(trx, 'public-vehicles');
      return summary;
    });
  } catch (error) {
    await removeFiles(deps.media, [...files.logos.values()], files.vehicles.flat());
    throw error;
  }
}
