import { ListPagination } from '../../../components/data-table';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TOcrSearchHit } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Bidi } from '../../../components/bidi';
import { SearchField } from '../../../components/search-field';
import { formatNumber } from '../../../lib/format';
import { useTypedFilter, useUrlFilters } from '../../../lib/use-url-filters';
import { useFailureToast } from '../../../lib/api/use-failure-toast';
import { useOcrSearchQuery } from '../api/ocr-api';
import { OCR_PATHS } from '../ocr-format';

const PAGE_SIZE = 10;

/** A snippet as the server cut it: the matched parts in <mark>, all of it plain text. */
function Snippet({ parts }: { parts: TOcrSearchHit['snippet'] }) {
  return (
    <Typography variant="body2" component="p" dir="auto" sx={{ m: 0, overflowWrap: 'anywhere' }}>
      {parts.map((part, i) =>
        part.hit ? (
          <Box
            component="mark"
            key={i}
            sx={(theme) => ({
              bgcolor: '#fff0a8',
              color: '#1c1b16',
              borderRadius: 0.5,
              px: 0.25,
              ...theme.applyStyles('dark', { bgcolor: '#6b5a00', color: '#fffbe0' }),
            })}
          >
            {part.text}
          </Box>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Typography>
  );
}

const ZSearchFilters = z.object({ search: z.string().catch('') });

/** Full-text search across every result the caller may see; each hit opens its page. */
export function OcrSearch() {
  const { t } = useTranslation();
  const [{ search: asked }, setFilters] = useUrlFilters(ZSearchFilters);
  const [page, setPage] = useState(1);
  const [text, setText] = useTypedFilter(asked, (search) => {
    setFilters({ search });
    setPage(1);
  });
  const { data, isFetching, error } = useOcrSearchQuery(
    { q: asked, page, page_size: PAGE_SIZE },
    { skip: asked === '' },
  );
  useFailureToast(error, 'ocr-search');

  return (
    <Box>
      <SearchField label={t('ocr.search.label')} value={text} onChange={setText} sx={{ width: '100%' }} />
      {asked === '' ? null : !data && isFetching ? (
        <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} />
      ) : data ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }} aria-live="polite">
            {data.count === 0
              ? t('ocr.search.none')
              : t('ocr.search.count', { count: data.count, n: formatNumber(data.count) })}
          </Typography>
          <List aria-label={t('ocr.search.results')} sx={{ py: 0 }}>
            {data.results.map((hit) => (
              <ListItem key={`${hit.job.id}-${hit.page}`} disableGutters divider sx={{ display: 'block', py: 1.25 }}>
                <Link
                  component={RouterLink}
                  to={OCR_PATHS.job(hit.job.id, hit.page)}
                  sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}
                >
                  <Bidi>{hit.job.filename}</Bidi>
                  {' · '}
                  {t('ocr.search.page', { page: formatNumber(hit.page) })}
                </Link>
                <Snippet parts={hit.snippet} />
              </ListItem>
            ))}
          </List>
          <ListPagination
            count={Math.ceil(data.count / PAGE_SIZE)}
            page={page}
            onChange={setPage}
            label={t('ocr.search.pages')}
          />
        </>
      ) : null}
    </Box>
  );
}
