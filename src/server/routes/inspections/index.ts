import type { RouteRegistrar } from '../index.ts';
import { getInspectionPhoto } from './get-inspection-photo.ts';
import { listInspectionsRoute } from './list-inspections.ts';
import { recordInspection } from './record-inspection.ts';

export const inspectionsRoutes: RouteRegistrar[] = [listInspectionsRoute, getInspectionPhoto, recordInspection];
