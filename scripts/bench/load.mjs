// Load generation for bench:api: autocannon in the runner's own process (the servers measured
// run in their own), a warm-up first (JIT, caches, connections), then the measured run.
import autocannon from 'autocannon';

export const CONNECTIONS = 20;

/** Durations in seconds, and how many runs; quick mode (`--quick`) is for iterating, not for figures to quote. */
export const durations = (quick) =>
  quick ? { warmup: 1, measured: 2, rounds: 2 } : { warmup: 2, measured: 3, rounds: 4 };

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * Requests/s and latency of one call; fails when any reply was not a 2xx or 3xx (a benchmark of
 * errors says nothing). `warmup: 0` skips the warm-up; `measured: 0` only warms up.
 */
export async function measure(name, options, { warmup, measured }) {
  if (warmup > 0) await run({ ...options, duration: warmup });
  if (measured === 0) return null;
  const result = await run({ ...options, duration: measured });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0 || result.requests.total === 0) {
    throw new Error(`${name}: ${failed} of ${result.requests.total} requests failed or were not 2xx`);
  }
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytesPerReply: result.throughput.total / result.requests.total,
  };
}

/** Prints results as a table: call, requests/s, p50 and p99 in ms, bytes per reply. */
export function printTable(results) {
  const head = ['call', 'requests/s', 'p50 ms', 'p99 ms', 'bytes/reply'];
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    Math.round(r.bytesPerReply).toLocaleString('en-GB'),
  ]);
  const widths = head.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i].length)));
  const line = (cells) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Prints and returns a verdict; sections collect them for the runner's exit code. */
export function verdict(ok, name, figure, target) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${name}: ${figure} (target ${target})`);
  return ok;
}
