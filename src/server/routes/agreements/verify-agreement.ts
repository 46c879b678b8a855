import type { AgreementVerification } from '#domain/api/agreements';
import { VERIFY_FIELD, VERIFY_MAX_BYTES, verifyAgreementSchema } from '#domain/schemas/agreement';
import { defineRoute } from '../../http/route.ts';
import { verifyAgreementPdf } from '../../services/agreements/verify-agreement.ts';

const FILE_LIMITS = {
  [VERIFY_FIELD]: {
    maxFiles: 1,
    maxBytes: VERIFY_MAX_BYTES,
    tooMany: 'Send one PDF to check.',
    tooLarge: `The PDF may be at most ${VERIFY_MAX_BYTES / (1024 * 1024)} MB.`,
  },
};

/**
 * POST agreements/verify/ (multipart: `file`): whether the PDF is an agreement this server rendered
 * (the SHA-256 of its bytes, stored at render), for staff of that booking's agency and its customer.
 * 415 for a file that is not a PDF, 413 for one over the limit.
 */
export const verifyAgreementRoute = defineRoute({
  method: 'POST',
  url: 'agreements/verify/',
  access: ['staff', 'agency', 'agent', 'customer'],
  body: verifyAgreementSchema,
  files: FILE_LIMITS,
  status: 200,
  async handler({ deps, user, files, reply }): Promise<AgreementVerification> {
    reply.header('Cache-Control', 'private, no-store');
    return verifyAgreementPdf(deps, user, files[VERIFY_FIELD]?.[0]);
  },
});
