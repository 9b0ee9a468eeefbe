import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TEventLog } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const detailsText = (d: Record<string, unknown>) => (Object.keys(d).length ? JSON.stringify(d) : '');

export function EventLogTable({ rows }: { rows: TEventLog[] }) {
  const { t, i18n } = useTranslation();
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('eventLogs.title')}>
        <TableHead>
          <TableRow>
            {(['at', 'actor', 'action', 'target', 'address', 'details'] as const).map((c) => (
              <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                {t(`eventLogs.columns.${c}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={r.at}>{time.format(new Date(r.at))}</time>
              </TableCell>
              <TableCell>
                {r.actor_username || (
                  <Typography component="span" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{r.action}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {r.target_type ? `${r.target_type} #${r.target_id}` : ''}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }} title={r.user_agent}>
                {r.ip}
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace', fontSize: 12, maxWidth: 420, wordBreak: 'break-word' }}>
                {detailsText(r.details)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
