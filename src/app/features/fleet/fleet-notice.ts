import { useLocation } from '@tanstack/react-router';

declare module '@tanstack/history' {
  interface HistoryState {
    /** The success sentence the vehicle list shows after an add, edit or delete. */
    fleetNotice?: string;
  }
}

export const VEHICLE_ADDED = 'Vehicle added successfully!';
export const VEHICLE_UPDATED = 'Vehicle updated successfully.';
export const VEHICLE_DELETED = 'Vehicle deleted successfully.';

/**
 * The notice carried to the list in the history entry's state, not in the URL: a bookmark or a
 * shared link never repeats "Vehicle added successfully!".
 */
export function useFleetNotice(): string | undefined {
  return useLocation({ select: (location) => location.state.fleetNotice });
}
