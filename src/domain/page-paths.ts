/**
 * Which URLs are pages of the app, answered with its shell (by the server and by the service
 * worker), and which are files. A file that does not exist must be a 404, never the shell: a tab
 * still running an older version asks for its old scripts after a deploy, and HTML in their place
 * leaves it blank.
 */
const FILE_PREFIXES = ['/api/', '/media/', '/assets/'] as const;

/** True for a page path: outside the API, media and build folders, with no file extension. */
export function isAppPagePath(pathname: string): boolean {
  if (FILE_PREFIXES.some((prefix) => `${pathname}/`.startsWith(prefix))) return false;
  // Route ids and reset tokens (base64url) never hold a dot; file names do.
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** The customer's page of one of their bookings (the app's route `/customer/bookings/$id`), for links in mails. */
export function customerBookingPath(bookingId: number): string {
  return `/customer/bookings/${bookingId}`;
}
