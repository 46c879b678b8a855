/** An agency as GET agencies/ lists it (the operator's choice of agency for a vehicle). */
import type { AgencyStatus } from '../constants.ts';

export interface AgencySummary {
  id: number;
  name: string;
  status: AgencyStatus;
}
