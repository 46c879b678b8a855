import { useMutation } from '@tanstack/react-query';
import { ApiError, NetworkError, refreshSession, apiUrl } from '../../../lib/api-client.ts';

async function fetchOnce(url: string): Promise<Response> {
  try {
    return await fetch(url, { credentials: 'same-origin' });
  } catch (error) {
    throw new NetworkError(error);
  }
}

/**
 * GET invoices/{id}/pdf/, saved through a temporary link: fetched (not a plain link) so an
 * expired access token is refreshed as for every call, and a refusal shows as a message.
 */
async function downloadPdf(id: number): Promise<void> {
  const url = apiUrl(`invoices/${id}/pdf/`);
  let response = await fetchOnce(url);
  if (response.status === 401 && (await refreshSession())) response = await fetchOnce(url);
  if (!response.ok) throw new ApiError(response.status, {});
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? 'invoice.pdf';
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useDownloadInvoicePdf(id: number) {
  return useMutation({ mutationFn: () => downloadPdf(id) });
}
