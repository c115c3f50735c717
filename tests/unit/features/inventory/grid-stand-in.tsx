import { forwardRef } from 'react';
import { cellText } from '#domains/products/format.ts';
import { columnValue } from '#domains/products/product.ts';
import type {
  InventoryGridHandle,
  InventoryGridProps,
} from '#features/inventory/components/inventory-grid.tsx';

/**
 * jsdom has no canvas, so the glide grid is replaced in component tests by a plain table that
 * honours the same props: the rows and columns it is given, header clicks, product clicks and
 * the options button. The real grid is exercised in the browser tests.
 */
export const GridStandIn = forwardRef<InventoryGridHandle, InventoryGridProps>(
  function GridStandIn(props, _ref) {
    return (
      <table aria-label="inventory grid" data-row-height={props.rowHeight}>
        <thead>
          <tr>
            <th>#</th>
            {props.showImages ? <th>image</th> : null}
            {props.columns.map((column) => (
              <th key={column.key}>
                <button type="button" onClick={() => props.onSort(column.key)}>
                  {column.label}
                  {props.sort.key === column.key ? ` (${props.sort.direction})` : ''}
                </button>
              </th>
            ))}
            <th>options</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((item, index) => (
            <tr
              key={item.id}
              data-editing={props.editingId === item.id || undefined}
              data-unsynced={props.unsyncedIds?.has(item.id) || undefined}
            >
              <td>{props.firstRowNumber + index}</td>
              {props.showImages ? <td>bottle</td> : null}
              {props.columns.map((column) =>
                column.key === 'product' ? (
                  <td key={column.key}>
                    <button type="button" onClick={() => props.onOpenProduct(item)}>
                      {item.product}
                    </button>
                  </td>
                ) : (
                  <td key={column.key}>{cellText(column.key, columnValue(item, column.key))}</td>
                ),
              )}
              <td>
                <button
                  type="button"
                  aria-label={`Options for ${item.product}`}
                  onClick={() => props.onOpenOptions(item, { x: 100, y: 100 })}
                >
                  ⋮
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  },
);
