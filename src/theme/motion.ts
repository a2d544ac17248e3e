import type { ThemeOptions } from '@mui/material/styles';

const NO_DURATION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

type ComponentOptions = Record<string, { defaultProps?: object } | undefined>;

/**
 * A theme for a visitor whose system asks for less motion (WCAG 2.3.3): dialogs, menus, the
 * drawer and collapses appear at once, and buttons show no ripple. MUI only, so the signer's
 * pages use it without react-admin.
 */
export function withoutMotion<Options extends ThemeOptions>(theme: Options): Options {
  const components = theme.components as ComponentOptions | undefined;
  const buttonBase = components?.MuiButtonBase;
  return {
    ...theme,
    transitions: { ...theme.transitions, duration: NO_DURATION, create: () => 'none' },
    components: {
      ...components,
      MuiButtonBase: { ...buttonBase, defaultProps: { ...buttonBase?.defaultProps, disableRipple: true } },
    },
  };
}

/** Whether the visitor's system asks for less motion (read once, when the theme is made). */
export const prefersReducedMotion = (): boolean =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** `theme` as it is, or without motion when the visitor's system asks for less. */
export const withMotionPreference = <Options extends ThemeOptions>(theme: Options): Options =>
  prefersReducedMotion() ? withoutMotion(theme) : theme;
