/** Every server call sits under this prefix (spec section 9, ARCHITECTURE.md section 1). */
export const API_PREFIX = '/api/v1';

/** Answers whenever the server and its database do; the app asks it to learn it is back. */
export const HEALTH_PATH = `${API_PREFIX}/health`;

/**
 * On GET /inventory/enhanced: the catalogue version the answer holds (or, on a 304, the one the
 * client's copy holds). The client then pulls what came after (GET /changes?catalogue=).
 */
export const CATALOGUE_VERSION_HEADER = 'X-Catalogue-Version';

/** An Idempotency-Key header: 1 to 200 visible ASCII characters (ARCHITECTURE.md section 4). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
