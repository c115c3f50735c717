/** Cash is paid to the nearest 5 c unless Payment & Tax says otherwise (Australia has no 1 c or 2 c coins). */
export const CASH_STEP_CENTS = 5;

/** The reason of the stock movement a sale makes (beside the spec's adjustment reasons). */
export const SALE_REASON = 'Sale';
