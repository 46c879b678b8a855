/** What other features use of the fleet: the pickup locations a caller may choose from. */
export { agentLocationsQueryOptions, useAgentLocations, type AgentLocation } from './api/list-agent-locations.ts';
