/** The table's bulk buttons, loaded lazily (lazyListPowerTools): a phone has no selection, and a list's first rows come without them. */
export { BulkDeleteButton } from './bulk/BulkDeleteButton';
export { BulkMoveUsersButton } from './bulk/BulkMoveUsersButton';
export { BulkNeedStatusButton } from './bulk/BulkNeedStatusButton';
