import { Copy, Download, History, PackagePlus, Pencil, Trash2 } from 'lucide-react';
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export type RowAction = 'edit' | 'adjust' | 'duplicate' | 'history' | 'export' | 'delete';

const CATALOGUE_EDITS: readonly RowAction[] = ['edit', 'duplicate', 'delete'];

const ITEMS: { action: RowAction; label: string; icon: typeof Pencil }[] = [
  { action: 'edit', label: 'Edit', icon: Pencil },
  { action: 'adjust', label: 'Adjust stock', icon: PackagePlus },
  { action: 'duplicate', label: 'Duplicate', icon: Copy },
  { action: 'history', label: 'View History', icon: History },
  { action: 'export', label: 'Export', icon: Download },
  { action: 'delete', label: 'Delete', icon: Trash2 },
];

/**
 * The options menu of a row: Edit, Duplicate, View History, Export, Delete, and for the real
 * catalogue Adjust stock. It closes on a click outside and on Escape; arrow keys move between its
 * items.
 */
export function RowOptionsMenu({
  productName,
  anchor,
  canAdjustStock = false,
  canEditCatalogue = true,
  onSelect,
  onClose,
}: {
  productName: string;
  anchor: { x: number; y: number };
  canAdjustStock?: boolean;
  /** Edit, Duplicate and Delete: not offered to a role that may not change the catalogue. */
  canEditCatalogue?: boolean;
  onSelect: (action: RowAction) => void;
  onClose: () => void;
}) {
  const items = ITEMS.filter(
    (item) =>
      (canAdjustStock || item.action !== 'adjust') &&
      (canEditCatalogue || !CATALOGUE_EDITS.includes(item.action)),
  );
  const menuRef = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: anchor.x, top: anchor.y });

  // Keep the menu on screen: open to the left of its anchor, and above it near the bottom.
  useLayoutEffect(() => {
    const menu = menuRef.current;
    if (!menu) return;
    const { width, height } = menu.getBoundingClientRect();
    setPosition({
      left: Math.max(8, Math.min(anchor.x - width, window.innerWidth - width - 8)),
      top:
        anchor.y + height > window.innerHeight - 8 ? Math.max(8, anchor.y - height - 40) : anchor.y,
    });
  }, [anchor]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!menuRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onClose();
      }
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown, true);
      document.removeEventListener('keydown', onKeyDown, true);
      if (previous?.isConnected) previous.focus();
    };
  }, [onClose]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => {
      event.preventDefault();
      items[(to + items.length) % items.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else if (event.key === 'Tab') onClose();
  }

  return createPortal(
    <div
      ref={menuRef}
      className="row-menu"
      role="menu"
      aria-label={`Options for ${productName}`}
      style={{ left: position.left, top: position.top }}
      onKeyDown={onMenuKeyDown}
    >
      {items.map(({ action, label, icon: Icon }) => (
        <button
          key={action}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`row-menu__item${action === 'delete' ? ' row-menu__item--danger' : ''}`}
          onClick={() => onSelect(action)}
        >
          <Icon size={16} aria-hidden="true" />
          {label}
        </button>
      ))}
    </div>,
    document.body,
  );
}
