import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createElement } from 'react';
import { mergeTranslations, type RaRecord, type TranslationMessages } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { screenResources } from '../framework/contributions';
import { resolvedFieldsOf } from '../framework/fieldKinds';
import { choiceLabelKey, displaySource } from '../framework/fieldParts';
import { GeneratedListPage, rowActionsOf, type ScreenResource } from '../framework/GeneratedListPage';
import type { LooseScreenDeclaration } from '../framework/resourceDeclaration';
import type { FieldChoices } from '../framework/types';
import { documentTypes } from '../resources/documentTypes';
import { fakeToken, fakeUser } from '../test/fakes';
import { renderWithAdmin } from '../test/harness';
import { englishMessages } from './englishCatalogue';
import { spanishMessages } from './i18nProvider';

const MESSAGES_BY_LOCALE = { es: spanishMessages, en: englishMessages };

/** Every catalogue key a resource's screens show (a choice's labels too, inferred or declared). */
function labelKeys(resource: ScreenResource): string[] {
  const { name, screens } = resource;
  const keys: (string | undefined)[] = [
    screens.title,
    screens.subtitle,
    screens.search,
    screens.menu?.label,
    ...Object.values(screens.dialogTitles),
  ];
  for (const field of resolvedFieldsOf(resource)) {
    keys.push(field.label ?? `resources.${name}.fields.${field.source}`, field.helper, field.countLabel);
    if (field.choices) {
      keys.push(
        field.choices.anyLabel,
        ...field.choices.values.map((value) => choiceLabelKey(field.choices as FieldChoices, value)),
      );
    }
  }
  return keys.filter((key): key is string => key !== undefined);
}

const lookup = (tree: unknown, key: string) =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);

describe('resource labels', () => {
  it.each(screenResources().map((resource) => [resource.name, resource] as const))(
    '%s: every label its screens show exists in Spanish and in English',
    (_name, resource) => {
      for (const key of labelKeys(resource)) {
        for (const language of ['es', 'en'] as const) {
          expect(typeof lookup(MESSAGES_BY_LOCALE[language], key), `${language}: ${key}`).toBe('string');
        }
      }
    },
  );
});

/**
 * The README's "Add a resource" example (tests/add-resource/files): a company field and a catalogue
 * with only the declared sources' labels, as a new resource brings. Its data is the document
 * types', which have the same shape.
 */
const costCenters: ScreenResource = {
  ...documentTypes,
  name: 'cost_centers',
  screens: {
    ...documentTypes.screens,
    title: 'resources.cost_centers.title',
    search: 'resources.cost_centers.search',
    dialogTitles: {
      create: 'resources.cost_centers.create',
      edit: 'resources.cost_centers.edit',
      show: 'resources.cost_centers.show',
    },
    fields: {
      company_id: { kind: 'company', form: 'create', detail: true },
      name: { kind: 'text', column: true, form: true, detail: true },
      code: { kind: 'text', column: { noWrap: true }, form: true, detail: true, upperCase: true },
      status: {
        kind: 'choice',
        choices: { values: ['active', 'inactive'], labels: 'resources.cost_centers.status' },
        column: true,
        filter: true,
        form: true,
        detail: true,
      },
      created_at: { kind: 'dateTime', column: true, detail: true },
    },
    export: undefined,
  } as LooseScreenDeclaration,
};
const costCenterMessages = {
  resources: {
    cost_centers: {
      name: 'Centro de costo |||| Centros de costo',
      title: 'Centros de costo',
      create: 'Nuevo centro de costo',
      edit: 'Editar centro de costo',
      show: 'Centro de costo',
      search: 'Buscar por nombre o código',
      status: { active: 'Activo', inactive: 'Inactivo' },
      fields: {
        company_id: 'Empresa',
        name: 'Nombre',
        code: 'Código',
        status: 'Estado',
        created_at: 'Creado',
      },
    },
  },
};
const spanish: TranslationMessages = mergeTranslations(MESSAGES_BY_LOCALE.es, costCenterMessages);

type Tree = { readonly [key: string]: string | Tree };
const leaves = (tree: Tree): string[] =>
  Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : leaves(value)));
const SPANISH_TEXTS = new Set(leaves(spanish as unknown as Tree));

/** react-admin's label for a source with no catalogue entry: `company_name` → «Company name». */
const humanised = (source: string) => {
  const words = source.replace(/_id$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A record with a plausible value for every declared field (and the name a company field shows). */
function sampleRecord(resource: ScreenResource): RaRecord {
  const record: Record<string, unknown> = { id: 1, company_id: 2, company_name: 'Andina Firmas' };
  for (const field of resolvedFieldsOf(resource)) {
    const { source } = field;
    const value = {
      company: 2,
      number: 3,
      boolean: true,
      money: 1234.5,
      reference: 7,
      date: '2026-03-01',
      dateTime: '2026-03-01T15:00:00.000Z',
      choice: field.choices?.values[0],
      text: `Valor de ${source}`,
      longText: `Valor de ${source}`,
    }[field.kind];
    record[source] ??= value;
    if (field.kind === 'company') record[displaySource(field)] = 'Andina Firmas';
  }
  return record as RaRecord;
}

/** The text of every label in `container`: column headers, detail terms, input labels. */
const labelsIn = (container: HTMLElement) =>
  [...container.querySelectorAll('th, dt, label, legend')]
    .map((element) => (element.textContent ?? '').replace(/[*\u2009]/g, '').trim())
    .filter(Boolean);

/** Opens a row's dialog and gives the labels it shows (the dialog is closed again). */
async function dialogLabels(button: string, title: string): Promise<string[]> {
  fireEvent.click((await screen.findAllByRole('button', { name: button }))[0] as HTMLElement);
  const dialog = await screen.findByRole('dialog', { name: title }, { timeout: 30_000 });
  await waitFor(() => expect(labelsIn(dialog).length).toBeGreaterThan(0));
  const labels = labelsIn(dialog);
  fireEvent.keyDown(dialog, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return labels;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('what the generated screens show', () => {
  const resources = [...screenResources(), costCenters];

  it.each(resources.map((resource) => [resource.name, resource] as const))(
    '%s: the list, its details and its forms label every field in Spanish',
    async (_name, resource) => {
      localStorage.setItem('access_token', fakeToken({ id: 1, exp: Math.floor(Date.now() / 1000) + 3600 }));
      localStorage.setItem('current_user', JSON.stringify(fakeUser({ id: 1, role_id: 20, company_id: 2 })));
      const record = sampleRecord(resource);
      // Lookups (roles, companies, members…) answer empty, in either shape a caller expects.
      const empty = Object.assign([], { items: [], total: 0 });
      renderWithAdmin(createElement(GeneratedListPage, { resource }), {
        path: resource.screens.route.path,
        i18nProvider: polyglotI18nProvider(() => spanish, 'es', [{ locale: 'es', name: 'Español' }], {
          allowMissing: true,
        }),
        dataProvider: {
          getList: async () => ({ data: [record], total: 1 }),
          getOne: async () => ({ data: record }),
          getMany: async () => ({ data: [] }),
          getManyReference: async () => ({ data: [], total: 0 }),
          callEndpoint: async () => empty,
        } as never,
      });
      await screen.findAllByRole('row', {}, { timeout: 30_000 });
      await waitFor(() => expect(screen.getAllByRole('row').length).toBeGreaterThan(1), { timeout: 30_000 });
      const shown = labelsIn(screen.getByRole('table'));
      const { dialogTitles } = resource.screens;
      const translate = (key: string) => String(lookup(spanish, key));
      const actions = rowActionsOf(resource);
      if (dialogTitles.show && actions.includes('show'))
        shown.push(...(await dialogLabels('Ver detalles', translate(dialogTitles.show))));
      const editButton = actions.includes('edit')
        ? 'Editar'
        : actions.includes('update')
          ? 'Actualizar'
          : null;
      if (dialogTitles.edit && editButton && !resource.screens.overrides?.rowActions)
        shown.push(...(await dialogLabels(editButton, translate(dialogTitles.edit))));

      const forbidden = new Set(
        Object.keys(record)
          .map(humanised)
          .filter((text) => !SPANISH_TEXTS.has(text)),
      );
      expect(shown.filter((label) => forbidden.has(label))).toEqual([]);
      expect(shown.filter((label) => !SPANISH_TEXTS.has(label))).toEqual([]);
    },
  );
});
