import type { MaintenanceType } from '#domain/service-due';

export const MAINTENANCE_TYPE_LABELS: Record<MaintenanceType, string> = {
  service: 'Service',
  repair: 'Repair',
  tyres: 'Tyres',
  inspection: 'Inspection',
  other: 'Other',
};
