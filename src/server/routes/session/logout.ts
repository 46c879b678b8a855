import { defineRoute } from '../../http/route.ts';
import { endSession } from '../../services/session.ts';

/** Revokes the refresh-token family of this device and clears both cookies. */
export const logout = defineRoute({
  method: 'POST',
  url: 'logout/',
  access: 'public',
  async handler({ deps, request, reply }): Promise<undefined> {
    await endSession({ deps, request, reply });
    return undefined;
  },
});
