import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import BeachAccessOutlined from '@mui/icons-material/BeachAccessOutlined';
import ConfirmationNumberOutlined from '@mui/icons-material/ConfirmationNumberOutlined';
import DocumentScannerOutlined from '@mui/icons-material/DocumentScannerOutlined';
import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import PersonOutlineRounded from '@mui/icons-material/PersonOutlineRounded';
import { canAdministerAccounts, canManageReports, canUseKpiPages, isStaff } from '@portal/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { selectCurrentUser } from '../../auth';
import { InterpretersBoard } from '../../interpreters';
import { LeaveHomeCards } from '../../leaves';
import { MyClosedTickets, MyTickets } from '../../tickets';

interface Shortcut {
  to: string;
  titleKey: ParseKeys;
  bodyKey: ParseKeys;
  icon: SvgIconComponent;
}

/** Home: a greeting, my active tickets (staff) and the shortcuts this user may use. */
export function HomePage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (!user) return null;
  const shortcuts: Shortcut[] = [
    { to: '/ticket/create', titleKey: 'home.tickets', bodyKey: 'home.ticketsBody', icon: ConfirmationNumberOutlined },
    { to: '/user/leaves/create-leave', titleKey: 'home.leaves', bodyKey: 'home.leavesBody', icon: BeachAccessOutlined },
    { to: '/user', titleKey: 'home.profile', bodyKey: 'home.profileBody', icon: PersonOutlineRounded },
    { to: '/ocr', titleKey: 'home.ocr', bodyKey: 'home.ocrBody', icon: DocumentScannerOutlined },
  ];
  if (canUseKpiPages(user)) {
    shortcuts.push({ to: '/kpi', titleKey: 'home.kpi', bodyKey: 'home.kpiBody', icon: InsightsOutlined });
  }
  if (canManageReports(user)) {
    shortcuts.push({
      to: '/user/reports',
      titleKey: 'home.reports',
      bodyKey: 'home.reportsBody',
      icon: AssessmentOutlined,
    });
  }
  if (canAdministerAccounts(user)) {
    shortcuts.push({
      to: '/admin',
      titleKey: 'home.admin',
      bodyKey: 'home.adminBody',
      icon: AdminPanelSettingsOutlined,
    });
  }
  return (
    <PageContainer>
      <PageHeader title={t('home.greeting', { name: user.first_name || user.username })} subtitle={t('home.intro')} />
      {isStaff(user) ? <MyTickets /> : null}
      <LeaveHomeCards />
      <InterpretersBoard />
      <Typography variant="h2" component="h2" sx={{ fontSize: '1.1rem', mb: 2 }}>
        {t('home.shortcuts')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' } }}
      >
        {shortcuts.map(({ to, titleKey, bodyKey, icon: Icon }) => (
          <Card
            key={to}
            sx={{ transition: 'border-color .15s, transform .15s', '&:hover': { borderColor: 'primary.main' } }}
          >
            <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', p: 2.5 }}>
                <Box
                  sx={(theme) => ({
                    display: 'grid',
                    placeItems: 'center',
                    width: 44,
                    height: 44,
                    borderRadius: 2.5,
                    flexShrink: 0,
                    color: 'primary.main',
                    bgcolor: theme.alpha(theme.palette.primary.main, 0.1),
                  })}
                >
                  <Icon aria-hidden="true" />
                </Box>
                <Box>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {t(titleKey)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                    {t(bodyKey)}
                  </Typography>
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      {isStaff(user) ? (
        <Box sx={{ mt: 4 }}>
          <MyClosedTickets />
        </Box>
      ) : null}
    </PageContainer>
  );
}
