import Container from '@mui/material/Container';
import type { ReactNode } from 'react';

/** The content column every page uses, so margins match across pages. */
export function PageContainer({
  children,
  maxWidth = 'lg',
}: {
  children: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 3, md: 4 }, px: { xs: 2, sm: 3 } }}>
      {children}
    </Container>
  );
}
