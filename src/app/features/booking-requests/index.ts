/** What other features use of booking requests: the one estimate of a request's total. */
export { estimateTotal, type Estimate } from './estimate.ts';
