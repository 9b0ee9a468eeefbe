export {
  ChartFigure,
  chartFormat,
  MARKS_UP_TO,
  rangeWith,
  showMarks,
  TargetLine,
  useChartDirection,
} from './chart-kit';
export type { ChartTable } from './chart-kit';
