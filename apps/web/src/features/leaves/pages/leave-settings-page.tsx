import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LeavePageLayout } from '../components/leaves-nav';
import { HolidaysSection } from '../components/settings-holidays';
import { LeaveTypesSection } from '../components/settings-leave-types';
import { WorkingWeekSection } from '../components/settings-working-week';

/** HR and ADMIN: leave types, public holidays and the working week. */
export function LeaveSettingsPage() {
  const { t } = useTranslation();
  return (
    <LeavePageLayout title={t('leaveSettings.title')} subtitle={t('leaveSettings.subtitle')}>
      <Stack spacing={3}>
        <LeaveTypesSection />
        <HolidaysSection />
        <WorkingWeekSection />
      </Stack>
    </LeavePageLayout>
  );
}
