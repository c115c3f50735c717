import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type PageInfo, pageButtons, showingText } from '#domains/products/table.ts';

/** 'Showing X to Y of N results', Previous/Next, up to 5 page buttons, an ellipsis and the last. */
export function Pagination({ info, onPage }: { info: PageInfo; onPage: (page: number) => void }) {
  const buttons = pageButtons(info.page, info.pageCount);
  return (
    <nav className="pagination" aria-label="Pages">
      <p className="pagination__summary" aria-live="polite">
        {showingText(info)}
      </p>
      <div className="pagination__buttons">
        <button
          type="button"
          className="pagination__step"
          disabled={info.page <= 1}
          onClick={() => onPage(info.page - 1)}
        >
          <ChevronLeft size={16} aria-hidden="true" />
          Previous
        </button>
        {buttons.map((button, index) =>
          button.kind === 'ellipsis' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most one ellipsis, always at this place
            <span key={`ellipsis-${index}`} className="pagination__ellipsis" aria-hidden="true">
              …
            </span>
          ) : (
            <button
              key={button.page}
              type="button"
              className={`pagination__page${button.page === info.page ? ' pagination__page--current' : ''}`}
              aria-current={button.page === info.page ? 'page' : undefined}
              aria-label={`Page ${button.page}`}
              onClick={() => onPage(button.page)}
            >
              {button.page}
            </button>
          ),
        )}
        <button
          type="button"
          className="pagination__step"
          disabled={info.page >= info.pageCount}
          onClick={() => onPage(info.page + 1)}
        >
          Next
          <ChevronRight size={16} aria-hidden="true" />
        </button>
      </div>
    </nav>
  );
}
