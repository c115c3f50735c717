import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, graphic, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core.js';
import { useMemo } from 'react';
import type { DashboardSnapshot } from '#domains/dashboard/snapshot.ts';
import { formatAxisThousands, tooltipLines } from '../chart-format.ts';

// Only what an area chart with an axis grid and a tooltip needs: this module is its own chunk.
use([LineChart, GridComponent, TooltipComponent, CanvasRenderer]);

/**
 * What the chart component calls of ECharts, named one by one: handing it the module's whole
 * namespace would keep every export of echarts/core in the bundle.
 */
const ECHARTS = { init, getInstanceByDom, dispose };

const BRAND = '#7b1e3a';

interface TooltipParam {
  name: string;
  value: number;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** Sales Performance: revenue by weekday over the last 7 days, as an area chart. */
export default function SalesChart({ sales }: { sales: DashboardSnapshot['sales'] }) {
  const option = useMemo(
    () => ({
      animationDuration: 400,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        confine: true,
        formatter: (params: TooltipParam[] | TooltipParam) => {
          const point = Array.isArray(params) ? params[0] : params;
          if (!point) return '';
          const { title, amount } = tooltipLines(point.name, Number(point.value));
          return `<div class="sales-tooltip"><div>${escapeHtml(title)}</div><strong>${escapeHtml(amount)}</strong></div>`;
        },
      },
      xAxis: {
        type: 'category',
        boundaryGap: false,
        data: sales.map((point) => point.name),
        axisTick: { show: false },
        axisLine: { lineStyle: { color: '#dfe2e7' } },
        axisLabel: { color: '#5b6470' },
      },
      yAxis: {
        type: 'value',
        splitNumber: 4,
        axisLabel: { color: '#5b6470', formatter: formatAxisThousands },
        splitLine: { lineStyle: { color: '#eef0f3' } },
      },
      series: [
        {
          type: 'line',
          name: 'Revenue',
          smooth: true,
          symbolSize: 6,
          data: sales.map((point) => point.revenueCents / 100),
          lineStyle: { color: BRAND, width: 2 },
          itemStyle: { color: BRAND },
          areaStyle: {
            color: new graphic.LinearGradient(0, 0, 0, 1, [
              { offset: 0, color: 'rgba(123, 30, 58, 0.28)' },
              { offset: 1, color: 'rgba(123, 30, 58, 0.02)' },
            ]),
          },
        },
      ],
    }),
    [sales],
  );
  return (
    <EChartsReactCore
      echarts={ECHARTS}
      option={option}
      className="sales-chart__canvas"
      style={{ height: '100%', width: '100%' }}
      opts={{ renderer: 'canvas' }}
      autoResize
    />
  );
}
