export {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSelection,
  type SortDirection,
  type SortState,
} from './data-table';
export { downloadCsv, toCsv, type CsvColumn } from './csv';
export { ListPagination } from './list-pagination';
