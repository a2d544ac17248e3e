import type { SxProps, Theme } from '@mui/material';

/** Dialog buttons side by side, or full-width and stacked (main action on top) on a phone. */
export const stackedOnPhones: SxProps<Theme> = {
  px: 3,
  pb: 2.5,
  gap: 1,
  flexDirection: { xs: 'column-reverse', sm: 'row' },
  alignItems: { xs: 'stretch', sm: 'center' },
};
