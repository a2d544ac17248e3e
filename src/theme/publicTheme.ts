import { createTheme } from '@mui/material/styles';
import { withMotionPreference } from './motion';
import { BREAKPOINTS, GOLD, SECONDARY, SHELL_BACKGROUNDS, STATUS_COLORS } from './tokens';

/**
 * The theme of the public signing pages (ARCHITECTURE rule 7): the same tokens as the app's theme,
 * built with MUI alone so these pages never load react-admin.
 */
export const publicTheme = createTheme(
  withMotionPreference({
    palette: {
      mode: 'light',
      primary: GOLD,
      secondary: SECONDARY,
      ...STATUS_COLORS,
      background: { default: SHELL_BACKGROUNDS.customBackground, paper: '#ffffff' },
      ...SHELL_BACKGROUNDS,
    },
    breakpoints: { values: BREAKPOINTS },
    shape: { borderRadius: 8 },
  }),
);
