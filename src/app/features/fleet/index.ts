/**
 * What other features use of the fleet: the pickup locations a caller may choose from, its
 * vehicles as choices for a picker, and the service-due flag.
 */
export { agentLocationsQueryOptions, useAgentLocations } from './api/list-agent-locations.ts';
export { fleetChoiceName, fleetChoicesQueryOptions, useFleetChoices, type FleetChoice } from './api/fleet-choices.ts';
export { ServiceFlag } from './components/service-flag.tsx';
