import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/** Page links under a server-paged list, named in the reader's language; nothing for one page. */
export function ListPagination({
  count,
  page,
  onChange,
  label,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
  /** Names the links' navigation when a page has more than one list. */
  label?: string;
}) {
  const { t } = useTranslation();
  if (count <= 1) return null;
  return (
    <Pagination
      aria-label={label}
      sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
      count={count}
      page={page}
      onChange={(_e, p) => onChange(p)}
      getItemAriaLabel={(type, p) =>
        type === 'page'
          ? t('dataTable.page', { page: p })
          : t(type === 'next' ? 'dataTable.next' : 'dataTable.previous')
      }
    />
  );
}
