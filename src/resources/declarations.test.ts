import { describe, expect, it } from 'vitest';
import { endpoints } from '../../contract';
import { resourcePageOf } from '../framework/contributions';
import { fieldSchemasOf, inferredKindOf } from '../framework/fieldKinds';
import { englishAppMessages } from '../i18n/en';
import { spanishAppMessages } from '../i18n/es';
import { RESOURCE_CATALOGUES } from '../i18n/resourceCatalogues';
import { ADMIN_PAGES } from '../pages/adminPages';
import { RESOURCES } from './registry';

/**
 * The README's "Add a resource" steps, checked for every declared resource: its data methods name
 * contract endpoints (step 1; the server refuses to start without their handlers, step 3, and the
 * route sweep covers them, step 6), it is in the registry (step 4) and its labels exist in both
 * catalogues (step 5).
 */
describe('resource declarations', () => {
  // A resource's labels live in the app catalogue or in its folder's messages.ts (README step 5).
  const catalogues = {
    en: { ...englishAppMessages.resources, ...RESOURCE_CATALOGUES.en.resources },
    es: { ...spanishAppMessages.resources, ...RESOURCE_CATALOGUES.es.resources },
  } as Record<'en' | 'es', Record<string, { name?: string; fields?: Record<string, string> } | undefined>>;

  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s binds only contract endpoints and has labels in Spanish and English',
    (_name, resource) => {
      const bindings = Object.entries(resource.data);
      expect(bindings.length).toBeGreaterThan(0);
      for (const [method, binding] of bindings) {
        expect(Object.keys(endpoints), `${resource.name}.${method}`).toContain(binding?.endpoint);
      }
      for (const language of ['en', 'es'] as const) {
        expect(
          catalogues[language][resource.name]?.name,
          `${language} resources.${resource.name}.name`,
        ).toBeTruthy();
      }
    },
  );

  it.each(RESOURCES.map((resource) => [resource.name, resource] as const))(
    '%s states a field kind only where it differs from what the contract implies',
    (_name, resource) => {
      const schemas = fieldSchemasOf(resource.data);
      const restated = Object.entries(resource.screens?.fields ?? {}).flatMap(([source, field]) =>
        field?.kind && field.kind === inferredKindOf(source, schemas[source]).kind ? [source] : [],
      );
      expect(restated).toEqual([]);
    },
  );

  it('gives the administration routes of this issue real screens, not placeholders', () => {
    const administrationRoutes = [
      'admin.company.items-crud',
      'admin.update-company.item-crud',
      'admin.company_features',
      'admin.user.items-crud',
      'admin.groups.items-crud',
      'user.documentType.items-crud',
      'admin.banner.items-crud',
      'admin.plans.items-crud',
      'admin.notifications',
      'admin.help_center',
      'faq.asked-questions',
    ] as const;
    for (const route of administrationRoutes) {
      const page =
        resourcePageOf(route) ?? (ADMIN_PAGES[route] as { element?: unknown } | undefined)?.element;
      expect(page, route).toBeTypeOf('function');
    }
  });
});
