import { esES } from '@mui/material/locale';
import { defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { withMotionPreference } from './motion';
import {
  BREAKPOINTS,
  DRAWER_COLLAPSED_WIDTH,
  DRAWER_WIDTH,
  GOLD,
  SECONDARY,
  SHELL_BACKGROUNDS,
  STATUS_COLORS,
} from './tokens';

export {
  BREAKPOINTS,
  DRAWER_COLLAPSED_WIDTH,
  DRAWER_WIDTH,
  GOLD,
  MOBILE_BREAKPOINT,
  SHELL_BACKGROUNDS,
} from './tokens';

type ComponentOptions = Record<string, { defaultProps?: object; styleOverrides?: object } | undefined>;

/**
 * react-admin's component overrides plus MUI's Spanish texts (pagination "Ir a la página
 * siguiente", Autocomplete "Abrir"…): both may configure one component, so their props merge.
 */
function withSpanishTexts(components: RaThemeOptions['components']): RaThemeOptions['components'] {
  const merged: ComponentOptions = { ...(components as ComponentOptions) };
  for (const [name, spanish] of Object.entries(esES.components as ComponentOptions)) {
    const base = merged[name];
    merged[name] = {
      ...base,
      defaultProps: { ...base?.defaultProps, ...spanish?.defaultProps },
    };
  }
  // MUI's esES names the open button "Abierto" (a state); the button opens the list.
  const autocomplete = merged.MuiAutocomplete;
  merged.MuiAutocomplete = {
    ...autocomplete,
    defaultProps: { ...autocomplete?.defaultProps, openText: 'Abrir' },
  };
  return merged as RaThemeOptions['components'];
}

/** react-admin's defaults with MUI's own texts in Spanish. */
export const SPANISH_COMPONENTS = withSpanishTexts(defaultLightTheme.components);

/**
 * The light theme (SPEC §9: light, gold-tone primary): react-admin's default light theme with only
 * what differs overridden. The shell reads the three extra backgrounds.
 */
const motionTheme: RaThemeOptions = {
  ...defaultLightTheme,
  palette: {
    ...defaultLightTheme.palette,
    mode: 'light',
    primary: GOLD,
    secondary: SECONDARY,
    ...STATUS_COLORS,
    background: { default: '#faf8f3', paper: '#ffffff' },
    ...SHELL_BACKGROUNDS,
  },
  breakpoints: { values: BREAKPOINTS },
  sidebar: { width: DRAWER_WIDTH, closedWidth: DRAWER_COLLAPSED_WIDTH },
  shape: { borderRadius: 8 },
  components: SPANISH_COMPONENTS,
};

/** The app's theme: without motion when the visitor's system asks for less. */
export const lightTheme: RaThemeOptions = withMotionPreference(motionTheme);
