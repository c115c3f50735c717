import type { CSSProperties } from 'react';
import { formatChange } from '#ui/chart-format.ts';
import { REPORTS_TEXT } from '../reports-text.ts';

/** A report's headline figure, with its change against the period before when compared. */
export function KeyFigure({
  label,
  value,
  change,
  before,
}: {
  label: string;
  value: string;
  /** Undefined when not compared; null when the period before had nothing. */
  change?: number | null | undefined;
  /** A share's own figure in the period compared with (its change in percent would mislead). */
  before?: string | undefined;
}) {
  return (
    <div className="report-figure">
      <span className="report-figure__label">{label}</span>
      <span className="report-figure__value" style={{ '--chars': value.length } as CSSProperties}>
        {value}
      </span>
      {change !== undefined ? (
        <span className="report-figure__change">
          {change === null
            ? REPORTS_TEXT.nothingBefore
            : REPORTS_TEXT.vsBefore(formatChange(change))}
        </span>
      ) : null}
      {before !== undefined ? (
        <span className="report-figure__change">
          {before === '—' ? REPORTS_TEXT.nothingBefore : REPORTS_TEXT.before(before)}
        </span>
      ) : null}
    </div>
  );
}

/** A margin as the reports write it: '42.5%', or a dash when nothing was sold. */
export const percentText = (value: number | null) =>
  value === null ? '—' : `${value.toFixed(1)}%`;
