import { defineWrite } from '#shared/write-declaration.ts';
import { ApprovalCheckSchema, ApprovalPinSchema } from './approval.ts';
import { PaymentSettingsChangesSchema } from './payment-settings.ts';
import { ReturnSchema } from './returns.ts';
import { EmailReceiptSchema, SaleSchema, TillRequestSchema } from './sale.ts';
import { CloseShiftSchema, OpenShiftSchema } from './shifts.ts';

/** A sale made on a tablet: recorded once by its id, however often it is sent. */
export const recordSaleWrite = defineWrite({
  op: 'sale.record',
  method: 'POST',
  route: '/sales',
  access: 'sales.sell',
  body: SaleSchema,
  role: 'append',
});

/** A tablet asks for its till code (once, online): the same tablet always gets the same one. */
export const registerTillWrite = defineWrite({
  op: 'sale.till',
  method: 'POST',
  route: '/sales/tills',
  access: 'sales.sell',
  body: TillRequestSchema,
  role: 'append',
});

/** Settings → Payment & Tax: the settings changed, each on its own (the later save of one wins). */
export const savePaymentSettingsWrite = defineWrite({
  op: 'sale.settings',
  method: 'PATCH',
  route: '/sales/settings',
  access: 'sales.settings',
  body: PaymentSettingsChangesSchema,
  role: 'update',
});

/** A manager or owner sets their own approval PIN (online: a PIN never waits on a device). */
export const setApprovalPinWrite = defineWrite({
  op: 'sale.approval-pin',
  method: 'PUT',
  route: '/sales/approval-pin',
  access: 'sales.refund',
  body: ApprovalPinSchema,
  role: 'save-state',
});

/**
 * A manager's sealed PIN checked while the till waits (online: a check means something only
 * then, and a wrong PIN is said at once).
 */
export const checkApprovalWrite = defineWrite({
  op: 'sale.approval-check',
  method: 'POST',
  route: '/sales/approvals',
  access: 'sales.sell',
  body: ApprovalCheckSchema,
  role: 'append',
});

/** A return of a sale's units, refunded on one tender (managers and owners). */
export const recordReturnWrite = defineWrite({
  op: 'sale.return',
  method: 'POST',
  route: '/sales/returns',
  access: 'sales.refund',
  body: ReturnSchema,
  role: 'append',
});

/** A till's shift opened with its cash float. */
export const openShiftWrite = defineWrite({
  op: 'shift.open',
  method: 'POST',
  route: '/sales/shifts',
  access: 'sales.sell',
  body: OpenShiftSchema,
  role: 'append',
});

/** A shift closed with the cash counted and its end-of-day figures. */
export const closeShiftWrite = defineWrite({
  op: 'shift.close',
  method: 'POST',
  route: '/sales/shifts/:id/close',
  access: 'sales.sell',
  body: CloseShiftSchema,
  role: 'append',
});

/** A sale's receipt emailed to the customer (online: mail is sent by the server). */
export const emailReceiptWrite = defineWrite({
  op: 'sale.email',
  method: 'POST',
  route: '/sales/:id/email',
  access: 'sales.sell',
  body: EmailReceiptSchema,
  role: 'append',
});

/**
 * A manager has looked at a sale whose approval was not confirmed (the dashboard's list): it
 * leaves the list. Online, as the list is.
 */
export const reviewApprovalWrite = defineWrite({
  op: 'sale.approval-review',
  method: 'POST',
  route: '/sales/:id/approval-review',
  access: 'sales.refund',
  body: null,
  role: 'append',
});
