#!/usr/bin/env node
// `npm run bench:api` (after `npm run build:server`, which the npm script runs): the API budgets
// of issue 10, one section after another, each printing its figures and PASS/FAIL verdicts:
//  - the public vehicle list (default page and ?limit=500) against a bare node:http server in
//    its own process serving the same bytes and headers: at least 0.8× its requests/s;
//  - the first start on an empty data folder: /api/health/ within 1.5 s, and the public list
//    complete right after it;
//  - the booking list at 1,000,000 bookings on SQLite and on PostgreSQL (a throwaway cluster):
//    first page for staff and for an agency, and deep pages, p99 at most 20 ms;
//  - the booking history at 1,000,000 bookings: first page and totals per filter, in process;
//  - the quote (issue 21): POST quotes/ on the demo price list, 10 days across a season, two
//    extras, one-way, a driver of 22, on SQLite and PostgreSQL: p99 at most 5 ms;
//  - the signed agreement's PDF (issue 22): rendered in process with two drawn signatures and
//    6,000 characters of terms, p95 at most 300 ms.
// A section that throws counts as a failed verdict; the exit code is 1 unless every verdict
// passed. Options: --quick (short runs, for iterating), --only=<name> (one section by name).
// Every child process and temporary folder is removed at the end, on failure and on Ctrl-C.
import { cleanUpAll } from './bench/processes.mjs';

/**
 * One line a section: [name for --only, title, module under scripts/bench/, its export]. The
 * export is called with { quick } and resolves to { verdicts: boolean[] }; it may throw.
 */
const SECTIONS = [
  ['public-list', 'Public vehicle list vs a bare node:http server', 'public-list.mjs', 'benchPublicList'],
  ['first-start', 'First start on an empty data folder', 'first-start.mjs', 'benchFirstStart'],
  [
    'booking-lists',
    'Booking lists at 1,000,000 bookings, SQLite and PostgreSQL',
    'booking-lists.mjs',
    'benchBookingLists',
  ],
  [
    'booking-history',
    'Booking history at 1,000,000 bookings, SQLite and PostgreSQL',
    'booking-history.mjs',
    'benchBookingHistory',
  ],
  ['quote', 'The quote: POST quotes/ on SQLite and PostgreSQL', 'quote.mjs', 'benchQuote'],
  ['agreement-pdf', "The signed agreement's PDF, rendered in process", 'agreement-pdf.mjs', 'benchAgreementPdf'],
  ['planner', 'The planner: 500 vehicles over 90 days, SQLite and PostgreSQL', 'planner.mjs', 'benchPlanner'],
];

const quick = process.argv.includes('--quick');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const chosen = SECTIONS.filter(([name]) => !only || name === only);
if (chosen.length === 0) {
  console.error(`No section named "${only}"; the sections are ${SECTIONS.map(([name]) => name).join(', ')}.`);
  process.exit(2);
}

process.once('SIGINT', () => {
  void cleanUpAll().finally(() => process.exit(130));
});

const summary = [];
for (const [name, title, file, exported] of chosen) {
  console.log(`\n== ${title}${quick ? ' (quick)' : ''}\n`);
  const started = performance.now();
  try {
    const section = await import(`./bench/${file}`);
    const { verdicts } = await section[exported]({ quick });
    summary.push({ name, verdicts });
  } catch (error) {
    console.error(`FAIL  ${name}: ${error instanceof Error ? error.message : String(error)}`);
    summary.push({ name, verdicts: [false] });
  } finally {
    await cleanUpAll();
  }
  console.log(`(${name}: ${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

const all = summary.flatMap((section) => section.verdicts);
const passed = all.filter(Boolean).length;
console.log(`\nbench:api: ${passed} of ${all.length} verdicts passed`);
for (const section of summary) {
  const failed = section.verdicts.filter((ok) => !ok).length;
  console.log(`  ${section.name}: ${failed ? `${failed} FAILED` : 'all passed'}`);
}
process.exitCode = passed === all.length ? 0 : 1;
