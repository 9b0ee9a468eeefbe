import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * Around a data table: on wide screens (the table, not the cards) it scrolls sideways inside
 * this named, focusable box when the window is narrower than its columns, never the page.
 */
export function WideScrollBox({ label, children }: { label: string; children: ReactNode }) {
  // Same breakpoint as the data table's switch from cards to a table.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  return (
    <Box
      {...(wide ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
      sx={{ overflowX: { xs: 'visible', md: 'auto' } }}
    >
      {children}
    </Box>
  );
}
