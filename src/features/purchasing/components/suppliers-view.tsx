import { useMemo, useState } from 'react';
import { useDeliveries, usePurchaseOrders, useSuppliers } from '#data/hooks/use-purchasing.ts';
import { itemName } from '#domains/products/display-name.ts';
import { formatCurrency } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { ORDER_STATUS_LABELS } from '#domains/purchasing/purchase-order.ts';
import type { Supplier } from '#domains/purchasing/supplier.ts';
import { formatCents } from '#domains/sales/money.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { dayText, OPEN_ORDER } from './purchasing-format.ts';
import { SupplierForm } from './supplier-form.tsx';

const sameName = (a: string | undefined, b: string) =>
  (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The suppliers, and a supplier's page: its products, open orders and last deliveries. */
export function SuppliersView({
  catalogue,
  canManage,
  supplierId,
  onOpen,
  onOpenOrder,
  onOpenDelivery,
}: {
  catalogue: readonly InventoryItem[];
  canManage: boolean;
  supplierId: string | undefined;
  onOpen: (id: string | undefined) => void;
  onOpenOrder: (id: string) => void;
  onOpenDelivery: (id: string) => void;
}) {
  const suppliers = useSuppliers();
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const productCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const item of catalogue) {
      const key = (item.supplier ?? '').trim().toLowerCase();
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }, [catalogue]);

  if (suppliers === undefined) return <PageSpinner />;
  const open = supplierId ? suppliers.find((supplier) => supplier.id === supplierId) : undefined;
  const form =
    editing === null ? null : (
      <SupplierForm
        supplier={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
    );

  if (open) {
    return (
      <>
        <SupplierPage
          supplier={open}
          catalogue={catalogue}
          canManage={canManage}
          onEdit={() => setEditing(open)}
          onBack={() => onOpen(undefined)}
          onOpenOrder={onOpenOrder}
          onOpenDelivery={onOpenDelivery}
        />
        {form}
      </>
    );
  }

  return (
    <section className="card purchasing-section" aria-label={PURCHASING_TEXT.tabs.suppliers}>
      <div className="purchasing-section__header">
        <h2 className="purchasing-section__title">{PURCHASING_TEXT.tabs.suppliers}</h2>
        {canManage ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => setEditing('new')}
          >
            {PURCHASING_TEXT.addSupplier}
          </button>
        ) : null}
      </div>
      {suppliers.length === 0 ? (
        <p className="purchasing-note">{PURCHASING_TEXT.noSuppliers}</p>
      ) : (
        <div className="detail-table-wrap">
          <table className="detail-table purchasing-table">
            <thead>
              <tr>
                <th scope="col">Supplier</th>
                <th scope="col">Contact</th>
                <th scope="col">Email</th>
                <th scope="col">Phone</th>
                <th scope="col">Lead time</th>
                <th scope="col">Products</th>
              </tr>
            </thead>
            <tbody>
              {suppliers.map((supplier) => (
                <tr key={supplier.id}>
                  <td>
                    <button
                      type="button"
                      className="button button--link"
                      onClick={() => onOpen(supplier.id)}
                    >
                      {supplier.name}
                    </button>
                  </td>
                  <td>{supplier.contact ?? '—'}</td>
                  <td>{supplier.email ?? '—'}</td>
                  <td>{supplier.phone ?? '—'}</td>
                  <td>{supplier.lead_days === null ? '—' : `${supplier.lead_days} days`}</td>
                  <td>{productCounts.get(supplier.name.trim().toLowerCase()) ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {form}
    </section>
  );
}

function SupplierPage({
  supplier,
  catalogue,
  canManage,
  onEdit,
  onBack,
  onOpenOrder,
  onOpenDelivery,
}: {
  supplier: Supplier;
  catalogue: readonly InventoryItem[];
  canManage: boolean;
  onEdit: () => void;
  onBack: () => void;
  onOpenOrder: (id: string) => void;
  onOpenDelivery: (id: string) => void;
}) {
  const orders = usePurchaseOrders();
  const deliveries = useDeliveries();
  const products = catalogue.filter((item) => sameName(item.supplier, supplier.name));
  const openOrders = (orders ?? []).filter(
    (order) => order.supplier_id === supplier.id && OPEN_ORDER.has(order.status),
  );
  const lastDeliveries = (deliveries ?? [])
    .filter((delivery) => delivery.supplier_id === supplier.id)
    .slice(0, 5);
  const facts: [string, string][] = [
    ['Contact', supplier.contact ?? '—'],
    ['Email', supplier.email ?? '—'],
    ['Phone', supplier.phone ?? '—'],
    ['Account number', supplier.account_number ?? '—'],
    ['Lead time', supplier.lead_days === null ? '—' : `${supplier.lead_days} days`],
    [
      'Minimum order',
      supplier.minimum_order_cents === null ? '—' : formatCents(supplier.minimum_order_cents),
    ],
  ];
  return (
    <section className="card purchasing-section" aria-labelledby="supplier-title">
      <div className="purchasing-section__header">
        <h2 id="supplier-title" className="purchasing-section__title">
          {supplier.name}
        </h2>
        <div className="purchasing-actions">
          <button type="button" className="button button--secondary" onClick={onBack}>
            All suppliers
          </button>
          {canManage ? (
            <button type="button" className="button button--primary" onClick={onEdit}>
              {PURCHASING_TEXT.editSupplier}
            </button>
          ) : null}
        </div>
      </div>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {supplier.notes ? <p className="purchasing-note">{supplier.notes}</p> : null}
      <h3 className="purchasing-section__subtitle">Products ({products.length})</h3>
      {products.length === 0 ? (
        <p className="purchasing-note">No products name this supplier yet.</p>
      ) : (
        <div className="detail-table-wrap">
          <table className="detail-table purchasing-table">
            <thead>
              <tr>
                <th scope="col">Product</th>
                <th scope="col">Supplier’s code</th>
                <th scope="col">Case size</th>
                <th scope="col">Stock</th>
                <th scope="col">LUC</th>
              </tr>
            </thead>
            <tbody>
              {products.map((item) => (
                <tr key={item.id}>
                  <td>{itemName(item)}</td>
                  <td>{item.supplier_code || '—'}</td>
                  <td>{item.case_size || '—'}</td>
                  <td>{item.stock_quantity ?? 0}</td>
                  <td>{formatCurrency(item.luc)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="purchasing-section__subtitle">Open orders ({openOrders.length})</h3>
      {openOrders.length === 0 ? (
        <p className="purchasing-note">No open orders.</p>
      ) : (
        <ul className="purchasing-list">
          {openOrders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                className="button button--link"
                onClick={() => onOpenOrder(order.id)}
              >
                {order.number || PURCHASING_TEXT.notNumbered}
              </button>{' '}
              {ORDER_STATUS_LABELS[order.status]} · {formatCents(order.total_cents)} ·{' '}
              {dayText(order.created_at)}
            </li>
          ))}
        </ul>
      )}
      <h3 className="purchasing-section__subtitle">Last deliveries</h3>
      {lastDeliveries.length === 0 ? (
        <p className="purchasing-note">{PURCHASING_TEXT.noDeliveries}</p>
      ) : (
        <ul className="purchasing-list">
          {lastDeliveries.map((delivery) => (
            <li key={delivery.id}>
              <button
                type="button"
                className="button button--link"
                onClick={() => onOpenDelivery(delivery.id)}
              >
                {delivery.invoice_number ? `Invoice ${delivery.invoice_number}` : 'Delivery'}
              </button>{' '}
              {delivery.status === 'posted' ? PURCHASING_TEXT.posted : 'Open'} ·{' '}
              {dayText(delivery.started_at)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
