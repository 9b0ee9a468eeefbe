import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { canRunAgent } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Bidi } from '../../../components/bidi';
import { SectionCard } from '../../../components/section-card';
import { selectCurrentUser } from '../../auth';
import { useItDayQuery } from '../api/it-api';
import { formatSeconds } from './day/day-format';
import { Fact, Facts } from './day/day-facts';
import { TopList } from './day/top-list';

/**
 * "My activity" on /user: today's active, idle and locked time and the three apps used
 * most, from the signed-in user's own agent; how to enroll one when none reports.
 */
export function MyActivityCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const mayEnroll = canRunAgent(useSelector(selectCurrentUser));
  const { data, isError } = useItDayQuery({ username });
  // Nothing to say while it loads or when it cannot be read (the rest of /user still works).
  if (!data || isError) return null;
  const reported = data.timeline.some((s) => s.kind !== 'offline') || data.daily_logs.length > 0;
  // Guests may run no agent: no card to invite them to.
  if (!reported && !mayEnroll) return null;
  return (
    <SectionCard title={t('it.myActivity.title')}>
      {reported ? (
        <>
          <Facts min={90}>
            <Fact label={t('it.day.active')} testId="my-active">
              {formatSeconds(data.active_seconds)}
            </Fact>
            <Fact label={t('it.day.idle')} testId="my-idle">
              {formatSeconds(data.idle_seconds)}
            </Fact>
            <Fact label={t('it.day.locked')} testId="my-locked">
              {formatSeconds(data.locked_seconds)}
            </Fact>
          </Facts>
          <Typography component="h3" variant="body2" color="text.secondary" sx={{ mt: 2, mb: 1 }}>
            {t('it.myActivity.topApps')}
          </Typography>
          <TopList items={data.top_apps} label={t('it.myActivity.topApps')} empty={t('it.day.noApps')} limit={3} />
          <Button component={Link} to={`/it/${encodeURIComponent(username)}`} sx={{ mt: 1.5 }}>
            {t('it.myActivity.open')}
          </Button>
        </>
      ) : (
        <>
          <Typography color="text.secondary">{t('it.myActivity.empty')}</Typography>
          <Box
            component="pre"
            dir="ltr"
            data-testid="enroll-command"
            sx={{
              mt: 1.5,
              mb: 0,
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
              fontSize: 13,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
          >
            <Bidi dir="ltr">{`npm run agent -- enroll --server ${window.location.origin} --username ${username}`}</Bidi>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('it.myActivity.emptyHint')}
          </Typography>
        </>
      )}
    </SectionCard>
  );
}
