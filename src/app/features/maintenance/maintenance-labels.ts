import type { MaintenanceType } from '#domain/constants';

export const MAINTENANCE_TYPE_LABELS: Record<MaintenanceType, string> = {
  service: 'Service',
  repair: 'Repair',
  tyres: 'Tyres',
  inspection: 'Inspection',
  other: 'Other',
};
