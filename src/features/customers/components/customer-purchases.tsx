import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useCustomerOrders } from '#data/hooks/use-customer-orders.ts';
import { customerSalesQuery } from '#data/repositories/sales.ts';
import { useOnline } from '#data/sync/use-sync-status.ts';
import {
  NOT_NUMBERED,
  ORDER_STATUS_LABELS,
  RESERVING,
} from '#domains/customer-orders/customer-order.ts';
import { dueText } from '#domains/customer-orders/order-list.ts';
import type { CustomerSales } from '#domains/sales/customer-sales.ts';
import { formatCents } from '#domains/sales/money.ts';
import { CUSTOMERS_TEXT } from '../customers-text.ts';
import { momentDayText } from './customer-format.ts';

/** Sales listed at first, and added each time 'Show more' is pressed. */
const PAGE = 20;

/**
 * What a customer bought (from the server: the sales the till named them on, with their spend
 * and habits) and their orders still to hand over (from this device, offline too).
 */
export function CustomerPurchases({ customerId, name }: { customerId: string; name: string }) {
  return (
    <>
      <div className="customer-block">
        <h3 className="customer-card__subtitle">{CUSTOMERS_TEXT.openOrders}</h3>
        <OpenOrders customerId={customerId} />
      </div>
      <div className="customer-block">
        <h3 className="customer-card__subtitle">{CUSTOMERS_TEXT.purchases}</h3>
        <PurchaseHistory customerId={customerId} name={name} />
      </div>
    </>
  );
}

function OpenOrders({ customerId }: { customerId: string }) {
  const orders = useCustomerOrders();
  const open = useMemo(
    () =>
      (orders ?? []).filter(
        (order) => order.customer_id === customerId && RESERVING.has(order.status),
      ),
    [orders, customerId],
  );
  if (orders === undefined) return <p className="customer-empty">{CUSTOMERS_TEXT.loading}</p>;
  if (open.length === 0) return <p className="customer-empty">{CUSTOMERS_TEXT.noOpenOrders}</p>;
  return (
    <ul className="customer-orders">
      {open.map((order) => (
        <li key={order.id}>
          <Link to="/orders" search={{ order: order.id }} className="customer-orders__link">
            {order.number || NOT_NUMBERED}
          </Link>{' '}
          · {dueText(order.due_on)} · {formatCents(order.total_cents)} ·{' '}
          {ORDER_STATUS_LABELS[order.status]}
        </li>
      ))}
    </ul>
  );
}

function PurchaseHistory({ customerId, name }: { customerId: string; name: string }) {
  const online = useOnline();
  const history = useQuery({ ...customerSalesQuery(customerId), enabled: online });
  if (history.data) return <History sales={history.data} name={name} />;
  if (!online) return <p className="customer-empty">{CUSTOMERS_TEXT.purchasesOffline}</p>;
  if (history.isError) return <p className="customer-empty">{CUSTOMERS_TEXT.purchasesFailed}</p>;
  return <p className="customer-empty">{CUSTOMERS_TEXT.loading}</p>;
}

function History({ sales, name }: { sales: CustomerSales; name: string }) {
  const [shown, setShown] = useState(PAGE);
  if (sales.count === 0)
    return <p className="customer-empty">{CUSTOMERS_TEXT.noPurchases(name)}</p>;
  const figures: [string, string][] = [
    [CUSTOMERS_TEXT.spent, formatCents(sales.spent_cents)],
    [CUSTOMERS_TEXT.sales, sales.count.toLocaleString('en')],
    [CUSTOMERS_TEXT.average, sales.average_cents === null ? '—' : formatCents(sales.average_cents)],
    [CUSTOMERS_TEXT.lastVisit, sales.last_visit ? momentDayText(sales.last_visit) : '—'],
    [
      CUSTOMERS_TEXT.favourites,
      sales.categories.map((each) => `${each.category} (${each.units})`).join(', ') || '—',
    ],
  ];
  const listed = sales.sales.slice(0, shown);
  const more = Math.min(PAGE, sales.sales.length - shown);
  return (
    <>
      <dl className="facts">
        {figures.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <div className="detail-table-wrap">
        <table className="detail-table customer-sales">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Receipt</th>
              <th scope="col" className="customer-sales__figure">
                Items
              </th>
              <th scope="col" className="customer-sales__figure">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {listed.map((sale) => (
              <tr key={sale.id}>
                <td>{momentDayText(sale.made_at)}</td>
                <td>{sale.receipt}</td>
                <td className="customer-sales__figure">{sale.items}</td>
                <td className="customer-sales__figure">
                  {formatCents(sale.total_cents)}
                  {sale.refunded_cents > 0 ? (
                    <span className="customer-sales__refund">
                      {CUSTOMERS_TEXT.refunded(formatCents(sale.refunded_cents))}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 ? (
        <button
          type="button"
          className="button button--secondary customer-sales__more"
          onClick={() => setShown(shown + PAGE)}
        >
          {CUSTOMERS_TEXT.showMore(more)}
        </button>
      ) : sales.sales.length < sales.count ? (
        <p className="customer-empty">
          {CUSTOMERS_TEXT.latestOnly(sales.sales.length, sales.count)}
        </p>
      ) : null}
    </>
  );
}
