import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, NetworkError, refreshSession } from '../../../lib/api-client.ts';
import { customerKeys } from '#app/lib/query-keys';

async function fetchOnce(url: string, signal: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin', signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new NetworkError(error);
  }
}

/**
 * The license file itself, for the preview. Fetched rather than put in an `<img src>`, so an
 * expired access token is refreshed (as every API call is) instead of showing a broken image.
 */
async function fetchLicenseFile(url: string, signal: AbortSignal): Promise<Blob> {
  let response = await fetchOnce(url, signal);
  if (response.status === 401 && (await refreshSession())) response = await fetchOnce(url, signal);
  if (!response.ok) throw new ApiError(response.status, {});
  return response.blob();
}

/**
 * `version` (the record's updated_at) changes when the file may have: the URL stays the same.
 * A private document: kept in memory for the visit only, never persisted to IndexedDB.
 */
export const licenseFileQueryOptions = (url: string, version: string) =>
  queryOptions({
    queryKey: customerKeys.ownLicense(url, version),
    queryFn: ({ signal }) => fetchLicenseFile(url, signal),
    meta: { persist: false },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 5 * 60_000,
  });

export function useLicenseFile(url: string | null, version: string) {
  return useQuery({ ...licenseFileQueryOptions(url ?? '', version), enabled: url !== null });
}
