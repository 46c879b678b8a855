/** What other features use of availability: the "available between these dates" filter of the vehicle browse. */
export { AvailabilityFilter } from './availability-filter.tsx';
