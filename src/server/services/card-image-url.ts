import type { Deps } from '../context.ts';

/** The card-width URL of a vehicle image. */
export function cardImageUrl(deps: Deps): (fileKey: string) => string {
  return (fileKey) => deps.media.vehicleImageUrl(fileKey, 'card');
}
