import type { ReactNode } from 'react';
import { REPORTS_TEXT } from '../reports-text.ts';

/** One of a report's tables, titled, with 'Nothing in this period.' when it has no rows. */
export function Table({
  caption,
  head,
  rows,
  foot,
  empty = REPORTS_TEXT.none,
}: {
  caption: string;
  head: readonly string[];
  rows: readonly (readonly ReactNode[])[];
  foot?: readonly ReactNode[];
  /** What it says when it has no rows. */
  empty?: string;
}) {
  return (
    <section className="card report__table-wrap report__section" aria-label={caption}>
      <h2 className="report__section-title">{caption}</h2>
      {rows.length === 0 ? (
        <p className="report__note">{empty}</p>
      ) : (
        <table className="report-table">
          <thead>
            <tr>
              {head.map((title) => (
                <th key={title} scope="col">
                  {title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((cells, index) => (
              // Rows of a report are in the order given; their first cell names them.
              // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows never move
              <tr key={index}>
                <th scope="row">{cells[0]}</th>
                {cells.slice(1).map((cell, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <td key={at}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
          {foot ? (
            <tfoot>
              <tr>
                <th scope="row">{foot[0]}</th>
                {foot.slice(1).map((cell, at) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed
                  <td key={at}>{cell}</td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      )}
    </section>
  );
}
