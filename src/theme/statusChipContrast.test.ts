import type { ChipProps } from '@mui/material';
import { createTheme, decomposeColor, getContrastRatio, hslToRgb, type Theme } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { ACTIVE_STATUS_STYLES, PUBLICATION_STATUS_STYLES } from '../framework/common/ValueChip';
import { screenResources } from '../framework/contributions';
import {
  MAIL_STATUS_CHIPS,
  REQUEST_STATUS_CHIPS,
  SIGNER_STATUS_CHIPS,
} from '../requests/history/requestHistoryText';
import { INVITATION_CHIP, USER_STATUS_CHIPS } from '../resources/users/UserStatusChip';
import { publicTheme } from './publicTheme';
import { lightTheme } from './theme';

type ChipColor = NonNullable<ChipProps['color']>;
type Variant = 'filled' | 'outlined';
type Rgb = [number, number, number];

/** A CSS colour laid over an opaque one (alpha compositing), as the browser paints it. */
function over(color: string, below: Rgb): Rgb {
  const { values, type } = decomposeColor(color.startsWith('hsl') ? hslToRgb(color) : color);
  const alpha = type === 'rgba' ? (values[3] ?? 1) : 1;
  return [0, 1, 2].map((i) => (values[i] as number) * alpha + (below[i] as number) * (1 - alpha)) as Rgb;
}
const css = ([r, g, b]: Rgb) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;
const rgbOf = (color: string): Rgb => over(color, [255, 255, 255]);

/**
 * What MUI's Chip paints (Chip.js): filled, the colour's `main` under its `contrastText`, or
 * `action.selected` under `text.primary` for the default; outlined, the colour's `main` (or
 * `text.primary`) as text on whatever is behind it.
 */
function chipPaint(theme: Theme, color: ChipColor, variant: Variant, surface: string) {
  const behind = rgbOf(surface);
  const palette = color === 'default' ? undefined : theme.palette[color];
  const background =
    variant === 'filled'
      ? palette
        ? rgbOf(palette.main)
        : over(theme.palette.action.selected, behind)
      : behind;
  const text =
    variant === 'filled'
      ? (palette?.contrastText ?? theme.palette.text.primary)
      : (palette?.main ?? theme.palette.text.primary);
  return { text: css(over(text, background)), background: css(background) };
}

const contrastOf = (theme: Theme, color: ChipColor, variant: Variant, surface: string) => {
  const { text, background } = chipPaint(theme, color, variant, surface);
  return Math.round(getContrastRatio(text, background) * 100) / 100;
};

/** Every status chip of the app: its colour and variant, named by where it shows. */
const STATUS_CHIPS: { name: string; color: ChipColor; variant: Variant }[] = [
  ...Object.entries(REQUEST_STATUS_CHIPS).map(([status, color]) => ({
    name: `solicitud ${status}`,
    color,
    variant: 'filled' as const,
  })),
  ...Object.entries(SIGNER_STATUS_CHIPS).map(([status, color]) => ({
    name: `firmante ${status}`,
    color,
    variant: 'outlined' as const,
  })),
  ...Object.entries(MAIL_STATUS_CHIPS).map(([status, color]) => ({
    name: `correo ${status}`,
    color,
    variant: 'filled' as const,
  })),
  ...Object.entries(USER_STATUS_CHIPS).map(([status, color]) => ({
    name: `usuario ${status}`,
    color,
    variant: 'filled' as const,
  })),
  { name: 'invitación pendiente', ...INVITATION_CHIP },
  ...Object.entries({ ...ACTIVE_STATUS_STYLES, ...PUBLICATION_STATUS_STYLES }).map(([value, style]) => ({
    name: `valor ${value}`,
    color: style.color ?? 'default',
    variant: style.color ? ('filled' as const) : ('outlined' as const),
  })),
  // The choice chips of generated screens (fieldParts ChoiceChip): filled when coloured.
  ...screenResources().flatMap((resource) =>
    Object.entries(resource.screens.fields).flatMap(([source, field]) =>
      (field?.choices?.values ?? []).map((value) => {
        const color = field?.choices?.colors?.[value];
        return {
          name: `${resource.name}.${source} ${value}`,
          color: color ?? 'default',
          variant: color ? ('filled' as const) : ('outlined' as const),
        };
      }),
    ),
  ),
];

const APP = createTheme(lightTheme as never);
/** Where chips sit: cards and tables (paper), the page and the shell's backgrounds. */
const SURFACES = [APP.palette.background.paper, APP.palette.background.default, APP.palette.appBackground];

describe('status chips (WCAG AA, 4.5:1)', () => {
  it('computes what MUI paints, e.g. the former «En proceso» and «Invitación pendiente»', () => {
    const muiDefaults = createTheme();
    expect(contrastOf(muiDefaults, 'info', 'filled', '#ffffff')).toBeCloseTo(3.86, 1);
    expect(contrastOf(muiDefaults, 'warning', 'outlined', '#ffffff')).toBeCloseTo(3.11, 1);
  });

  it.each(STATUS_CHIPS.map((chip) => [chip.name, chip] as const))('%s', (_name, { color, variant }) => {
    for (const surface of SURFACES) {
      expect({ surface, ratio: contrastOf(APP, color, variant, surface) }).toEqual({
        surface,
        ratio: expect.toSatisfy((ratio: number) => ratio >= 4.5),
      });
    }
  });

  it('holds for every chip colour, filled and outlined, in both themes', () => {
    const colors: ChipColor[] = ['default', 'primary', 'secondary', 'error', 'info', 'success', 'warning'];
    for (const theme of [APP, publicTheme]) {
      for (const color of colors) {
        for (const variant of ['filled', 'outlined'] as const) {
          for (const surface of SURFACES) {
            expect(
              contrastOf(theme, color, variant, surface),
              `${color} ${variant} ${surface}`,
            ).toBeGreaterThanOrEqual(4.5);
          }
        }
      }
    }
  });
});
