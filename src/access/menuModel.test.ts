import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE } from '../../contract';
import type { AppMessageKey } from '../i18n/en';
import { createI18nProvider } from '../i18n/i18nProvider';
import { MENU, type MenuEntryDefinition } from './menu';
import { buildMenu, type MenuModel, menuLabelOf } from './menuModel';
import { ROUTES } from './routes';

const i18n = createI18nProvider('es');
const translate = (key: AppMessageKey) => i18n.translate(key);

const labels = (menu: MenuModel) => menu.map((group) => group.map((node) => node.label));
const childLabels = (menu: MenuModel, id: string) =>
  menu
    .flat()
    .find((node) => node.id === id)
    ?.children?.map((child) => child.label);

describe('the menu table', () => {
  it('points every link at a route of the table', () => {
    const names = new Set<string>(ROUTES.map(({ name }) => name));
    const entries: readonly MenuEntryDefinition[] = MENU;
    const links = entries.flatMap((entry) => (entry.kind === 'group' ? entry.children : [entry]));
    for (const link of links) expect(names).toContain(link.route);
    expect(links.length).toBeGreaterThanOrEqual(36);
  });
});

describe('buildMenu', () => {
  it('for role 20: Administración, the certificate signature, Dashboard and Reporte first, then the rest', () => {
    const menu = buildMenu({ roleId: ROLE.administrator, permissions: PERMISSIONS }, translate);
    expect(labels(menu)).toEqual([
      ['Administración', 'Firma Certificado Digital', 'Dashboard', 'Reporte'],
      [
        'Descarga de documentos',
        'Generar solicitud',
        'Historial de solicitudes',
        'Notificaciones',
        'Reporte empresas',
        'Seguimiento de correos',
        'Administración general',
        'Ayuda',
        'Configuración',
        'Estadísticas',
        'Estadísticas generales',
        'Soportes',
        'Soportes de empresa',
      ],
    ]);
    expect(childLabels(menu, 'administration')).toEqual([
      'Creación de Empresas',
      'Creación de Usuarios',
      'Configuración de funcionalidades',
    ]);
  });

  it('for any other role: the role labels, and two groups each sorted by label', () => {
    const menu = buildMenu({ roleId: ROLE.companyAdministrator, permissions: PERMISSIONS }, translate);
    expect(labels(menu)).toEqual([
      [
        'Dashboard',
        'Descarga de documentos',
        'Generar solicitud',
        'Historial de solicitudes',
        'Notificaciones',
        'Reporte',
        'Reporte empresas',
        'Seguimiento de correos',
      ],
      [
        'Administración',
        'Administración general',
        'Ayuda',
        'Configuración',
        'Configuración de firma',
        'Estadísticas',
        'Estadísticas generales',
        'Soportes',
        'Soportes de empresa',
      ],
    ]);
    expect(childLabels(menu, 'administration')).toEqual([
      'Creación de Sucursales',
      'Creación de Usuarios',
      'Configuración de funcionalidades',
    ]);
    expect(childLabels(menu, 'requests')).toEqual([
      'Solicitud individual',
      'Solicitud masiva',
      'Enviar PDF para firmar',
      'Enviar PDF masivo para firmar',
    ]);
  });

  it('shows an entry only when the user holds every permission it lists', () => {
    // signature_request.create alone: every request link except the PDF one, which also needs templates.
    const menu = buildMenu({ roleId: 22, permissions: ['signature_request.create'] }, translate);
    expect(labels(menu)).toEqual([['Generar solicitud'], []]);
    expect(childLabels(menu, 'requests')).toEqual([
      'Solicitud individual',
      'Solicitud masiva',
      'Enviar PDF masivo para firmar',
    ]);

    // company.list without admin.list: no Administración group at all.
    expect(labels(buildMenu({ roleId: 21, permissions: ['company.list', 'user.list'] }, translate))).toEqual([
      [],
      [],
    ]);
    const admin = buildMenu({ roleId: 21, permissions: ['admin.list', 'user.list'] }, translate);
    expect(childLabels(admin, 'administration')).toEqual([
      'Creación de Usuarios',
      'Configuración de funcionalidades',
    ]);
  });

  it('never shows the hidden banner entry, and nothing to a user without permissions', () => {
    const menu = buildMenu({ roleId: ROLE.administrator, permissions: PERMISSIONS }, translate);
    expect(childLabels(menu, 'global-administration')).toEqual([
      'Empresas',
      'Usuarios',
      'Historial de paquetes',
    ]);
    expect(
      menu
        .flat()
        .flatMap((node) => node.children ?? [node])
        .map((link) => link.path),
    ).not.toContain('/list-banner/banner');
    expect(buildMenu({ roleId: 23, permissions: [] }, translate)).toEqual([[], []]);
  });

  it('links each entry to its route path; a group opens its first visible link', () => {
    const menu = buildMenu({ roleId: 21, permissions: PERMISSIONS }, translate);
    const byId = new Map(menu.flat().map((node) => [node.id, node]));
    expect(byId.get('dashboard')?.path).toBe('/user/dashboard');
    expect(byId.get('signature-settings')?.path).toBe('/user/signature');
    expect(byId.get('statistics')?.children?.map((child) => child.path)).toEqual([
      '/statistics/company',
      '/statistics/users/company',
      '/statistics/packages/company',
      '/statistics/packages_units/company',
      '/statistics/validation_codes/company',
    ]);
    expect(byId.get('global-statistics')?.path).toBe('/statistics/storage');
  });
});

describe('menuLabelOf', () => {
  it('gives the label the user sees for a page: its heading (SPEC §2.6)', () => {
    const administrator = buildMenu({ roleId: ROLE.administrator, permissions: PERMISSIONS }, translate);
    expect(menuLabelOf(administrator, '/user/user')).toBe('Creación de Usuarios');
    expect(menuLabelOf(administrator, '/user/signature')).toBe('Firma Certificado Digital');
    expect(menuLabelOf(administrator, '/user/plans')).toBe('Historial de paquetes');
    expect(menuLabelOf(administrator, '/help_center')).toBe('Ayuda');
    expect(menuLabelOf(administrator, '/nowhere')).toBeUndefined();
  });
});
