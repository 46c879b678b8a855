import type { RouteRegistrar } from '../index.ts';
import { answerDisputeRoute } from './answer-dispute.ts';
import { decideReturnChargeRoute } from './decide-return-charge.ts';
import { disputeReturnChargeRoute } from './dispute-return-charge.ts';
import { editReturnChargeRoute } from './edit-return-charge.ts';
import { finalizeReturnRoute } from './finalize-return.ts';
import { getReturnChargesRoute } from './get-return-charges.ts';
import { listOpenDisputesRoute } from './list-open-disputes.ts';

export const returnChargesRoutes: RouteRegistrar[] = [
  getReturnChargesRoute,
  decideReturnChargeRoute,
  editReturnChargeRoute,
  finalizeReturnRoute,
  disputeReturnChargeRoute,
  listOpenDisputesRoute,
  answerDisputeRoute,
];
