import { apiFile } from './api-client.ts';

/**
 * Saves a file the API sends (an invoice, the vehicle labels) through a temporary link: fetched,
 * not a plain link, so an expired access token is refreshed as for every call and a refusal
 * arrives as an ApiError whose sentence the screen can show.
 */
export async function downloadApiFile(path: string, fallbackName: string): Promise<void> {
  const { blob, name } = await apiFile(path);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the object URL after click() returns: let it go a little later.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
