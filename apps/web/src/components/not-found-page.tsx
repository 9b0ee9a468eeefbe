import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from './page-container';
import { StatusPage } from './status-page';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <StatusPage
      code="404"
      title={t('errors.notFoundTitle')}
      body={t('errors.notFoundBody')}
      actions={
        <Button component={Link} to="/" variant="contained">
          {t('errors.goHome')}
        </Button>
      }
    />
  );
}

/**
 * A record the server answered 404 for: missing and not-yours look the same (never a
 * hint that it exists), with the way back to its list.
 */
export function RecordMissingPage({
  title,
  body,
  backTo,
  backLabel,
}: {
  title: string;
  body: string;
  backTo: string;
  backLabel: string;
}) {
  return (
    <PageContainer maxWidth="md">
      <StatusPage
        code="404"
        title={title}
        body={body}
        actions={
          <Button component={Link} to={backTo} variant="contained">
            {backLabel}
          </Button>
        }
      />
    </PageContainer>
  );
}
