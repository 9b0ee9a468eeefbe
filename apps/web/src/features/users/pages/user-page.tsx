import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { canAdministerAccounts } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { PasskeysSection, selectCurrentUser } from '../../auth';
import { MyActivityCard } from '../../it';
import { MyScorecardCard } from '../../kpi';
import { ChangePasswordForm } from '../components/change-password-form';
import { CreateAccountForm } from '../components/create-account-form';
import { OwnProfileForm } from '../components/own-profile-form';
import { ProfileCard } from '../components/profile-card';
import { SignInSecurity } from '../components/sign-in-security';

/** /user: own profile, own password, and (ADMIN) a create-account form. */
export function UserPage() {
  const { t } = useTranslation();
  const user = useSelector(selectCurrentUser);
  if (!user) return null; // the login guard guarantees a user
  return (
    <PageContainer>
      <PageHeader title={t('account.myProfile')} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '340px 1fr' }, alignItems: 'start' }}>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <ProfileCard profile={user} />
          <MyScorecardCard username={user.username} />
          <MyActivityCard username={user.username} />
        </Stack>
        <Stack spacing={3} sx={{ minWidth: 0 }}>
          <SectionCard title={t('account.personalDetails')}>
            <OwnProfileForm user={user} />
          </SectionCard>
          <SectionCard title={t('account.changePassword')} hint={t('account.changePasswordHint')}>
            <ChangePasswordForm username={user.username} />
          </SectionCard>
          <SectionCard title={t('mfa.security.title')} hint={t('mfa.security.hint')}>
            <Stack spacing={3}>
              <SignInSecurity username={user.username} />
              <PasskeysSection />
            </Stack>
          </SectionCard>
          {canAdministerAccounts(user) ? (
            <SectionCard title={t('account.createAccount')} hint={t('account.createAccountHint')}>
              <CreateAccountForm />
            </SectionCard>
          ) : null}
        </Stack>
      </Box>
    </PageContainer>
  );
}
