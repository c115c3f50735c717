import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import Sortable from 'sortablejs';
import type { ColumnOption } from './column-visibility-list.tsx';

/**
 * Column Order: the visible columns, dragged into place with SortableJS (mouse and touch, by
 * the handle), or moved with the arrow buttons or Alt+Arrow keys.
 */
export function ColumnOrderList({
  columns,
  onMove,
  onResetOrder,
}: {
  /** The visible columns in their current order. */
  columns: readonly ColumnOption[];
  onMove: (from: number, to: number) => void;
  onResetOrder: () => void;
}) {
  const listRef = useRef<HTMLOListElement>(null);
  const onMoveRef = useRef(onMove);
  onMoveRef.current = onMove;

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const sortable = Sortable.create(list, {
      handle: '.order-list__handle',
      animation: 150,
      // Pointer events for mouse and touch alike, rather than HTML drag and drop.
      forceFallback: true,
      fallbackTolerance: 3,
      onEnd: (event) => {
        const { oldIndex, newIndex, item, from } = event;
        if (oldIndex === undefined || newIndex === undefined || oldIndex === newIndex) return;
        // Put the node back where React left it; the new order comes back through React.
        from.insertBefore(item, from.children[oldIndex + (oldIndex > newIndex ? 1 : 0)] ?? null);
        onMoveRef.current(oldIndex, newIndex);
      },
    });
    return () => sortable.destroy();
  }, []);

  function onItemKeyDown(event: KeyboardEvent<HTMLLIElement>, index: number) {
    if (!event.altKey) return;
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMove(index, index - 1);
    } else if (event.key === 'ArrowDown' && index < columns.length - 1) {
      event.preventDefault();
      onMove(index, index + 1);
    }
  }

  return (
    <section className="settings-section" aria-labelledby="column-order-title">
      <div className="settings-section__header">
        <h3 id="column-order-title" className="settings-section__title">
          Column Order
        </h3>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={onResetOrder}
        >
          Reset to default order
        </button>
      </div>
      <p className="settings-section__hint">
        Drag a column by its handle, or focus it and press Alt+↑ or Alt+↓.
      </p>
      <ol ref={listRef} className="order-list" aria-label="Column order">
        {columns.map((column, index) => (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the item takes Alt+Arrow keys to move
          <li
            key={column.key}
            className="order-list__item"
            data-key={column.key}
            tabIndex={0}
            onKeyDown={(event) => onItemKeyDown(event, index)}
          >
            <span className="order-list__handle" aria-hidden="true">
              <GripVertical size={18} />
            </span>
            <span className="order-list__position">{index + 1}</span>
            <span className="order-list__label">{column.label}</span>
            <button
              type="button"
              className="order-list__move"
              aria-label={`Move ${column.label} up`}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUp size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="order-list__move"
              aria-label={`Move ${column.label} down`}
              disabled={index === columns.length - 1}
              onClick={() => onMove(index, index + 1)}
            >
              <ArrowDown size={16} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
