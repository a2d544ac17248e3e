import { createTheme } from '@mui/material/styles';
import { defaultLightTheme } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { lightTheme } from './theme';

describe('lightTheme', () => {
  const theme = createTheme(lightTheme);

  it('uses the breakpoints of SPEC §9, including xxl', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 });
    expect(theme.breakpoints.up('xxl')).toBe('@media (min-width:2560px)');
  });

  it('is light with a gold primary and the shell backgrounds', () => {
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#806010');
    expect(theme.palette.customBackground).toBe('#ffffff');
    expect(theme.palette.appBackground).toBeTruthy();
    expect(theme.palette.appSecondary).toBeTruthy();
  });

  it("keeps react-admin's defaults it does not override", () => {
    for (const [name, options] of Object.entries(defaultLightTheme.components ?? {})) {
      expect(theme.components?.[name as keyof typeof theme.components], name).toMatchObject(options);
    }
    expect(lightTheme.typography).toBe(defaultLightTheme.typography);
    expect(theme.sidebar).toEqual({ width: 260, closedWidth: 64 });
  });

  it("speaks Spanish in MUI's own texts: pagination, Autocomplete", () => {
    const pagination = theme.components?.MuiTablePagination?.defaultProps;
    expect(pagination?.labelRowsPerPage).toBe('Filas por página:');
    expect(pagination?.getItemAriaLabel?.('next')).toBe('Ir a la página siguiente');
    expect(theme.components?.MuiAutocomplete?.defaultProps?.openText).toBe('Abrir');
    expect(theme.components?.MuiAutocomplete?.defaultProps?.noOptionsText).toBe('Sin opciones');
  });
});
