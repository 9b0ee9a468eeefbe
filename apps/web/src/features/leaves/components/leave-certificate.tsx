import Box from '@mui/material/Box';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import type { TLeaveRequest } from '@portal/contracts';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Bidi } from '../../../components/bidi';
import { departmentName } from '../../../components/department-name';
import { LogoMark } from '../../../components/logo';
import { formatCalendarDate, formatDate, formatDateTime } from '../../../lib/format';
import { formatDays, personName } from '../leave-format';
import { LeaveTypeName } from './leave-type-name';

const CERTIFICATE_CLASS = 'leave-certificate';

/** The step that made the leave final: HR's confirmation when there was one, else the approval. */
export function finalApproval(leave: TLeaveRequest) {
  return [...leave.timeline].reverse().find((entry) => entry.event === 'hr_confirmed' || entry.event === 'approved');
}

/*
 * Printing: the certificate is a child of <body> of its own (a portal), so print hides every
 * other child of <body> outright (display: none; hiding them with visibility kept the app's
 * height and printed a blank or grey second page), on one A4 sheet with its own margins.
 */
const PRINT_STYLES = {
  '@page': { size: 'A4', margin: '18mm 16mm' },
  '@media print': {
    'html, body': {
      background: '#fff !important',
      height: 'auto !important',
      minHeight: '0 !important',
      overflow: 'visible !important',
    },
    [`body > :not(.${CERTIFICATE_CLASS})`]: { display: 'none !important' },
    [`.${CERTIFICATE_CLASS}`]: { display: 'block !important' },
  },
};

const ink = { color: '#000' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '12em 1fr', gap: 2, py: 0.75, borderBottom: '1px solid #bbb' }}>
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
 * (`window.print()`), on one page in black on white whatever the colour mode: the portal's
 * letterhead, the leave's particulars (each name, username and department isolated in its
 * own direction, so an Arabic page never turns "Hala Rashed (hr, HR)" about), and a signature
 * line with the approver's name, role and the date.
 */
export function LeaveCertificate({ leave }: { leave: TLeaveRequest }) {
  const { t, i18n } = useTranslation();
  const approval = finalApproval(leave);
  const approver = approval?.actor ?? null;
  const rtl = i18n.dir(i18n.language) === 'rtl';
  return createPortal(
    <>
      <GlobalStyles styles={PRINT_STYLES} />
      <Box
        className={CERTIFICATE_CLASS}
        data-testid="leave-certificate"
        dir={rtl ? 'rtl' : 'ltr'}
        lang={i18n.language}
        sx={{ display: 'none', ...ink, bgcolor: '#fff', fontSize: '11pt', lineHeight: 1.45 }}
      >
        {/* The letterhead (a plain box: a <header> here would be a second banner landmark). */}
        <Box
          data-testid="certificate-letterhead"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, pb: 1.5, mb: 3, borderBottom: '2px solid #1d5fb0' }}
        >
          <LogoMark variant="dark" size={48} />
          <Box>
            <Typography sx={{ fontWeight: 700, fontSize: '15pt', color: '#17212f' }}>{t('app.name')}</Typography>
            <Typography sx={{ fontSize: '9.5pt', color: '#333' }}>{t('leaves.certificate.department')}</Typography>
          </Box>
        </Box>
        <Typography component="h2" sx={{ fontSize: '19pt', fontWeight: 700, ...ink, mb: 1 }}>
          {t('leaves.certificate.title')}
        </Typography>
        <Typography sx={{ ...ink, mb: 2.5 }}>{t('leaves.certificate.intro')}</Typography>
        <Box component="dl" sx={{ m: 0 }}>
          <Row label={t('leaves.certificate.employee')}>
            <Bidi>{personName(leave.user)}</Bidi>
          </Row>
          <Row label={t('leaves.certificate.username')}>
            <Bidi dir="ltr">{leave.user.username}</Bidi>
          </Row>
          <Row label={t('leaves.certificate.employeeDepartment')}>
            <Bidi>{departmentName(t, leave.user.user_type)}</Bidi>
          </Row>
          <Row label={t('leaves.fields.type')}>
            <LeaveTypeName type={leave.leave_type} />
          </Row>
          <Row label={t('leaves.fields.start')}>{formatCalendarDate(leave.start_date, 'date')}</Row>
          <Row label={t('leaves.fields.end')}>{formatCalendarDate(leave.end_date, 'date')}</Row>
          <Row label={t('leaves.fields.days')}>
            {t('leaves.certificate.days', { count: leave.days, days: formatDays(leave.days) })}
          </Row>
          <Row label={t('leaves.certificate.approvedOn')}>{approval ? formatDateTime(approval.at) : '—'}</Row>
        </Box>
        <Box data-testid="certificate-signature" sx={{ mt: 6, width: '60%', minWidth: '16em', breakInside: 'avoid' }}>
          <Box sx={{ borderBottom: '1px solid #000', height: '3em' }} aria-hidden="true" />
          <Typography sx={{ ...ink, fontSize: '9.5pt', mb: 1 }}>{t('leaves.certificate.signature')}</Typography>
          <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5 }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {t('leaves.certificate.signName')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {approver ? <Bidi>{personName(approver)}</Bidi> : '—'}
            </Box>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {t('leaves.certificate.signRole')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {approver ? <Bidi>{departmentName(t, approver.user_type)}</Bidi> : '—'}
            </Box>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {t('leaves.certificate.signDate')}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {approval ? formatDate(approval.at) : '—'}
            </Box>
          </Box>
        </Box>
        <Typography sx={{ ...ink, mt: 4, fontSize: '8.5pt' }}>
          {t('leaves.certificate.reference', { id: leave.id })}
        </Typography>
      </Box>
    </>,
    document.body,
  );
}
