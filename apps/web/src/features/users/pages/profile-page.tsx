import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { StatusPage } from '../../../components/status-page';
import { TeacupLoader } from '../../../components/teacup-loader';
import { useGetProfileQuery } from '../api/users-api';
import { ProfileCard } from '../components/profile-card';

/** /profile/{userName}: a colleague's card, or a not-found page for an unknown name. */
export function ProfilePage() {
  const { t } = useTranslation();
  const userName = useParams().userName ?? '';
  const { data, error, isLoading, refetch } = useGetProfileQuery(userName);

  if (isLoading) return <TeacupLoader />;
  if (error || !data) {
    const notFound = !!error && 'status' in error && error.status === 404;
    return (
      <StatusPage
        code={notFound ? '404' : undefined}
        title={notFound ? t('profile.notFoundTitle') : t('profile.loadFailed')}
        body={notFound ? t('profile.notFoundBody', { userName }) : t('errors.unexpectedBody')}
        actions={
          <>
            {notFound ? null : (
              <Button variant="contained" onClick={() => void refetch()}>
                {t('errors.retry')}
              </Button>
            )}
            <Button component={Link} to="/" variant={notFound ? 'contained' : 'outlined'}>
              {t('errors.goHome')}
            </Button>
          </>
        }
      />
    );
  }
  return (
    <PageContainer maxWidth="sm">
      <PageHeader title={t('profile.title')} />
      <Box>
        <ProfileCard profile={data} />
      </Box>
    </PageContainer>
  );
}
