import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A named list of small cards in as many columns as fit (one on phones). */
export function CardGrid({ label, mb = 0, children }: { label: string; mb?: number; children: ReactNode }) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        mb,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))',
      }}
    >
      {children}
    </Box>
  );
}
