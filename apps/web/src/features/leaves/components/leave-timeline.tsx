import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TLeaveTimelineEntry } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatDateTime } from '../../../lib/format';
import { personName } from '../leave-format';

/** Every step of a request, oldest first: what happened, who, when, and what they said. */
export function LeaveTimeline({ entries }: { entries: readonly TLeaveTimelineEntry[] }) {
  const { t } = useTranslation();
  return (
    <Box component="ol" data-testid="leave-timeline" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 2 }}>
      {entries.map((entry) => (
        <Box component="li" key={entry.id} sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}>
          <Typography sx={{ fontWeight: 600 }}>{t(`leaves.events.${entry.event}`)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {entry.actor ? (
              <>
                <Bidi>{personName(entry.actor)}</Bidi>
                {' · '}
              </>
            ) : null}
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          </Typography>
          {entry.comment ? (
            <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Bidi>{entry.comment}</Bidi>
            </Typography>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}
