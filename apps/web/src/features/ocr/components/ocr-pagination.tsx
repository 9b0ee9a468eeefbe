import Pagination from '@mui/material/Pagination';
import { useTranslation } from 'react-i18next';

/** Page links under a list, named in the reader's language. */
export function OcrPagination({
  count,
  page,
  onChange,
  label,
}: {
  count: number;
  page: number;
  onChange: (page: number) => void;
  label: string;
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
        type === 'page' ? t('ocr.list.page', { page: p }) : t(`ocr.list.${type === 'next' ? 'next' : 'previous'}`)
      }
    />
  );
}
