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

  function onItemKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number, key: string) {
    if (!event.altKey) return;
    const to = event.key === 'ArrowUp' ? index - 1 : event.key === 'ArrowDown' ? index + 1 : null;
    if (to === null || to < 0 || to >= columns.length) return;
    event.preventDefault();
    focusAfterMove.current = { key, direction: event.key === 'ArrowUp' ? 'up' : 'down' };
    onMove(index, to);
  }

  // Keyboard moves keep focus on the column that moved, wherever it went.
  const focusAfterMove = useRef<{ key: string; direction: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const item = listRef.current?.querySelector<HTMLElement>(`[data-key="${target.key}"]`);
    const buttons = item?.querySelectorAll<HTMLButtonElement>('.order-list__move');
    const preferred = buttons?.[target.direction === 'up' ? 0 : 1];
    (preferred && !preferred.disabled
      ? preferred
      : buttons?.[target.direction === 'up' ? 1 : 0]
    )?.focus();
  });

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
        Drag a column by its handle, or use its arrow buttons (Alt+↑ and Alt+↓ on them too).
      </p>
      <ol ref={listRef} className="order-list" aria-label="Column order">
        {columns.map((column, index) => (
          <li key={column.key} className="order-list__item" data-key={column.key}>
            <span className="order-list__handle" aria-hidden="true">
              <GripVertical size={18} />
            </span>
            <span className="order-list__position">{index + 1}</span>
            <span className="order-list__label">{column.label}</span>
            <button
              type="button"
              className="order-list__move"
              aria-label={`Move ${column.label} up`}
              onKeyDown={(event) => onItemKeyDown(event, index, column.key)}
              disabled={index === 0}
              onClick={() => onMove(index, index - 1)}
            >
              <ArrowUp size={16} aria-hidden="true" />
            </button>
            <button
              type="button"
              className="order-list__move"
              aria-label={`Move ${column.label} down`}
              onKeyDown={(event) => onItemKeyDown(event, index, column.key)}
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
