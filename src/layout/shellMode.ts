import { FALLBACK_BACKGROUND, type ShellBackground } from '../theme/tokens';

/** The frame around a screen, decided by its path and the session (SPEC §2.3). */
export type ShellMode = {
  kind: 'session' | 'signing' | 'app';
  appBar: boolean;
  drawer: boolean;
  footer: boolean;
  /** The theme colour behind the screen; `null` for the login window, which draws its own. */
  background: ShellBackground | null;
};

/**
 * SPEC §2.3:
 * - a path containing `/session` (the login window): login-style background, no footer;
 * - a path containing `/signature-request` (signing): no drawer, no top bar, no footer, the theme's
 *   customBackground;
 * - any other path (`/home` included: it is detected, with no effect): a top bar, the view and a
 *   footer; the drawer only for a logged-in user; appBackground logged in, appSecondary as a guest.
 */
export function shellOf(pathname: string, loggedIn: boolean): ShellMode {
  if (pathname.includes('/session')) {
    return { kind: 'session', appBar: false, drawer: false, footer: false, background: null };
  }
  if (pathname.includes('/signature-request')) {
    return { kind: 'signing', appBar: false, drawer: false, footer: false, background: 'customBackground' };
  }
  return {
    kind: 'app',
    appBar: true,
    drawer: loggedIn,
    footer: true,
    background: loggedIn ? 'appBackground' : 'appSecondary',
  };
}

/** The colour of a shell background in a palette, white when the theme does not define it. */
export function shellBackgroundColor(
  palette: Partial<Record<ShellBackground, string | undefined>>,
  background: ShellBackground | null,
): string {
  return (background && palette[background]) || FALLBACK_BACKGROUND;
}
