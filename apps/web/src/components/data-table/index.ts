export {
  DataTable,
  sortKindOf,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type SortDirection,
  type SortKind,
  type SortState,
} from './data-table';
export { downloadCsv, toCsv, type CsvColumn } from './csv';
export { ListPagination } from './list-pagination';
