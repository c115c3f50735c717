import {
  type CellClickedEventArgs,
  DataEditor,
  type DataEditorRef,
  type DrawCellCallback,
  type GridCell,
  type GridColumn,
  type GridMouseEventArgs,
  type Item,
  type Theme,
} from '@glideapps/glide-data-grid';
import '@glideapps/glide-data-grid/dist/index.css';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { NEEDS_ATTENTION, NOT_YET_SYNCED } from '#data/sync/use-sync-status.ts';
import { VIEW_DENSITY_ROW_HEIGHT } from '#domains/preferences/inventory-settings.ts';
import {
  DEFAULT_COLUMN_WIDTHS,
  MIN_COLUMN_WIDTH,
  SORTABLE_COLUMNS,
} from '#domains/products/columns.ts';
import { cellText } from '#domains/products/format.ts';
import type { InventoryItem } from '#domains/products/product.ts';
import type { SortState } from '#domains/products/table.ts';
import { type ColumnDef, widthOf } from '../columns.ts';
import { gridCell, LINK_COLOR } from './grid-cells.ts';

/**
 * The inventory table on glide-data-grid: a row-number column, the visible columns, and an
 * options column. Headers sort, edges resize (never below 50 px), a product name opens the
 * detail, the options cell opens the row menu. The grid shows one page of rows.
 */
const HEADER_HEIGHT = 40;

const THEME: Partial<Theme> = {
  accentColor: '#7b1e3a',
  accentLight: 'rgba(123, 30, 58, 0.10)',
  textDark: '#1f2328',
  textMedium: '#5b6470',
  textHeader: '#3b424b',
  bgHeader: '#f7f7f9',
  bgHeaderHovered: '#efeff3',
  bgHeaderHasFocus: '#efeff3',
  borderColor: 'rgba(0, 0, 0, 0.08)',
  linkColor: LINK_COLOR,
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  baseFontStyle: '14px',
  headerFontStyle: '600 13px',
  cellHorizontalPadding: 10,
};

const IMAGE_COLUMN_WIDTH = 56;
/** How long a column just shown is tried into view while the grid measures itself. */
const REVEAL_WITHIN_MS = 2_000;

let measuring: CanvasRenderingContext2D | null | undefined;
/** Whether a text fits a cell of this width in the grid's font, padding included. */
function fitsWidth(text: string, width: number): boolean {
  if (measuring === undefined) {
    measuring =
      typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
    if (measuring) measuring.font = `${THEME.baseFontStyle} ${THEME.fontFamily}`;
  }
  // Where text cannot be measured (no canvas), say it does not fit: the tooltip shows it whole.
  if (!measuring) return false;
  return measuring.measureText(text).width + 2 * (THEME.cellHorizontalPadding ?? 8) <= width;
}

const NONE: ReadonlySet<number> = new Set();

export interface InventoryGridProps {
  rows: readonly InventoryItem[];
  /** Row height from the view density. */
  rowHeight?: number;
  /** A thumbnail column after the row numbers. */
  showImages?: boolean;
  columns: readonly ColumnDef[];
  /** 1-based number of the first row shown, for the row-number column. */
  firstRowNumber: number;
  sort: SortState;
  widths: Readonly<Record<string, number>>;
  editingId: number | null;
  /** Rows with a change still waiting to reach the server. */
  unsyncedIds?: ReadonlySet<number>;
  /** Rows with a change the server refused (a conflict, say), waiting in Pending changes. */
  attentionIds?: ReadonlySet<number>;
  onSort: (key: string) => void;
  onResize: (key: string, width: number) => void;
  onOpenProduct: (item: InventoryItem) => void;
  onOpenOptions: (item: InventoryItem, anchor: { x: number; y: number }) => void;
  /** The column to bring into view when the grid first draws (one just shown in Settings). */
  takeRevealColumn?: (() => string | undefined) | undefined;
}

type GridKey = 'rowNumber' | 'options' | string;

/** The sync mark's dot at the end of a product's name, and the room kept before it. */
const MARK_DOT = 8;
const MARK_GAP = 6;

/** `text` cut with '…' to fit `room` pixels in the context's font. */
function fitText(ctx: CanvasRenderingContext2D, text: string, room: number): string {
  if (ctx.measureText(text).width <= room) return text;
  let fits = 0;
  let over = text.length;
  while (over - fits > 1) {
    const middle = (fits + over) >> 1;
    if (ctx.measureText(`${text.slice(0, middle)}…`).width <= room) fits = middle;
    else over = middle;
  }
  return `${text.slice(0, fits).trimEnd()}…`;
}

/** Lets the table give keyboard focus back to the grid when a dialog it opened closes. */
export interface InventoryGridHandle {
  focus: () => void;
}

export const InventoryGrid = forwardRef<InventoryGridHandle, InventoryGridProps>(
  function InventoryGrid(
    {
      rows,
      columns,
      firstRowNumber,
      sort,
      widths,
      rowHeight = VIEW_DENSITY_ROW_HEIGHT.comfortable,
      showImages = false,
      editingId,
      unsyncedIds = NONE,
      attentionIds = NONE,
      onSort,
      onResize,
      onOpenProduct,
      onOpenOptions,
      takeRevealColumn,
    },
    ref,
  ) {
    const gridRef = useRef<DataEditorRef>(null);
    useImperativeHandle(ref, () => ({ focus: () => gridRef.current?.focus() }), []);
    const [tooltip, setTooltip] = useState<{ text: string; x: number; y: number } | null>(null);

    const keys: GridKey[] = useMemo(
      () => [
        'rowNumber',
        ...(showImages ? ['image'] : []),
        ...columns.map((column) => column.key),
        'options',
      ],
      [columns, showImages],
    );

    // A column just shown scrolls into view, not left off-screen to the right. The column is
    // taken once, when the grid first draws, and stays wanted until it is in view: the grid
    // measures itself over its first frames, and its columns may change meanwhile (the layout
    // or the images setting arriving), which starts the tries again instead of ending them.
    // Each try waits for a frame, for REVEAL_WITHIN_MS at most (frames are slow on a busy
    // tablet, so this is time, not a count of frames).
    const boxRef = useRef<HTMLDivElement>(null);
    const toReveal = useRef<string | null | undefined>(undefined);
    useEffect(() => {
      if (toReveal.current === undefined) toReveal.current = takeRevealColumn?.() ?? null;
      const column = toReveal.current ? keys.indexOf(toReveal.current) : -1;
      if (column < 0) return;
      const until = performance.now() + REVEAL_WITHIN_MS;
      let frame = 0;
      const reveal = () => {
        const grid = gridRef.current;
        const box = boxRef.current?.getBoundingClientRect();
        const cell = grid?.getBounds(column, 0);
        if (grid && box && box.width > 0 && cell && cell.width > 0) {
          if (cell.x + cell.width <= box.right + 1) {
            toReveal.current = null;
            return;
          }
          grid.scrollTo(column, 0, 'horizontal', 0, 0, { hAlign: 'end' });
        }
        if (performance.now() < until) frame = requestAnimationFrame(reveal);
        else toReveal.current = null;
      };
      frame = requestAnimationFrame(reveal);
      return () => cancelAnimationFrame(frame);
    }, [keys, takeRevealColumn]);

    const gridColumns: GridColumn[] = useMemo(() => {
      // The arrow leads, so that it shows even in a narrow column.
      const arrow = (key: string) =>
        sort.key === key ? (sort.direction === 'asc' ? '▲ ' : '▼ ') : '';
      return [
        {
          id: 'rowNumber',
          title: `${arrow('rowNumber')}#`,
          width: widths.rowNumber ?? DEFAULT_COLUMN_WIDTHS.rowNumber ?? 35,
        },
        ...(showImages ? [{ id: 'image', title: '', width: IMAGE_COLUMN_WIDTH }] : []),
        ...columns.map((column) => ({
          id: column.key,
          title: `${arrow(column.key)}${column.label}`,
          width: widthOf(column, widths),
        })),
        { id: 'options', title: '', width: widths.options ?? DEFAULT_COLUMN_WIDTHS.options ?? 32 },
      ];
    }, [columns, widths, sort, showImages]);

    const markOf = useCallback(
      (item: InventoryItem) =>
        attentionIds.has(item.id)
          ? NEEDS_ATTENTION
          : unsyncedIds.has(item.id)
            ? NOT_YET_SYNCED
            : null,
      [unsyncedIds, attentionIds],
    );

    /** A product's name as its cell reads (to a screen reader, the tooltip): with its sync mark. */
    const productText = useCallback(
      (item: InventoryItem) => {
        const mark = markOf(item);
        const name = cellText('product', item.product);
        return mark ? `${name} · ${mark}` : name;
      },
      [markOf],
    );

    // A marked product's cell draws its name, cut only by the column, and a dot in the mark's
    // colour at its end: the words would take the name's room in a narrow column. The words stay
    // in the cell's text (screen readers) and in the tooltip.
    const drawCell = useCallback<DrawCellCallback>(
      (args, drawContent) => {
        const item = rows[args.row];
        const mark = item && keys[args.col] === 'product' ? markOf(item) : null;
        if (!item || !mark) {
          drawContent();
          return;
        }
        const { ctx, rect, theme } = args;
        const padding = theme.cellHorizontalPadding;
        const room = rect.width - 2 * padding - MARK_DOT - MARK_GAP;
        ctx.save();
        ctx.font = `${theme.baseFontStyle} ${theme.fontFamily}`;
        ctx.fillStyle = theme.textDark;
        ctx.textBaseline = 'middle';
        const middle = rect.y + rect.height / 2;
        ctx.fillText(
          fitText(ctx, cellText('product', item.product), room),
          rect.x + padding,
          middle,
        );
        ctx.fillStyle = mark === NEEDS_ATTENTION ? '#c0392b' : '#c77c00';
        ctx.beginPath();
        ctx.arc(rect.x + rect.width - padding - MARK_DOT / 2, middle, MARK_DOT / 2, 0, 2 * Math.PI);
        ctx.fill();
        ctx.restore();
      },
      [rows, keys, markOf],
    );

    const getCellContent = useCallback(
      ([col, row]: Item): GridCell =>
        gridCell(rows[row], keys[col], firstRowNumber + row, productText),
      [rows, keys, firstRowNumber, productText],
    );

    const onCellClicked = useCallback(
      ([col, row]: Item, event: CellClickedEventArgs) => {
        const item = rows[row];
        const key = keys[col];
        if (!item) return;
        if (key === 'product') onOpenProduct(item);
        if (key === 'options') {
          onOpenOptions(item, {
            x: event.bounds.x + event.bounds.width,
            y: event.bounds.y + event.bounds.height,
          });
        }
      },
      [rows, keys, onOpenProduct, onOpenOptions],
    );

    // Keyboard: Enter or Space on a product name or an options cell does what a click does.
    const onCellActivated = useCallback(
      ([col, row]: Item) => {
        const item = rows[row];
        const key = keys[col];
        if (!item) return;
        if (key === 'product') onOpenProduct(item);
        if (key === 'options') {
          const bounds = gridRef.current?.getBounds(col, row);
          onOpenOptions(
            item,
            bounds ? { x: bounds.x + bounds.width, y: bounds.y + bounds.height } : { x: 0, y: 0 },
          );
        }
      },
      [rows, keys, onOpenProduct, onOpenOptions],
    );

    const onHeaderClicked = useCallback(
      (col: number) => {
        const key = keys[col];
        if (
          key &&
          key !== 'options' &&
          (SORTABLE_COLUMNS.has(key) || columns.some((c) => c.key === key && c.isCustom))
        ) {
          onSort(key);
        }
      },
      [keys, columns, onSort],
    );

    const onColumnResize = useCallback(
      (column: GridColumn, newSize: number) => {
        if (column.id) onResize(column.id, Math.max(MIN_COLUMN_WIDTH, newSize));
      },
      [onResize],
    );

    // The whole description shows on hover, since the cell holds only its first 30 characters;
    // so does a product's name (with its sync mark) that its column is too narrow for.
    const onItemHovered = useCallback(
      (args: GridMouseEventArgs) => {
        if (args.kind !== 'cell') {
          setTooltip(null);
          return;
        }
        const [col, row] = args.location;
        const item = rows[row];
        const key = keys[col];
        let full: string | undefined;
        if (item && key === 'description' && item.description) {
          if (item.description !== cellText('description', item.description)) {
            full = item.description;
          }
        } else if (item && key === 'product') {
          const name = productText(item);
          // A marked name says its mark in words only here and to screen readers.
          if (markOf(item) || !fitsWidth(name, args.bounds.width)) full = name;
        }
        setTooltip(
          full ? { text: full, x: args.bounds.x, y: args.bounds.y + args.bounds.height + 4 } : null,
        );
      },
      [rows, keys, productText, markOf],
    );

    // The row being edited is tinted rose; a row whose change the server refused, red; one whose
    // change waits for the server, amber (and a dot of that colour ends its name).
    const getRowThemeOverride = useCallback(
      (row: number) => {
        const id = rows[row]?.id;
        if (id === undefined) return undefined;
        if (id === editingId) return { bgCell: '#fdf3f6' };
        if (attentionIds.has(id)) return { bgCell: '#fdeaea' };
        return unsyncedIds.has(id) ? { bgCell: '#fff6e0' } : undefined;
      },
      [rows, editingId, unsyncedIds, attentionIds],
    );

    // A long-press on a tablet or a right-click opens the row's menu, wherever the row is scrolled.
    const onCellContextMenu = useCallback(
      ([, row]: Item, event: CellClickedEventArgs) => {
        const item = rows[row];
        if (!item) return;
        event.preventDefault();
        onOpenOptions(item, {
          x: event.bounds.x + event.localEventX + 180,
          y: event.bounds.y + event.localEventY,
        });
      },
      [rows, onOpenOptions],
    );

    // The row number and product name stay in view while the other columns scroll sideways, except
    // on a phone, where they would leave too little room.
    const wide = typeof window === 'undefined' || window.matchMedia('(min-width: 768px)').matches;
    const leading = showImages ? 2 : 1;
    const freezeColumns = wide && columns[0]?.key === 'product' ? leading + 1 : leading;

    const height = Math.min(HEADER_HEIGHT + rows.length * rowHeight + 2, 640);

    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: hides the hover tooltip; no action of its own
      <div ref={boxRef} className="inventory-grid" onMouseLeave={() => setTooltip(null)}>
        <DataEditor
          ref={gridRef}
          columns={gridColumns}
          rows={rows.length}
          getCellContent={getCellContent}
          drawCell={drawCell}
          getCellsForSelection={true}
          onCellClicked={onCellClicked}
          onCellActivated={onCellActivated}
          onHeaderClicked={onHeaderClicked}
          onColumnResize={onColumnResize}
          onItemHovered={onItemHovered}
          onCellContextMenu={onCellContextMenu}
          freezeColumns={freezeColumns}
          getRowThemeOverride={getRowThemeOverride}
          minColumnWidth={MIN_COLUMN_WIDTH}
          maxColumnWidth={800}
          rowHeight={rowHeight}
          headerHeight={HEADER_HEIGHT}
          columnSelect="none"
          rowSelect="none"
          rangeSelect="cell"
          smoothScrollX
          smoothScrollY
          theme={THEME}
          width="100%"
          height={height}
        />
        {tooltip ? (
          <div
            className="inventory-grid__tooltip"
            role="tooltip"
            style={{ left: tooltip.x, top: tooltip.y }}
          >
            {tooltip.text}
          </div>
        ) : null}
      </div>
    );
  },
);
