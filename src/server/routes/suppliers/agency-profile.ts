import type { FastifyBaseLogger } from 'fastify';
import type { AgencyProfile } from '#domain/api/agencies';
import { AGENCY_LOGO_MAX_BYTES } from '#domain/constants';
import { formatMoney } from '#domain/money';
import type { AgencyUpdateInput } from '#domain/schemas/agency';
import type { Deps } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import type { FileField } from '../../http/request-body.ts';
import { findAgencyProfile, type AgencyRow } from '../../repositories/agencies.ts';
import { updateAgency } from '../../services/agencies/update-agency.ts';
import type { UploadedFile } from '../../services/images.ts';
import type { MediaStore } from '../../services/media/media-store.ts';
import { removeQuietly } from '../../services/media/remove-quietly.ts';

export const AGENCY_NOT_FOUND = 'Agency not found.';

export const LOGO_UPLOAD: FileField = {
  maxFiles: 1,
  maxBytes: AGENCY_LOGO_MAX_BYTES,
  tooMany: 'Please select one logo.',
  tooLarge: `A logo may be at most ${AGENCY_LOGO_MAX_BYTES / (1024 * 1024)} MB.`,
};

export function toAgencyProfile(row: AgencyRow, media: Pick<MediaStore, 'logoUrl'>): AgencyProfile {
  const { logo_key: logoKey, tax_rate: rate, ...fields } = row;
  return { ...fields, logo: logoKey ? media.logoUrl(logoKey) : null, tax_rate: formatMoney(rate) };
}

export async function agencyProfile(deps: Deps, id: number): Promise<AgencyProfile> {
  const row = await findAgencyProfile(deps.db, id);
  if (!row) throw notFound(AGENCY_NOT_FOUND);
  return toAgencyProfile(row, deps.media);
}

/**
 * An edit of an agency's details and logo (the operator's or the agency's own). The logo is
 * decoded and re-encoded before the database write (415 when it is not an image); the logo it
 * replaces is removed only once the change is committed, the new one if the write fails.
 */
export async function saveAgencyProfile(
  deps: Deps,
  log: FastifyBaseLogger,
  id: number,
  fields: AgencyUpdateInput,
  logo: UploadedFile | undefined,
): Promise<AgencyProfile> {
  const logoKey = logo ? await deps.media.storeLogo(logo) : undefined;
  const changes = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  let result: Awaited<ReturnType<typeof updateAgency>>;
  try {
    result = await updateAgency(deps, id, logoKey === undefined ? changes : { ...changes, logo_key: logoKey });
  } catch (error) {
    if (logoKey) await removeQuietly(log, 'logo of a failed write', () => deps.media.removeLogos([logoKey]));
    throw error;
  }
  if (!result) {
    if (logoKey) await removeQuietly(log, 'logo of a missing agency', () => deps.media.removeLogos([logoKey]));
    throw notFound(AGENCY_NOT_FOUND);
  }
  const replaced = result.replacedLogo;
  if (replaced) await removeQuietly(log, 'replaced logo', () => deps.media.removeLogos([replaced]));
  return agencyProfile(deps, id);
}
