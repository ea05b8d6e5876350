/**
 * The table's bulk buttons (the move picker among them), in one module that the lists load lazily (see
 * lazyListPowerTools): a phone's compact rows have no selection, and a list's first rows come without them.
 */
export { BulkDeleteButton } from './bulk/BulkDeleteButton';
export { BulkMoveUsersButton } from './bulk/BulkMoveUsersButton';
export { BulkNeedStatusButton } from './bulk/BulkNeedStatusButton';
