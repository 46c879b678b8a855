import * as v from 'valibot';
import type { DeskSummary } from '#domain/api/desk';
import { STAFF_ROLES } from '#domain/constants';
import { todayIso } from '#domain/dates';
import { isoDate } from '#domain/schemas/fields';
import { defineRoute } from '../../http/route.ts';
import { agencyScope } from '../../services/agency-scope.ts';
import { deskSummary } from '../../repositories/desk.ts';

const query = v.object({
  /** The desk's own today: the server's UTC day is yesterday or tomorrow for part of the world. */
  date: v.optional(isoDate('Date')),
});

/** GET staff-dashboard/: requests to review, the day's pickups and returns, vehicles out. */
export const getDeskSummary = defineRoute({
  method: 'GET',
  url: 'staff-dashboard/',
  access: STAFF_ROLES,
  query,
  async handler({ deps, user, query }): Promise<DeskSummary> {
    return deskSummary(deps.db, agencyScope(user), query.date ?? todayIso(deps.now()));
  },
});
