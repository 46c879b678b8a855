/**
 * What other features use of the fleet: the pickup locations a caller may choose from, and its
 * vehicles as choices for a picker.
 */
export { agentLocationsQueryOptions, useAgentLocations } from './api/list-agent-locations.ts';
export { fleetChoiceName, useFleetChoices, type FleetChoice } from './api/fleet-choices.ts';
