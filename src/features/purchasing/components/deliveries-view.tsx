import { type FormEvent, useId, useState } from 'react';
import { useDeliveries, usePurchaseOrders, useSuppliers } from '#data/hooks/use-purchasing.ts';
import { startReceiving } from '#data/repositories/deliveries.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import { PageSpinner } from '#ui/spinner.tsx';
import { PURCHASING_TEXT } from '../purchasing-text.ts';
import { dayText, RECEIVABLE_ORDER } from './purchasing-format.ts';
import { ReceivingScreen } from './receiving-screen.tsx';
import { SupplierChoice } from './supplier-choice.tsx';

/** `new`: the form that starts receiving a delivery ('Scan Invoice' opens it). */
export const NEW_DELIVERY = 'new';

const STATUS_TEXT = { open: 'Open', posted: 'Posted', cancelled: 'Cancelled' } as const;

/** Deliveries, newest first; one opens for receiving, or a new one is started. */
export function DeliveriesView({
  catalogue,
  catalogueNote,
  online,
  canPost,
  canEditCatalogue,
  deliveryId,
  onOpen,
}: {
  catalogue: readonly InventoryItem[];
  catalogueNote: string | null;
  online: boolean;
  canPost: boolean;
  canEditCatalogue: boolean;
  deliveryId: string | undefined;
  onOpen: (id: string | undefined) => void;
}) {
  const deliveries = useDeliveries();
  if (deliveries === undefined) return <PageSpinner />;
  if (deliveryId === NEW_DELIVERY) {
    return <StartDeliveryForm onStarted={(id) => onOpen(id)} onCancel={() => onOpen(undefined)} />;
  }
  const open = deliveryId ? deliveries.find((delivery) => delivery.id === deliveryId) : undefined;
  if (open) {
    return (
      <ReceivingScreen
        delivery={open}
        catalogue={catalogue}
        catalogueNote={catalogueNote}
        online={online}
        canPost={canPost}
        canEditCatalogue={canEditCatalogue}
        onBack={() => onOpen(undefined)}
      />
    );
  }
  return (
    <section className="card purchasing-section" aria-label={PURCHASING_TEXT.tabs.deliveries}>
      <div className="purchasing-section__header">
        <h2 className="purchasing-section__title">{PURCHASING_TEXT.tabs.deliveries}</h2>
        <button
          type="button"
          className="button button--primary"
          onClick={() => onOpen(NEW_DELIVERY)}
        >
          {PURCHASING_TEXT.receiveDelivery}
        </button>
      </div>
      {deliveries.length === 0 ? (
        <p className="purchasing-note">{PURCHASING_TEXT.noDeliveries}</p>
      ) : (
        <div className="detail-table-wrap">
          <table className="detail-table purchasing-table">
            <thead>
              <tr>
                <th scope="col">Delivery</th>
                <th scope="col">Supplier</th>
                <th scope="col">Order</th>
                <th scope="col">Started</th>
                <th scope="col">Units</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>
                    <button
                      type="button"
                      className="button button--link"
                      onClick={() => onOpen(delivery.id)}
                    >
                      {delivery.invoice_number
                        ? `Invoice ${delivery.invoice_number}`
                        : 'No invoice yet'}
                    </button>
                  </td>
                  <td>{delivery.supplier}</td>
                  <td>{delivery.order_number ?? '—'}</td>
                  <td>{dayText(delivery.started_at)}</td>
                  <td>{delivery.lines.reduce((sum, line) => sum + line.received, 0)}</td>
                  <td>
                    <span
                      className={`status-badge status-badge--${delivery.status === 'posted' ? 'green' : delivery.status === 'open' ? 'yellow' : 'grey'}`}
                    >
                      {STATUS_TEXT[delivery.status]}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A delivery starts from its supplier, and the order it brings if there is one. */
function StartDeliveryForm({
  onStarted,
  onCancel,
}: {
  onStarted: (id: string) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const suppliers = useSuppliers();
  const orders = usePurchaseOrders();
  const [supplierId, setSupplierId] = useState('');
  const [orderId, setOrderId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (suppliers === undefined || orders === undefined) return <PageSpinner />;
  const receivable = orders.filter(
    (order) => order.supplier_id === supplierId && RECEIVABLE_ORDER.has(order.status),
  );

  async function start(event: FormEvent) {
    event.preventDefault();
    const supplier = suppliers?.find((entry) => entry.id === supplierId);
    if (!supplier) {
      setError('Choose the supplier the delivery is from');
      return;
    }
    const order = receivable.find((entry) => entry.id === orderId);
    setBusy(true);
    try {
      const delivery = await startReceiving(
        { supplier_id: supplier.id, order_id: order?.id ?? null },
        { supplier: supplier.name, orderNumber: order?.number || null },
      );
      onStarted(delivery.id);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="card purchasing-section"
      noValidate
      onSubmit={start}
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="purchasing-section__title">
        {PURCHASING_TEXT.receiveDelivery}
      </h2>
      {suppliers.length === 0 ? (
        <p className="purchasing-note">
          {PURCHASING_TEXT.noSuppliers} A manager adds them under Suppliers.
        </p>
      ) : null}
      <SupplierChoice
        id={`${id}-supplier`}
        suppliers={suppliers}
        value={supplierId}
        error={error}
        onChange={(chosen) => {
          setSupplierId(chosen);
          setOrderId('');
          setError(null);
        }}
      />
      <div className="field">
        <label className="field__label" htmlFor={`${id}-order`}>
          Purchase order
        </label>
        <select
          id={`${id}-order`}
          className="field__input"
          value={orderId}
          disabled={supplierId === ''}
          onChange={(event) => setOrderId(event.target.value)}
        >
          <option value="">None: lines as they come</option>
          {receivable.map((order) => (
            <option key={order.id} value={order.id}>
              {order.number || PURCHASING_TEXT.notNumbered} · {dayText(order.created_at)}
            </option>
          ))}
        </select>
      </div>
      <div className="purchasing-actions purchasing-actions--end">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          Start receiving
        </button>
      </div>
    </form>
  );
}
