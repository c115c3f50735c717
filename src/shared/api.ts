/** Every server call sits under this prefix (spec section 9, ARCHITECTURE.md section 1). */
export const API_PREFIX = '/api/v1';
