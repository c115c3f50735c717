import { BarChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core.js';
import { useMemo } from 'react';
import { formatAxisDollars } from '#ui/chart-format.ts';

// Only what a bar chart with an axis grid needs: this module is its own chunk, loaded with the
// report. The figures themselves are in the table beside it.
use([BarChart, GridComponent, CanvasRenderer]);
const ECHARTS = { init, getInstanceByDom, dispose };
const BRAND = '#7b1e3a';
const MUTED = '#c9a3b0';

export interface ChartBar {
  label: string;
  cents: number;
}

/**
 * A report's chart: one bar per row (net sales), in time order for a period by days, weeks or
 * months, else the largest first (horizontal, so long names read); the period before, when
 * compared, as a second, paler series of its total.
 */
export default function ReportChart({
  bars,
  horizontal,
  label,
}: {
  bars: readonly ChartBar[];
  horizontal: boolean;
  label: string;
}) {
  const option = useMemo(() => {
    const names = bars.map((bar) => bar.label);
    const values = bars.map((bar) => bar.cents / 100);
    const category = {
      type: 'category',
      data: horizontal ? [...names].reverse() : names,
      axisTick: { show: false },
      axisLine: { lineStyle: { color: '#dfe2e7' } },
      axisLabel: { color: '#5b6470', width: 140, overflow: 'truncate' },
    };
    const value = {
      type: 'value',
      splitNumber: 4,
      axisLabel: { color: '#5b6470', formatter: formatAxisDollars },
      splitLine: { lineStyle: { color: '#eef0f3' } },
    };
    return {
      animationDuration: 300,
      grid: { left: 8, right: 16, top: 12, bottom: 8, containLabel: true },
      xAxis: horizontal ? value : category,
      yAxis: horizontal ? category : value,
      series: [
        {
          type: 'bar',
          name: 'Net sales',
          data: horizontal ? [...values].reverse() : values,
          itemStyle: {
            color: (item: { value: number }) => (item.value < 0 ? MUTED : BRAND),
            borderRadius: 3,
          },
          barMaxWidth: 28,
        },
      ],
    };
  }, [bars, horizontal]);
  const height = horizontal ? Math.max(160, bars.length * 26 + 40) : 260;
  return (
    <div role="img" aria-label={label} className="report-chart">
      <EChartsReactCore echarts={ECHARTS} option={option} style={{ height }} notMerge />
    </div>
  );
}
