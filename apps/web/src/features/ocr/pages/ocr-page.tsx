import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SectionCard } from '../../../components/section-card';
import { OcrJobsTable } from '../components/ocr-jobs-table';
import { OcrSearch } from '../components/ocr-search';
import { OcrUploadForm } from '../components/ocr-upload-form';

/** `ocr`: upload documents, search every result, and follow the jobs as they run. */
export function OcrPage() {
  const { t } = useTranslation();
  return (
    <PageContainer maxWidth="xl">
      <PageHeader title={t('pages.ocr')} subtitle={t('ocr.intro')} />
      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
          mb: 3,
        }}
      >
        <OcrUploadForm />
        <SectionCard title={t('ocr.search.title')}>
          <OcrSearch />
        </SectionCard>
      </Box>
      <SectionCard title={t('ocr.list.title')}>
        <OcrJobsTable />
      </SectionCard>
    </PageContainer>
  );
}
