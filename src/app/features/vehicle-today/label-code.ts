/**
 * Reading a vehicle's QR label (issue 23): the code a scanned address carries, and the vehicle a
 * typed registration (or the code printed under the QR) names. Pure, so the scanner, the dialog
 * and their tests share one rule.
 */

/** A label's code as the server makes it: ten hexadecimal digits (read in either case). */
const LABEL_CODE = /^[0-9A-F]{10}$/i;

/** `…/v/{code}` at the end of a label's address; PUBLIC_URL may carry a path of its own before it. */
const LABEL_PATH = /(?:^|\/)v\/([0-9A-F]{10})\/?$/i;

/** The code, upper-case, when `text` is one (typed from under the QR, or taken from the address). */
export function labelCodeOf(text: string): string | null {
  const trimmed = text.trim();
  return LABEL_CODE.test(trimmed) ? trimmed.toUpperCase() : null;
}

/**
 * The label code in what a QR code said, when it is one of our labels: a web address whose path
 * is `/v/{code}`, on any host (the labels name PUBLIC_URL, which a test or a proxy may change).
 * Anything else — another shop's QR, a plain text, a `/v/` with no code — is null.
 */
export function labelCodeFromScan(decoded: string): string | null {
  let url: URL;
  try {
    url = new URL(decoded.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const match = LABEL_PATH.exec(url.pathname);
  return match?.[1] ? match[1].toUpperCase() : null;
}

/** What the lookup needs of a vehicle of the fleet. */
export interface LabelledVehicle {
  registration_number: string;
  label_code: string;
}

/** "ab12-cde " and "AB12 CDE" alike: plates are typed with and without their spaces. */
export function plateKey(text: string): string {
  return text.replace(/[\s-]+/g, '').toUpperCase();
}

export interface RegistrationMatch<T> {
  /** The vehicle whose registration (or label code) is exactly what was typed, spaces aside. */
  exact: T | null;
  /** The vehicles whose registration holds what was typed, the exact one first; at most `limit`. */
  matches: T[];
}

/** The vehicles of `fleet` a typed registration (or label code) names. Nothing typed: no matches. */
export function matchRegistration<T extends LabelledVehicle>(
  fleet: readonly T[],
  typed: string,
  limit = 8,
): RegistrationMatch<T> {
  const key = plateKey(typed);
  if (!key) return { exact: null, matches: [] };
  const exact =
    fleet.find((vehicle) => plateKey(vehicle.registration_number) === key) ??
    fleet.find((vehicle) => vehicle.label_code.toUpperCase() === key) ??
    null;
  const partial = fleet.filter((vehicle) => vehicle !== exact && plateKey(vehicle.registration_number).includes(key));
  return { exact, matches: [...(exact ? [exact] : []), ...partial].slice(0, limit) };
}
