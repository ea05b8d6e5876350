import { lazy } from 'react';

/** The module of the table's bulk buttons, fetched once by whichever of them renders first (or when idle). */
export const preloadListPowerTools = () => import('./listPowerTools');

export const LazyBulkDeleteButton = lazy(async () => ({ default: (await preloadListPowerTools()).BulkDeleteButton }));
export const LazyBulkMoveUsersButton = lazy(async () => ({ default: (await preloadListPowerTools()).BulkMoveUsersButton }));
export const LazyBulkNeedStatusButton = lazy(async () => ({ default: (await preloadListPowerTools()).BulkNeedStatusButton }));
