import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PERMISSIONS, ROLE } from '../../contract';
import { ACCESS_TOKEN_KEY, CURRENT_USER_KEY } from '../authProvider/session';
import { fakeToken, fakeUser } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { AppLayout } from './AppLayout';
import { initialsOf } from './AppTopBar';
import { pageLoader } from './HelpButton';

const impersonation = vi.hoisted(() => ({ isImpersonating: false, returnToOwnUser: vi.fn(async () => {}) }));
vi.mock('../impersonation/useImpersonation', () => ({ useImpersonation: () => impersonation }));
// The session helper's pop-ups have their own tests; here they only need to be mounted.
vi.mock('../popups/PackagePopups', () => ({ PackagePopups: () => <div data-testid="package-popups" /> }));
vi.mock('../session/TwoFactorPrompt', () => ({
  TwoFactorPrompt: () => <div data-testid="two-factor-prompt" />,
}));

const administrator = fakeUser({
  id: 1,
  full_name: 'Admin Plataforma',
  role_id: ROLE.administrator,
  role_name: 'Administrador',
  company_id: 1,
  company_name: 'Rúbrica',
  permissions: [...PERMISSIONS],
});
const companyUser = fakeUser({ permissions: ['dashboard.list', 'report.list', 'signature.config'] });

function logIn(user = companyUser) {
  localStorage.setItem(ACCESS_TOKEN_KEY, fakeToken({ id: user.id }));
  localStorage.setItem(CURRENT_USER_KEY, JSON.stringify(user));
}

/** jsdom has no media queries: answer `min-width` queries for a window `width` pixels wide. */
function viewport(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? 0);
    return {
      matches: width >= min,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
}

function renderShell(
  path = '/home',
  statistics = vi.fn(async () => ({ storage_used: '2.5', storage_capacity: '10' })),
) {
  const view = renderWithAdmin(
    <AppLayout>
      <h1>Pantalla</h1>
    </AppLayout>,
    { path, route: '*', dataProvider: { tryCallEndpoint: statistics } },
  );
  return { ...view, statistics, user: userEvent.setup() };
}

beforeEach(() => {
  viewport(1440);
  impersonation.isImpersonating = false;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AppLayout for a logged-in user', () => {
  it('shows the permanent drawer, the bar, the footer, the help button and the pop-ups', async () => {
    logIn();
    renderShell();
    const drawer = screen.getByTestId('side-drawer');
    expect(drawer).toHaveAttribute('data-collapsed', 'false');
    expect(within(drawer).getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-shell', 'app');
    expect(screen.getByTestId('user-full-name')).toHaveTextContent('Ana María Pérez');
    expect(screen.getByTestId('user-role-name')).toHaveTextContent('Administrador de empresa');
    expect(screen.getByTestId('company-name')).toHaveTextContent('Notaría Central');
    expect(screen.getByRole('img', { name: 'Logo de Notaría Central' })).toHaveAttribute(
      'src',
      'https://example.com/logo.png',
    );
    expect(screen.getByTestId('certification-statement')).toHaveTextContent(
      'Rúbrica cuenta con certificación ISO 9001 e ISO 27001 para firma electrónica y digital, otorgada por un organismo de certificación global.',
    );
    expect(screen.getByRole('button', { name: 'Ayuda' })).toBeInTheDocument();
    expect(screen.getByTestId('package-popups')).toBeInTheDocument();
    expect(screen.getByTestId('two-factor-prompt')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Pantalla' })).toBeInTheDocument();
  });

  it('collapses the drawer to the rail and back with the toggle', async () => {
    logIn();
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Contraer menú' }));
    expect(screen.getByTestId('side-drawer')).toHaveAttribute('data-collapsed', 'true');
    // On the rail the links keep their names (tooltips).
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/user/dashboard');
    await user.click(screen.getByRole('button', { name: 'Expandir menú' }));
    expect(screen.getByTestId('side-drawer')).toHaveAttribute('data-collapsed', 'false');
  });

  it('uses a temporary drawer below lg, opened from the bar', async () => {
    viewport(390);
    logIn();
    const { user } = renderShell();
    expect(screen.queryByTestId('side-drawer')).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Abrir menú' }));
    expect(await screen.findByTestId('side-drawer')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Contraer menú' })).toBeNull();
  });

  it('labels the signature settings by role', () => {
    logIn();
    renderShell();
    expect(screen.getByRole('link', { name: 'Configuración de firma' })).toHaveAttribute(
      'href',
      '/user/signature',
    );
  });

  it('feeds the storage bar from get_company_statistics with the company id', async () => {
    logIn();
    const { statistics } = renderShell();
    expect(await screen.findByText('25 % usado')).toBeInTheDocument();
    expect(screen.getByText('2,5 GB de 10 GB')).toBeInTheDocument();
    expect(statistics).toHaveBeenCalledWith(
      'getCompanyStatistics',
      { body: { company_id: 3 } },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('for the administrator of company 1: role-20 labels, no storage bar and no statistics request', async () => {
    logIn(administrator);
    const { statistics } = renderShell();
    expect(screen.getByRole('link', { name: 'Firma Certificado Digital' })).toBeInTheDocument();
    const entries = [
      ...screen.getByTestId('side-drawer').querySelectorAll('[data-menu-group="1"] > [data-menu-entry]'),
    ];
    expect(entries.map((entry) => entry.getAttribute('data-menu-entry'))).toEqual([
      'administration',
      'signature-settings',
      'dashboard',
      'report',
    ]);
    await waitFor(() => expect(screen.getByTestId('side-drawer')).toBeInTheDocument());
    expect(screen.queryByTestId('storage-bar')).toBeNull();
    expect(statistics).not.toHaveBeenCalled();
  });
});

describe('user menu (SPEC §2.4)', () => {
  it('offers "Editar Perfil" to everyone and "Suplantar Usuario" to role 20 only', async () => {
    logIn();
    const { user, location } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    expect(screen.getByRole('menuitem', { name: 'Editar Perfil' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Suplantar Usuario' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Volver a mi usuario' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Editar Perfil' }));
    expect(location()?.pathname).toBe('/user/profile');
  });

  it('role 20 can impersonate; while impersonating, "Volver a mi usuario" returns', async () => {
    logIn(administrator);
    impersonation.isImpersonating = true;
    const { user, location } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('menuitem', { name: 'Volver a mi usuario' }));
    expect(impersonation.returnToOwnUser).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Menú de usuario' }));
    await user.click(screen.getByRole('menuitem', { name: 'Suplantar Usuario' }));
    expect(location()?.pathname).toBe('/user/impersonate-user');
  });
});

describe('help button (SPEC §2.5)', () => {
  it('"Llámanos" closes the menu and shows the phone and the hours in a 300 px dialog', async () => {
    logIn();
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    await user.click(screen.getByRole('menuitem', { name: 'Llámanos' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    const dialog = screen.getByRole('dialog', { name: 'Llámanos' });
    expect(within(dialog).getByText('+57 601 555 0100')).toHaveAttribute('href', 'tel:+576015550100');
    expect(
      within(dialog).getByText('La asistencia está disponible de lunes a viernes de 8:00 a 6:00 COT.'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('phone-dialog')).toHaveStyle({ maxWidth: '300px' });
  });

  it('"Solicitar soporte" loads /company_supports (full page load) for roles other than 20', async () => {
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
    logIn();
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    await user.click(screen.getByRole('menuitem', { name: 'Solicitar soporte' }));
    expect(assign).toHaveBeenCalledWith('/company_supports');
  });

  it('"Solicitar soporte" goes to /supports for role 20', async () => {
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
    logIn(administrator);
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    await user.click(screen.getByRole('menuitem', { name: 'Solicitar soporte' }));
    expect(assign).toHaveBeenCalledWith('/supports');
  });

  it('opens the support form instead when the company has the option', async () => {
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
    logIn(fakeUser({ features: ['support_form'] }));
    const { user } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    await user.click(screen.getByRole('menuitem', { name: 'Solicitar soporte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitar soporte' });
    expect(within(dialog).getByLabelText(/Asunto/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Mensaje/)).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: /Prioridad/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Enviar solicitud' })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it('"Preguntas frecuentes" goes to /frequently-asked-questions', async () => {
    logIn();
    const { user, location } = renderShell();
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    await user.click(screen.getByRole('menuitem', { name: 'Preguntas frecuentes' }));
    expect(location()?.pathname).toBe('/frequently-asked-questions');
  });
});

describe('AppLayout for a guest', () => {
  it('shows a slim bar and the footer, no drawer, no help button, no pop-ups', () => {
    renderShell('/frequently-asked-questions');
    expect(screen.getByTestId('app-shell')).toHaveAttribute('data-shell', 'guest');
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/session/login');
    expect(screen.queryByTestId('side-drawer')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ayuda' })).toBeNull();
    expect(screen.queryByTestId('package-popups')).toBeNull();
    expect(screen.getByTestId('certification-statement')).toBeInTheDocument();
  });
});

describe('initialsOf', () => {
  it('stands in for a missing company logo, skipping connectors and company types', () => {
    expect(initialsOf('Almacenes del Shell E2E S.A.S.')).toBe('AS');
    expect(initialsOf('Notaría Central')).toBe('NC');
    expect(initialsOf('Rúbrica')).toBe('R');
  });
});
