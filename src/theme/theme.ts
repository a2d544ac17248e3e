import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import {
  BREAKPOINTS,
  DRAWER_COLLAPSED_WIDTH,
  DRAWER_WIDTH,
  GOLD,
  SECONDARY,
  SHELL_BACKGROUNDS,
} from './tokens';

export {
  BREAKPOINTS,
  DRAWER_COLLAPSED_WIDTH,
  DRAWER_WIDTH,
  GOLD,
  MOBILE_BREAKPOINT,
  SHELL_BACKGROUNDS,
} from './tokens';

/**
 * The light theme (SPEC §9: light, gold-tone primary): react-admin's default light theme with only
 * what differs overridden. The shell reads the three extra backgrounds.
 */
export const lightTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: GOLD,
    secondary: SECONDARY,
    // MUI's red is a hair short of 4.5:1 on a focused filled input; field errors must stay readable.
    error: { main: '#c62828' },
    background: { default: '#faf8f3', paper: '#ffffff' },
    ...SHELL_BACKGROUNDS,
  },
  breakpoints: { values: BREAKPOINTS },
  sidebar: { width: DRAWER_WIDTH, closedWidth: DRAWER_COLLAPSED_WIDTH },
  shape: { borderRadius: 8 },
};
