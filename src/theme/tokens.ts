/**
 * Design tokens shared by the react-admin theme and the public signing pages' theme. This module
 * imports nothing from react-admin, so the public pages can use it without pulling react-admin in.
 */

// Module augmentation needs `interface` (a `type` cannot merge with MUI's declarations).
declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
  /** Backgrounds the application shell picks by path and session (SPEC §2.3). */
  interface Palette {
    /** Signing view (/signature-request/…). */
    customBackground: string;
    /** Any other view, logged in. */
    appBackground: string;
    /** Any other view, as a guest. */
    appSecondary: string;
  }
  interface PaletteOptions {
    customBackground?: string;
    appBackground?: string;
    appSecondary?: string;
  }
}

/** SPEC §9 breakpoints; the mobile breakpoint is lg. */
export const BREAKPOINTS = { xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const;
export const MOBILE_BREAKPOINT = 'lg';

/** SPEC §9 drawer: 260 wide, a 64 wide rail when collapsed. */
export const DRAWER_WIDTH = 260;
export const DRAWER_COLLAPSED_WIDTH = 64;

/**
 * Gold tones. `main` and `dark` keep a contrast of at least 4.5:1 with white, so gold text on white
 * and white text on gold buttons both pass WCAG AA.
 */
export const GOLD = { light: '#c9a227', main: '#806010', dark: '#5a4300', contrastText: '#ffffff' } as const;

export const SECONDARY = {
  light: '#5f6f7a',
  main: '#37474f',
  dark: '#1c2a31',
  contrastText: '#ffffff',
} as const;

/**
 * Status colours (chips, alerts, progress). MUI's own info and warning give white text 3.9:1 and
 * 3.1:1 («En proceso», «Vencida») and read 3.1:1 as outlined text («Invitación pendiente»); each
 * of these keeps WCAG AA's 4.5:1 filled (white text) and outlined (coloured text on white and on the
 * shell's backgrounds). `statusChipContrast.test.ts` checks every status chip of the app.
 */
export const STATUS_COLORS = {
  info: { main: '#0b6aa8', contrastText: '#ffffff' },
  success: { main: '#2e7d32', contrastText: '#ffffff' },
  warning: { main: '#a84300', contrastText: '#ffffff' },
  // MUI's red is a hair short of 4.5:1 on a focused filled input; field errors must stay readable.
  error: { main: '#c62828', contrastText: '#ffffff' },
} as const;

/** Shell backgrounds (SPEC §2.3); the shell falls back to white when one is missing. */
export const SHELL_BACKGROUNDS = {
  customBackground: '#ffffff',
  appBackground: '#f7f3ea',
  appSecondary: '#fdfbf7',
} as const;

export type ShellBackground = keyof typeof SHELL_BACKGROUNDS;

export const FALLBACK_BACKGROUND = '#ffffff';
