import Box from '@mui/material/Box';
import { Outlet } from 'react-router';

/** Spec §2: report/{reportId} renders in its own wrapper, without the header (for printing). */
export function BareLayout() {
  return (
    <Box component="main" id="main-content" sx={{ minHeight: '100dvh' }}>
      <Outlet />
    </Box>
  );
}
