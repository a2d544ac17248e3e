import { describe, expect, it } from 'vitest';
import { shellBackgroundColor, shellOf } from './shellMode';

describe('shellOf (SPEC §2.3)', () => {
  it('the login window: its own background, no footer, no chrome', () => {
    for (const loggedIn of [false, true]) {
      expect(shellOf('/session/login', loggedIn)).toEqual({
        kind: 'session',
        appBar: false,
        drawer: false,
        footer: false,
        background: null,
      });
    }
    expect(shellOf('/session/recover-password', false).kind).toBe('session');
  });

  it('the signing view: no drawer, no top bar, no footer, customBackground', () => {
    expect(shellOf('/signature-request/abc123', true)).toEqual({
      kind: 'signing',
      appBar: false,
      drawer: false,
      footer: false,
      background: 'customBackground',
    });
    // Paths that merely end in "-signature-request" are ordinary screens.
    expect(shellOf('/list-signature-request', true).kind).toBe('app');
    expect(shellOf('/update-signature-request/update/3', true).kind).toBe('app');
  });

  it('any other path: top bar, footer; the drawer and appBackground only when logged in', () => {
    expect(shellOf('/home', true)).toEqual({
      kind: 'app',
      appBar: true,
      drawer: true,
      footer: true,
      background: 'appBackground',
    });
    expect(shellOf('/frequently-asked-questions', false)).toEqual({
      kind: 'app',
      appBar: true,
      drawer: false,
      footer: true,
      background: 'appSecondary',
    });
  });
});

describe('shellBackgroundColor', () => {
  it('reads the theme colour and falls back to white', () => {
    const palette = { customBackground: '#fefefe', appBackground: '#f7f3ea', appSecondary: '' };
    expect(shellBackgroundColor(palette, 'appBackground')).toBe('#f7f3ea');
    expect(shellBackgroundColor(palette, 'appSecondary')).toBe('#ffffff');
    expect(shellBackgroundColor({}, 'customBackground')).toBe('#ffffff');
    expect(shellBackgroundColor(palette, null)).toBe('#ffffff');
  });
});
