import type { Theme } from '@mui/material/styles';

/**
 * Tone-on-tint chips with text colours chosen for WCAG AA contrast in both colour
 * schemes (MUI's stock info/warning chips fail it at small sizes). Every status chip
 * (tickets, leave, reports, OCR, shifts, calls) takes its colours from here.
 */
export type ChipTone = { light: [text: string, bg: string]; dark: [text: string, bg: string] };

export const CHIP_TONES = {
  blue: { light: ['#0b4f96', '#e3efff'], dark: ['#a9cdff', 'rgba(90, 150, 240, 0.18)'] },
  amber: { light: ['#7a4100', '#fff0d4'], dark: ['#ffd08a', 'rgba(255, 176, 60, 0.16)'] },
  green: { light: ['#17612b', '#def4e4'], dark: ['#98e3ad', 'rgba(80, 200, 120, 0.16)'] },
  grey: { light: ['#434e5e', '#eceff4'], dark: ['#c6cfdb', 'rgba(200, 210, 225, 0.12)'] },
  red: { light: ['#ffffff', '#b3261e'], dark: ['#ffb8b0', 'rgba(255, 90, 80, 0.2)'] },
} satisfies Record<string, ChipTone>;

/** A chip's `sx` in the tone, switching with the colour scheme. */
export const tonedChip = (tone: ChipTone) => (theme: Theme) => ({
  color: tone.light[0],
  bgcolor: tone.light[1],
  fontWeight: 600,
  ...theme.applyStyles('dark', { color: tone.dark[0], bgcolor: tone.dark[1] }),
});
