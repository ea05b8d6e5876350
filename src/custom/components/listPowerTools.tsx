/**
 * The list's export and bulk buttons, in one module that the lists load lazily (see lazyListPowerTools):
 * a list's first load stays within its budget, and these come once the list is on screen.
 */
export { ServerExportButton } from './ServerExportButton';
export { BulkDeleteButton } from './bulk/BulkDeleteButton';
export { BulkMoveUsersButton } from './bulk/BulkMoveUsersButton';
export { BulkNeedStatusButton } from './bulk/BulkNeedStatusButton';
