import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { TLeaveRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { formatCalendarDate, formatDateTime } from '../../../lib/format';
import { formatDays, personName } from '../leave-format';
import { LeaveTypeName } from './leave-type-name';

const CERTIFICATE_CLASS = 'leave-certificate';

/** The step that made the leave final: HR's confirmation when there was one, else the approval. */
export function finalApproval(leave: TLeaveRequest) {
  return [...leave.timeline].reverse().find((entry) => entry.event === 'hr_confirmed' || entry.event === 'approved');
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '14em 1fr', gap: 2, py: 1, borderBottom: '1px solid #bbb' }}>
      <Box component="dt" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The leave certificate of an approved request: hidden on screen, the only thing printed
 * (`window.print()`), in black on white whatever the colour mode.
 */
export function LeaveCertificate({ leave }: { leave: TLeaveRequest }) {
  const { t } = useTranslation();
  const approval = finalApproval(leave);
  return (
    <>
      <GlobalStyles
        styles={{
          '@media print': {
            'body *': { visibility: 'hidden' },
            [`.${CERTIFICATE_CLASS}, .${CERTIFICATE_CLASS} *`]: { visibility: 'visible' },
            [`.${CERTIFICATE_CLASS}`]: {
              display: 'block !important',
              position: 'absolute',
              insetInlineStart: 0,
              top: 0,
              width: '100%',
            },
            body: { background: '#fff !important' },
          },
        }}
      />
      <Box
        className={CERTIFICATE_CLASS}
        data-testid="leave-certificate"
        sx={{ display: 'none', color: '#000', bgcolor: '#fff', p: 4, fontSize: '12pt' }}
      >
        <Typography component="h2" sx={{ fontSize: '20pt', fontWeight: 700, color: '#000', mb: 1 }}>
          {t('leaves.certificate.title')}
        </Typography>
        <Typography sx={{ color: '#000', mb: 3 }}>{t('leaves.certificate.intro')}</Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('leaves.certificate.employee')}>
            <Bidi>{personName(leave.user)}</Bidi> (<Bidi>{leave.user.username}</Bidi>,{' '}
            <Bidi>{leave.user.user_type}</Bidi>)
          </Row>
          <Row label={t('leaves.fields.type')}>
            <LeaveTypeName type={leave.leave_type} />
          </Row>
          <Row label={t('leaves.fields.start')}>{formatCalendarDate(leave.start_date, 'date')}</Row>
          <Row label={t('leaves.fields.end')}>{formatCalendarDate(leave.end_date, 'date')}</Row>
          <Row label={t('leaves.fields.days')}>
            {t('leaves.certificate.days', { count: leave.days, days: formatDays(leave.days) })}
          </Row>
          <Row label={t('leaves.certificate.approvedBy')}>
            {approval?.actor ? <Bidi>{personName(approval.actor)}</Bidi> : '—'}
          </Row>
          <Row label={t('leaves.certificate.approvedOn')}>{approval ? formatDateTime(approval.at) : '—'}</Row>
        </Box>
        <Typography sx={{ color: '#000', mt: 4, fontSize: '9pt' }}>
          {t('leaves.certificate.reference', { id: leave.id })}
        </Typography>
      </Box>
    </>
  );
}
