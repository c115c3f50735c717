/** A purchase order's number as people read it: PO-000042. */
export const orderNumber = (sequence: number) => `PO-${String(sequence).padStart(6, '0')}`;
