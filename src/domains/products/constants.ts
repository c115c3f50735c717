/** Inventory constants of spec section 9. */

/** At or below this many bottles a product is Low Stock (inventory settings default). */
export const LOW_STOCK_THRESHOLD = 10;

/** The table's 'Show:' selector; 10 is the default. */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** At most this many numbered page buttons. */
export const MAX_PAGE_BUTTONS = 5;

export const DESCRIPTION_CUTOFF = 30;
export const SKU_DIGITS = 6;

/** Reloads of the inventory are throttled to 30 s; the throttle resets after 60 s. */
export const INVENTORY_RELOAD_THROTTLE_MS = 30_000;
export const INVENTORY_RELOAD_RESET_MS = 60_000;

/** The User Timing measure of each full catalogue load, request to stored: benchmarks read it. */
export const CATALOGUE_LOAD_MEASURE = 'vintry:catalogue-load';
