import { createTheme, type Direction } from '@mui/material/styles';

/** Header height of spec §9; content starts below it. */
export const HEADER_HEIGHT = 80;

// System fonts only: no font download, and each platform's best Arabic face is used.
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Noto Sans"',
  '"Noto Sans Arabic"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * One theme, both colour schemes as CSS variables: switching light/dark swaps variables
 * instead of re-rendering, and the stored choice applies before React mounts
 * (public/boot.js sets the same data-color-scheme attribute).
 */
export function createAppTheme(direction: Direction) {
  return createTheme({
    direction,
    cssVariables: { colorSchemeSelector: 'data-color-scheme' },
    colorSchemes: {
      light: {
        palette: {
          primary: { main: '#1d5fb0', dark: '#164a8a', light: '#4f86cc', contrastText: '#ffffff' },
          secondary: { main: '#0c7c70', contrastText: '#ffffff' },
          background: { default: '#f4f6fa', paper: '#ffffff' },
          text: { primary: '#17212f', secondary: '#4b5768' },
          divider: 'rgba(23, 33, 47, 0.12)',
        },
      },
      dark: {
        palette: {
          primary: { main: '#82b1f0', dark: '#5b8fd6', light: '#a9cbf7', contrastText: '#0b1420' },
          secondary: { main: '#5fd0c1', contrastText: '#0b1420' },
          // MUI's dark red (#f44336) under white text is 3.7:1, below AA for badge counts and
          // contained buttons; a lighter red with dark text is 7.7:1 and still reads as error.
          error: { main: '#f28b82', light: '#f6aea9', dark: '#e06055', contrastText: '#0b1420' },
          background: { default: '#0e131a', paper: '#161d27' },
          text: { primary: '#e8edf4', secondary: '#a7b2c2' },
          divider: 'rgba(232, 237, 244, 0.12)',
        },
      },
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily,
      h1: { fontSize: '2rem', fontWeight: 700, letterSpacing: '-0.01em' },
      h2: { fontSize: '1.5rem', fontWeight: 700 },
      h3: { fontSize: '1.25rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiPaper: { defaultProps: { elevation: 0 } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
    },
  });
}
