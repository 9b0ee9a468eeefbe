import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TShareSnapshot } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { useBlobUrl } from '../../../lib/api/use-blob-url';
import { formatDateTime } from '../../../lib/format';
import { selectToken } from '../../auth';
import { snapshotUrl } from '../api/share-api';

/** One snapshot of a call as a thumbnail that opens full size. */
export function SnapshotThumb({ callId, snapshot }: { callId: number; snapshot: TShareSnapshot }) {
  const { t } = useTranslation();
  const token = useSelector(selectToken);
  const image = useBlobUrl(snapshotUrl(callId, snapshot.id), token);
  const taken = formatDateTime(snapshot.taken_at, { seconds: true });
  return (
    <Box component="figure" sx={{ m: 0, display: 'grid', gap: 0.5 }}>
      {image.failed ? (
        <Alert severity="warning">{t('share.end.snapshotFailed')}</Alert>
      ) : image.src ? (
        <Box
          component="a"
          href={image.src}
          target="_blank"
          rel="noopener"
          sx={{ display: 'block', borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider' }}
        >
          <Box
            component="img"
            src={image.src}
            alt={t('share.end.snapshotAlt', { time: taken })}
            sx={{ display: 'block', width: '100%', aspectRatio: '16 / 10', objectFit: 'cover' }}
          />
        </Box>
      ) : (
        <Skeleton variant="rounded" sx={{ width: '100%', aspectRatio: '16 / 10', height: 'auto' }} />
      )}
      <Typography component="figcaption" variant="caption" color="text.secondary">
        {taken}
      </Typography>
    </Box>
  );
}
