import { createTheme } from '@mui/material/styles';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withMotionPreference, withoutMotion } from './motion';

const BASE = {
  palette: { primary: { main: '#806010' } },
  components: { MuiButtonBase: { defaultProps: { centerRipple: true } } },
};

describe('motion preference', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes every transition and ripple away, keeping the rest of the theme', () => {
    const theme = createTheme(withoutMotion(BASE));
    expect(Object.values(theme.transitions.duration).every((duration) => duration === 0)).toBe(true);
    expect(theme.transitions.create('opacity')).toBe('none');
    expect(theme.components?.MuiButtonBase?.defaultProps).toEqual({
      centerRipple: true,
      disableRipple: true,
    });
    expect(theme.palette.primary.main).toBe('#806010');
  });

  it("follows the visitor's system: less motion only when it is asked for", () => {
    const asking = (reduce: boolean) =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: reduce && query === '(prefers-reduced-motion: reduce)',
      }));
    asking(true);
    expect(createTheme(withMotionPreference(BASE)).transitions.duration.standard).toBe(0);
    asking(false);
    expect(createTheme(withMotionPreference(BASE)).transitions.duration.standard).toBeGreaterThan(0);
  });
});
