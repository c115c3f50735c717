import { defineRead } from '#shared/read-declaration.ts';
import { CustomerSalesSchema } from './customer-sales.ts';
import { PaymentSettingsAnswerSchema } from './payment-settings.ts';
import { DaySalesSchema, SoldSaleSchema } from './returns.ts';
import { UnconfirmedSalesSchema } from './review.ts';
import { ProductSalesSchema } from './sale.ts';

/**
 * Sales, their returns and the till's settings are kept by the page in IndexedDB as the tablet
 * changes them: none comes from the worker's cache, where an old answer would forget a return
 * made since.
 */
export const productSalesRead = defineRead({
  route: '/sales/products/:id/summary',
  access: 'signed-in',
  answer: ProductSalesSchema,
  caching: 'never',
});

/** A customer's purchases, for their page. */
export const customerSalesRead = defineRead({
  route: '/sales/customers/:id/summary',
  access: 'signed-in',
  answer: CustomerSalesSchema,
  caching: 'never',
});

export const paymentSettingsRead = defineRead({
  route: '/sales/settings',
  access: 'signed-in',
  answer: PaymentSettingsAnswerSchema,
  caching: 'never',
});

export const unconfirmedApprovalsRead = defineRead({
  route: '/sales/approvals/unconfirmed',
  access: 'sales.refund',
  answer: UnconfirmedSalesSchema,
  caching: 'never',
});

/** A day's sales (`?date=&tz=`), for Returns. */
export const daySalesRead = defineRead({
  route: '/sales',
  access: 'signed-in',
  answer: DaySalesSchema,
  caching: 'never',
});

export const receiptRead = defineRead({
  route: '/sales/receipts/:receipt',
  access: 'signed-in',
  answer: SoldSaleSchema,
  caching: 'never',
});

export const salesReads = [
  productSalesRead,
  customerSalesRead,
  paymentSettingsRead,
  unconfirmedApprovalsRead,
  daySalesRead,
  receiptRead,
];
