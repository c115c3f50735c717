/** Every server call sits under this prefix (spec section 9, ARCHITECTURE.md section 1). */
export const API_PREFIX = '/api/v1';

/** Answers whenever the server and its database do; the app asks it to learn it is back. */
export const HEALTH_PATH = `${API_PREFIX}/health`;

/**
 * On GET /inventory/enhanced: the catalogue version the answer holds (or, on a 304, the one the
 * client's copy holds). The client then asks /catalogue/changes?since= for what came after.
 */
export const CATALOGUE_VERSION_HEADER = 'X-Catalogue-Version';
