import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TEventLog } from '@portal/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useOverflows } from '../../../lib/use-overflows';

const detailsText = (d: Record<string, unknown>) => (Object.keys(d).length ? JSON.stringify(d) : '');
// Past about this many characters the box is likely to reach its height cap (until measured).
const LONG_DETAILS = 200;

/**
 * JSON reads left to right in an Arabic page too (braces stay the right way round; the
 * `dir` isolates it). Long details wrap anywhere and, past a few lines, scroll in their
 * own box (focusable whenever it does scroll, so keyboards can) instead of stretching the row.
 */
function DetailsText({ details }: { details: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = detailsText(details);
  const box = useRef<HTMLSpanElement>(null);
  // Measured, not guessed from the length: on a phone far less fits before it scrolls.
  const scrolls = useOverflows(box, text.length > LONG_DETAILS);
  return (
    <Box
      ref={box}
      component="span"
      dir="ltr"
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': t('eventLogs.columns.details') } : {})}
      sx={{
        fontFamily: 'monospace',
        fontSize: 12,
        overflowWrap: 'anywhere',
        display: 'block',
        textAlign: 'start',
        maxHeight: '8.5em',
        overflowY: 'auto',
      }}
    >
      {/* Its own box, so a change in the text's height is seen even at the height cap. */}
      <span style={{ display: 'block' }}>{text}</span>
    </Box>
  );
}

const target = (r: TEventLog) => (r.target_type ? `${r.target_type} #${r.target_id}` : '');

const columns: DataTableColumn<TEventLog>[] = [
  {
    key: 'at',
    label: 'eventLogs.columns.at',
    placement: 'secondary',
    sortValue: (r) => Date.parse(r.at),
    csv: (r) => r.at,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <time dateTime={r.at}>{formatDateTime(r.at, 'medium', true)}</time>,
  },
  {
    key: 'actor',
    label: 'eventLogs.columns.actor',
    sortValue: (r) => r.actor_username,
    cell: (r) =>
      r.actor_username ? (
        <Bidi>{r.actor_username}</Bidi>
      ) : (
        <Typography component="span" color="text.secondary">
          —
        </Typography>
      ),
  },
  {
    key: 'action',
    label: 'eventLogs.columns.action',
    placement: 'primary',
    sortValue: (r) => r.action,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => (
      <Box component="span" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        <Bidi dir="ltr">{r.action}</Bidi>
      </Box>
    ),
  },
  {
    key: 'target',
    label: 'eventLogs.columns.target',
    sortValue: target,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <Bidi dir="ltr">{target(r)}</Bidi>,
  },
  {
    key: 'address',
    label: 'eventLogs.columns.address',
    sortValue: (r) => r.ip,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => (
      <Box component="span" title={r.user_agent}>
        <Bidi dir="ltr">{r.ip}</Bidi>
      </Box>
    ),
  },
  {
    key: 'details',
    label: 'eventLogs.columns.details',
    csv: (r) => detailsText(r.details),
    cellSx: { fontFamily: 'monospace', fontSize: 12, maxWidth: 420, wordBreak: 'break-word' },
    cell: (r) => <DetailsText details={r.details} />,
  },
];

/** The audit trail's rows; the page's "Download CSV" is the server's export of the whole filter. */
export function EventLogTable({ rows, stickyTop }: { rows: TEventLog[]; stickyTop?: number }) {
  const { t } = useTranslation();
  // The page shows its own loading, error and empty states.
  if (rows.length === 0) return null;
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowKey={(r) => r.id}
      label={t('eventLogs.title')}
      emptyText={t('eventLogs.empty')}
      stickyTop={stickyTop}
    />
  );
}
