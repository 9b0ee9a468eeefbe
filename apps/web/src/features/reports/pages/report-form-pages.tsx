import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../../components/not-found-page';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useReportQuery } from '../api/reports-api';
import { ReportForm } from '../components/report-form';
import { REPORT_PATHS } from '../report-format';

const isId = (raw: string | null | undefined) => !!raw && /^[1-9][0-9]{0,9}$/.test(raw);

/** `user/reports/create-report` (`?supersedes={id}`: a new report replacing a submitted one, prefilled). */
export function CreateReportPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const replacing = params.get('supersedes');
  const replaced = useReportQuery(Number(replacing), { skip: !isId(replacing) });
  return (
    <PageContainer maxWidth="md">
      <PageHeader
        title={t('pages.createReport')}
        subtitle={replaced.data ? t('reports.form.supersedesIntro', { id: replaced.data.id }) : t('reports.form.intro')}
      />
      {isId(replacing) && !replaced.data ? (
        replaced.isError ? (
          <Alert severity="error">{t('reports.form.loadFailed')}</Alert>
        ) : (
          <Skeleton variant="rounded" height={420} />
        )
      ) : (
        <ReportForm key={replaced.data?.id ?? 'new'} supersedes={replaced.data} />
      )}
    </PageContainer>
  );
}

/** `user/reports/edit/{reportId}`: a draft's form; a submitted report is final and may only be superseded. */
export function EditReportPage() {
  const { t } = useTranslation();
  const { reportId } = useParams();
  const id = Number(reportId);
  const { data: report, error, isLoading } = useReportQuery(id, { skip: !isId(reportId) });
  if (!isId(reportId) || (error && 'status' in error && error.status === 404)) return <NotFoundPage />;
  return (
    <PageContainer maxWidth="md">
      <PageHeader title={t('pages.editReport', { reportId: id })} />
      {isLoading || !report ? (
        error ? (
          <Alert severity="error">{t('reports.form.loadFailed')}</Alert>
        ) : (
          <Skeleton variant="rounded" height={420} />
        )
      ) : report.can_edit ? (
        <ReportForm key={report.id} draft={report} />
      ) : (
        <Alert
          severity="info"
          action={
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
              <Button component={Link} to={REPORT_PATHS.print(report.id)} color="inherit" size="small">
                {t('reports.actions.open')}
              </Button>
              {report.status === 'submitted' ? (
                <Button
                  component={Link}
                  to={`${REPORT_PATHS.create}?supersedes=${report.id}`}
                  color="inherit"
                  size="small"
                >
                  {t('reports.actions.supersede')}
                </Button>
              ) : null}
            </Box>
          }
        >
          {t('reports.form.final')}
        </Alert>
      )}
    </PageContainer>
  );
}
