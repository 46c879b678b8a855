/** What other features may use of the fleet: its vehicles as choices for a picker. */
export { fleetChoiceName, useFleetChoices, type FleetChoice } from './api/fleet-choices.ts';
