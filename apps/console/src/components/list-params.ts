// The list state in the address lives in @caravan/ui (shared with the seller panel); this name stays so
// the console's imports are unchanged.
export { DEFAULT_PAGE_SIZE, useListParams } from '@caravan/ui/list-params';
