import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { canManageItAgents, canRunAgent } from '@portal/contracts';
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

/** What the monitoring agent sends, in the order of the IT pages (apps/agent's probes). */
const COLLECTED = ['apps', 'state', 'device', 'network'] as const;

/**
 * "My activity" on /user: today's active, idle and locked time and the three apps used
 * most, from the signed-in user's own agent. When none reports: what the agent would
 * collect and what it never does, then whom to ask (staff) or the enrolment steps (IT
 * and ADMIN, who install it) — a command line is no instruction for most staff.
 */
export function MyActivityCard({ username }: { username: string }) {
  const { t } = useTranslation();
  const me = useSelector(selectCurrentUser);
  const mayEnroll = canRunAgent(me);
  const installs = canManageItAgents(me);
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
          <Typography color="text.secondary">{t('it.myActivity.none')}</Typography>
          <Typography component="h3" variant="body2" sx={{ mt: 2, fontWeight: 600 }}>
            {t('it.myActivity.collectsTitle')}
          </Typography>
          <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 2.5, '& li': { typography: 'body2', mb: 0.5 } }}>
            {COLLECTED.map((item) => (
              <li key={item}>{t(`it.myActivity.collects.${item}`)}</li>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary">
            {t('it.myActivity.never')}
          </Typography>
          {installs ? (
            <>
              <Typography component="h3" variant="body2" sx={{ mt: 2, fontWeight: 600 }}>
                {t('it.myActivity.enrolTitle')}
              </Typography>
              <Box component="ol" sx={{ mt: 0.5, mb: 0, pl: 2.5, '& li': { typography: 'body2', mb: 1 } }}>
                <li>
                  {t('it.myActivity.enrolStep1')}
                  <Box
                    component="pre"
                    dir="ltr"
                    data-testid="enroll-command"
                    sx={{
                      mt: 1,
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
                </li>
                <li>{t('it.myActivity.enrolStep2')}</li>
                <li>{t('it.myActivity.enrolStep3')}</li>
              </Box>
              <Button component={Link} to="/it?tab=agents" sx={{ mt: 1 }}>
                {t('it.myActivity.openAgents')}
              </Button>
            </>
          ) : (
            <>
              <Typography variant="body2" sx={{ mt: 1.5 }}>
                {t('it.myActivity.askIt')}
              </Typography>
              <Button component={Link} to="/ticket/create" sx={{ mt: 1 }}>
                {t('it.myActivity.askItButton')}
              </Button>
            </>
          )}
        </>
      )}
    </SectionCard>
  );
}
