import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { TShareCall } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { BidiTrans } from '../../../components/bidi';
import { personName } from '../../../lib/format';

/**
 * The target's indicator, on top of every page while a call lasts: who is watching,
 * and Stop. With consent given at hiring it is also the notice (and, where the browser
 * wants a click before sharing, the button that starts it).
 */
export function WatchedBanner({
  calls,
  needsGesture,
  onStart,
  onStop,
}: {
  calls: TShareCall[];
  needsGesture: number | null;
  onStart(): void;
  onStop(call: TShareCall): void;
}) {
  const { t } = useTranslation();
  return (
    <Box
      role="region"
      aria-label={t('share.indicator.label')}
      sx={(theme) => ({
        position: 'fixed',
        insetInline: 0,
        bottom: 0,
        zIndex: theme.zIndex.snackbar + 1,
        p: 1,
        display: 'flex',
        justifyContent: 'center',
        pointerEvents: 'none',
      })}
    >
      <Stack spacing={1} sx={{ pointerEvents: 'auto', maxWidth: 640, width: '100%' }}>
        {calls.map((call) => (
          <Alert
            key={call.id}
            severity="warning"
            variant="filled"
            role="status"
            data-testid="share-indicator"
            action={
              <Stack direction="row" spacing={1}>
                {needsGesture === call.id ? (
                  <Button color="inherit" size="small" variant="outlined" onClick={onStart}>
                    {t('share.indicator.start')}
                  </Button>
                ) : null}
                <Button color="inherit" size="small" variant="outlined" onClick={() => onStop(call)}>
                  {t('share.indicator.stop')}
                </Button>
              </Stack>
            }
          >
            <BidiTrans
              i18nKey={call.consent === 'notice' ? 'share.indicator.notice' : 'share.indicator.text'}
              values={{ name: personName(call.viewer) }}
            />
          </Alert>
        ))}
      </Stack>
    </Box>
  );
}
