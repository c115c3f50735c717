import { LineChart } from 'echarts/charts';
import { GridComponent } from 'echarts/components';
import { dispose, type EChartsType, getInstanceByDom, graphic, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import EChartsReactCore from 'echarts-for-react/esm/core.js';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { DashboardSnapshot } from '#domains/dashboard/snapshot.ts';
import { formatAxisThousands } from '#ui/chart-format.ts';
import { tooltipLines } from '../chart-format.ts';

// Only what an area chart with an axis grid needs: this module is its own chunk. The tooltip is
// ours (below): ECharts' tooltip and axis pointer cost 7.7 KB gzip for one line of text.
use([LineChart, GridComponent, CanvasRenderer]);

/**
 * What the chart component calls of ECharts, named one by one: handing it the module's whole
 * namespace would keep every export of echarts/core in the bundle.
 */
const ECHARTS = { init, getInstanceByDom, dispose };

const BRAND = '#7b1e3a';

/** The day under the pointer, and where its point is drawn (in the chart's pixels). */
interface Tip {
  index: number;
  x: number;
  y: number;
}

/** Half the tooltip's width, about: it stays inside the chart at either end. */
const TIP_HALF_WIDTH = 72;
/** Its height and gap, about: a point nearer the top than this has the tooltip below it. */
const TIP_ROOM_ABOVE = 72;

/** Sales Performance: revenue by weekday over the last 7 days, as an area chart. */
export default function SalesChart({ sales }: { sales: DashboardSnapshot['sales'] }) {
  const option = useMemo(
    () => ({
      animationDuration: 400,
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
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
  const [tip, setTip] = useState<Tip | null>(null);
  const chartRef = useRef<EChartsType | null>(null);
  // The chart calls onReady once: its handlers read the days shown now through a ref.
  const days = useRef(sales);
  days.current = sales;
  const hide = useCallback(() => {
    chartRef.current?.dispatchAction({ type: 'downplay', seriesIndex: 0 });
    setTip(null);
  }, []);

  // The day whose column the pointer (or a finger) is in, anywhere over the plot, as ECharts'
  // axis tooltip would find it; its point is highlighted while the tooltip shows.
  const onReady = useCallback(
    (chart: EChartsType) => {
      chartRef.current = chart;
      chart.getZr().on('mousemove', (event) => {
        const week = days.current;
        const pixel = [event.offsetX, event.offsetY];
        if (week.length === 0 || !chart.containPixel('grid', pixel)) {
          hide();
          return;
        }
        const at = Number(chart.convertFromPixel({ xAxisIndex: 0 }, event.offsetX));
        const index = Math.min(week.length - 1, Math.max(0, Math.round(at)));
        const point = week[index];
        if (!point) return;
        const [x = 0, y = 0] = chart.convertToPixel({ seriesIndex: 0 }, [
          index,
          point.revenueCents / 100,
        ]) as number[];
        chart.dispatchAction({ type: 'downplay', seriesIndex: 0 });
        chart.dispatchAction({ type: 'highlight', seriesIndex: 0, dataIndex: index });
        setTip({ index, x, y });
      });
      chart.getZr().on('globalout', hide);
    },
    [hide],
  );

  const shown = tip ? sales[tip.index] : undefined;
  const lines = shown ? tooltipLines(shown.name, shown.revenueCents / 100) : undefined;
  const width = chartRef.current?.getWidth() ?? 0;
  return (
    <>
      <EChartsReactCore
        echarts={ECHARTS}
        option={option}
        className="sales-chart__canvas"
        style={{ height: '100%', width: '100%' }}
        opts={{ renderer: 'canvas' }}
        onChartReady={onReady}
        autoResize
      />
      {tip && lines ? (
        <div
          className={
            tip.y < TIP_ROOM_ABOVE ? 'sales-tooltip sales-tooltip--below' : 'sales-tooltip'
          }
          style={{
            left: Math.min(Math.max(tip.x, TIP_HALF_WIDTH), Math.max(width - TIP_HALF_WIDTH, 0)),
            top: tip.y,
          }}
        >
          <div>{lines.title}</div>
          <strong>{lines.amount}</strong>
        </div>
      ) : null}
    </>
  );
}
