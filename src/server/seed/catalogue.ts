/** The fixed material the demo data is drawn from: names, places, cars and colours. */
import type { BodyStyle } from './images.ts';

export interface AgencySeed {
  key: 'north' | 'coast' | 'fresh';
  name: string;
  status: 'approved' | 'pending';
  logo: 'wheel' | 'waves' | null;
  contactEmail: string;
  phone: string;
  /** What its invoices print: the postal address's lines, the VAT number and the tax rate in basis points. */
  invoicing: { postalAddress: string; vatNumber: string; taxRate: number };
  /** Pickup locations as [name, city, street address] (fictional addresses near real places). */
  locations: [string, string, string][];
  /** Two-letter area codes used on its registration plates. */
  plateAreas: string[];
}

export const AGENCIES: AgencySeed[] = [
  {
    key: 'north',
    name: 'Northern Wheels',
    status: 'approved',
    logo: 'wheel',
    contactEmail: 'hello@northernwheels.example.com',
    phone: '+44 113 496 0123',
    invoicing: { postalAddress: '14 Wellington Street\nLeeds\nLS1 4DL', vatNumber: 'GB 284 6173 92', taxRate: 2000 },
    locations: [
      ['Leeds Station', 'Leeds', 'New Station Street, Leeds LS1 4DY'],
      ['Leeds Bradford Airport', 'Leeds', 'Whitehouse Lane, Yeadon, Leeds LS19 7TU'],
      ['York Railway Station', 'York', 'Station Road, York YO24 1AB'],
      ['Manchester Piccadilly', 'Manchester', 'Fairfield Street, Manchester M1 2QF'],
      ['Manchester Airport', 'Manchester', 'Car Rental Village, Manchester M90 3RA'],
    ],
    plateAreas: ['YA', 'YB', 'YC', 'MA', 'MC'],
  },
  {
    key: 'coast',
    name: 'Coastline Car Hire',
    status: 'approved',
    logo: 'waves',
    contactEmail: 'bookings@coastline.example.com',
    phone: '+44 117 496 0456',
    invoicing: { postalAddress: '3 Harbourside Quay\nBristol\nBS1 5LL', vatNumber: 'GB 317 9042 58', taxRate: 2000 },
    locations: [
      ['Bristol Temple Meads', 'Bristol', 'Station Approach, Bristol BS1 6QF'],
      ['Bristol Airport', 'Bristol', 'North Side Road, Bristol BS48 3DY'],
      ['Bath Spa Station', 'Bath', 'Dorchester Street, Bath BA1 1SU'],
      ['Cardiff Central', 'Cardiff', 'Central Square, Cardiff CF10 1EP'],
      ['Cardiff Bay', 'Cardiff', 'Bute Street, Cardiff CF10 5LH'],
    ],
    plateAreas: ['WA', 'WB', 'WD', 'CA', 'CE'],
  },
  {
    key: 'fresh',
    name: 'Fresh Fleet Motors',
    status: 'pending',
    logo: null,
    contactEmail: 'owner@freshfleet.example.com',
    phone: '+44 114 496 0789',
    invoicing: { postalAddress: '', vatNumber: '', taxRate: 0 },
    locations: [['Sheffield Midland Station', 'Sheffield', 'Sheaf Street, Sheffield S1 2BP']],
    plateAreas: ['YK'],
  },
];

export interface ModelSeed {
  make: string;
  model: string;
  style: BodyStyle;
  /** Price per day in whole pounds: [min, max]. */
  price: [number, number];
}

export const MODELS: ModelSeed[] = [
  { make: 'Ford', model: 'Fiesta', style: 'hatch', price: [25, 35] },
  { make: 'Vauxhall', model: 'Corsa', style: 'hatch', price: [25, 34] },
  { make: 'Toyota', model: 'Yaris', style: 'hatch', price: [27, 38] },
  { make: 'Volkswagen', model: 'Golf', style: 'hatch', price: [35, 48] },
  { make: 'Honda', model: 'Jazz', style: 'hatch', price: [28, 38] },
  { make: 'Peugeot', model: '208', style: 'hatch', price: [27, 36] },
  { make: 'Renault', model: 'Clio', style: 'hatch', price: [26, 35] },
  { make: 'Nissan', model: 'Leaf', style: 'hatch', price: [38, 52] },
  { make: 'Mini', model: 'Cooper', style: 'hatch', price: [40, 55] },
  { make: 'Toyota', model: 'Corolla', style: 'saloon', price: [38, 50] },
  { make: 'Skoda', model: 'Octavia', style: 'saloon', price: [36, 48] },
  { make: 'BMW', model: '3 Series', style: 'saloon', price: [65, 90] },
  { make: 'Audi', model: 'A4', style: 'saloon', price: [62, 88] },
  { make: 'Mercedes-Benz', model: 'C-Class', style: 'saloon', price: [70, 99] },
  { make: 'Tesla', model: 'Model 3', style: 'saloon', price: [85, 120] },
  { make: 'Nissan', model: 'Qashqai', style: 'suv', price: [45, 62] },
  { make: 'Kia', model: 'Sportage', style: 'suv', price: [48, 65] },
  { make: 'Hyundai', model: 'Tucson', style: 'suv', price: [48, 66] },
  { make: 'Toyota', model: 'RAV4', style: 'suv', price: [55, 75] },
  { make: 'Volvo', model: 'XC60', style: 'suv', price: [80, 110] },
  { make: 'Land Rover', model: 'Discovery Sport', style: 'suv', price: [90, 120] },
  { make: 'Mazda', model: 'CX-5', style: 'suv', price: [50, 68] },
  { make: 'Ford', model: 'Transit Custom', style: 'van', price: [60, 85] },
  { make: 'Volkswagen', model: 'Transporter', style: 'van', price: [65, 90] },
  { make: 'Vauxhall', model: 'Vivaro', style: 'van', price: [58, 80] },
  { make: 'Kia', model: 'Niro', style: 'suv', price: [45, 60] },
];

export const COLOURS: { name: string; hex: string }[] = [
  { name: 'Red', hex: '#c0392b' },
  { name: 'Blue', hex: '#1f5fa8' },
  { name: 'Silver', hex: '#b8bec6' },
  { name: 'Black', hex: '#25282c' },
  { name: 'White', hex: '#f4f5f6' },
  { name: 'Grey', hex: '#6b7078' },
  { name: 'Green', hex: '#2f6b3a' },
  { name: 'Orange', hex: '#e07a1f' },
  { name: 'Yellow', hex: '#e8c21c' },
  { name: 'Navy', hex: '#1b2a4a' },
  { name: 'Burgundy', hex: '#6d1a2a' },
];

export interface PersonSeed {
  title: string;
  first: string;
  last: string;
}

/** Customers (the first is the demo `customer` login; the next few registered themselves). */
export const PEOPLE: PersonSeed[] = [
  { title: 'MR', first: 'Jamie', last: 'Taylor' },
  { title: 'MS', first: 'Olivia', last: 'Brown' },
  { title: 'MR', first: 'Arjun', last: 'Patel' },
  { title: 'MRS', first: 'Chloe', last: 'Evans' },
  { title: 'MR', first: 'Kwame', last: 'Mensah' },
  { title: 'MISS', first: 'Sophie', last: 'Walker' },
  { title: 'MR', first: 'Daniel', last: 'Hughes' },
  { title: 'DR', first: 'Fatima', last: 'Rahman' },
  { title: 'MR', first: 'Liam', last: 'O’Connor' },
  { title: 'MRS', first: 'Grace', last: 'Robinson' },
  { title: 'MR', first: 'Tomasz', last: 'Nowak' },
  { title: 'MS', first: 'Hannah', last: 'Wright' },
  { title: 'MR', first: 'Oliver', last: 'Thompson' },
  { title: 'MS', first: 'Amara', last: 'Okafor' },
  { title: 'MR', first: 'Ethan', last: 'Clarke' },
  { title: 'MRS', first: 'Megan', last: 'Jones' },
  { title: 'MR', first: 'Hamza', last: 'Ali' },
  { title: 'MISS', first: 'Isla', last: 'Campbell' },
  { title: 'MR', first: 'George', last: 'Davies' },
  { title: 'MS', first: 'Priyanka', last: 'Sharma' },
  { title: 'MR', first: 'Rhodri', last: 'Williams' },
  { title: 'MRS', first: 'Emily', last: 'Green' },
  { title: 'MR', first: 'Chen', last: 'Wei' },
  { title: 'MS', first: 'Zara', last: 'Hussain' },
  { title: 'MR', first: 'Jack', last: 'Murphy' },
  { title: 'MRS', first: 'Lucy', last: 'Bennett' },
  { title: 'MR', first: 'Samuel', last: 'Adeyemi' },
  { title: 'MS', first: 'Niamh', last: 'Kelly' },
  { title: 'MR', first: 'Harry', last: 'Foster' },
  { title: 'MS', first: 'Elena', last: 'Popescu' },
  { title: 'MR', first: 'Owain', last: 'Price' },
  { title: 'MRS', first: 'Ruth', last: 'Fisher' },
];

export const KIN_FIRST_NAMES = ['Anne', 'David', 'Susan', 'Michael', 'Helen', 'Peter', 'Joy', 'Raj', 'Mary', 'Paul'];

export const STREETS = [
  'Albion Street',
  'Park Row',
  'Victoria Road',
  'Church Lane',
  'Station Road',
  'High Street',
  'Mill Lane',
  'Queen Street',
  'The Crescent',
  'Orchard Way',
  'Canal Side',
  'Harbour Walk',
];

export const REQUEST_MESSAGES = [
  'Could I pick up a little earlier if the car is ready?',
  'We will need a child seat, if you have one.',
  'Travelling for a wedding, so a clean car would be lovely.',
  'Is unlimited mileage possible for this trip?',
  'Flight lands at 10:30, happy to wait at the desk.',
  null,
  null,
];

export const STAFF_NOTES = {
  accepted: ['Approved. Customer verified by phone.', 'Accepted, deposit to be taken at pickup.', 'Approved.'],
  declined: [
    'Vehicle is booked for servicing those days.',
    'Declined: dates clash with a confirmed booking.',
    'Could not verify the customer; asked them to call us.',
  ],
};

export const BOOKING_NOTES = [
  'Returning customer.',
  'Requested a phone holder.',
  'Airport pickup.',
  'Paid in full at the desk.',
];
