/** Column preference and settings texts of spec sections 2 and 8, character for character. */
export const PREFERENCE_MESSAGES = {
  authFailed: 'Authentication failed. Please log in again.',
  endpointNotFound:
    'Column preferences endpoint not found. Please check if the backend API is running correctly.',
  orderBadRequest: 'Invalid request format. The column order could not be saved.',
  defaultOrderBadRequest: 'Invalid request format. The default column order could not be saved.',
  resetFailed: 'Error resetting settings. Please try again.',
  loadFailed: 'Error loading preferences',
  tryAgain: 'Try again',
  resetConfirm:
    'Are you sure you want to reset all settings to defaults? This action cannot be undone.',
  settingsSaveFailed: 'Error saving settings. Please try again.',
} as const;

/** 'HTTP {status}: {body text}', the error of a save answer that is not OK. */
export function httpErrorMessage(status: number, bodyText: string): string {
  return `HTTP ${status}: ${bodyText}`;
}

/**
 * Saving the column order failed: the drag variant and the 'Reset to default order' variant
 * share these texts, with their differences.
 */
export function columnOrderFailureMessage(
  variant: 'drag' | 'reset',
  status: number,
  details: string | undefined,
): string {
  if (status === 404) return PREFERENCE_MESSAGES.endpointNotFound;
  if (status === 400) {
    return variant === 'drag'
      ? PREFERENCE_MESSAGES.orderBadRequest
      : PREFERENCE_MESSAGES.defaultOrderBadRequest;
  }
  if (status === 401) return PREFERENCE_MESSAGES.authFailed;
  const what = variant === 'drag' ? 'column order' : 'default column order';
  return `Error saving ${what}. Please try again. Details: ${details || 'Unknown error'}`;
}
