import type { RouteRegistrar } from '../index.ts';
import { createExtraRoute } from './create-extra.ts';
import { deleteExtraRoute } from './delete-extra.ts';
import { listExtrasRoute } from './list-extras.ts';
import { updateExtraRoute } from './update-extra.ts';

export const extrasRoutes: RouteRegistrar[] = [listExtrasRoute, createExtraRoute, updateExtraRoute, deleteExtraRoute];
