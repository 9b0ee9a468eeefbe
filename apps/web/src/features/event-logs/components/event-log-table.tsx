import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TEventLog } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDateTime } from '../../../lib/format';
import { useOverflows } from '../../../lib/use-overflows';
import { actionLabel, recordText, targetTypeLabel } from '../event-log-format';

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

/** An action's label with its code under it, small; a code without a label is shown once, as it is. */
function ActionCell({ t, action }: { t: TFunction; action: string }) {
  const label = actionLabel(t, action);
  const known = label !== action;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', minWidth: 0 }}>
      {known ? <span>{label}</span> : null}
      <Box
        component="span"
        sx={[
          { fontFamily: 'monospace', overflowWrap: 'anywhere' },
          known && { fontSize: 12, fontWeight: 'normal', color: 'text.secondary' },
        ]}
      >
        <Bidi dir="ltr">{action}</Bidi>
      </Box>
    </Box>
  );
}

const rawTarget = (r: TEventLog) => (r.target_type ? `${r.target_type} #${r.target_id}` : '');

const columns = (t: TFunction): DataTableColumn<TEventLog>[] => [
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
    sortValue: (r) => actionLabel(t, r.action),
    csv: (r) => r.action,
    cellSx: { whiteSpace: 'nowrap' },
    cell: (r) => <ActionCell t={t} action={r.action} />,
  },
  {
    key: 'target',
    label: 'eventLogs.columns.target',
    sortValue: (r) => recordText(t, r),
    csv: rawTarget,
    cellSx: { whiteSpace: 'nowrap' },
    // The type follows the page's direction, "#4" stays left to right after it.
    cell: (r) =>
      r.target_type ? (
        <span title={rawTarget(r)}>
          <Bidi>{targetTypeLabel(t, r.target_type)}</Bidi>
          {r.target_id ? (
            <>
              {' '}
              <Bidi dir="ltr">#{r.target_id}</Bidi>
            </>
          ) : null}
        </span>
      ) : null,
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
  const { t, i18n } = useTranslation();
  // Rebuilt on a change of language: the labels are the columns' sort values.
  const translated = useMemo(() => columns(t), [t, i18n.language]);
  // The page shows its own loading, error and empty states.
  if (rows.length === 0) return null;
  return (
    <DataTable
      rows={rows}
      columns={translated}
      rowKey={(r) => r.id}
      label={t('eventLogs.title')}
      emptyText={t('eventLogs.empty')}
      stickyTop={stickyTop}
    />
  );
}
