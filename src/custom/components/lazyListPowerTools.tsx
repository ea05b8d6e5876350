import { lazy } from 'react';

/** The module of the list's export and bulk buttons, fetched once by whichever of them renders first. */
const powerTools = () => import('./listPowerTools');

export const LazyServerExportButton = lazy(async () => ({ default: (await powerTools()).ServerExportButton }));
export const LazyBulkDeleteButton = lazy(async () => ({ default: (await powerTools()).BulkDeleteButton }));
export const LazyBulkMoveUsersButton = lazy(async () => ({ default: (await powerTools()).BulkMoveUsersButton }));
export const LazyBulkNeedStatusButton = lazy(async () => ({ default: (await powerTools()).BulkNeedStatusButton }));
