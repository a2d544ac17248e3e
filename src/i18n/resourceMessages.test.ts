import { describe, expect, it } from 'vitest';
import { screenResources } from '../resources/contributions';
import { choiceLabelKey } from '../resources/framework/fieldParts';
import type { FieldChoices } from '../resources/framework/types';
import type { LooseScreenDeclaration } from '../resources/types';
import { MESSAGES_BY_LOCALE } from './i18nProvider';

/** Every catalogue key a resource's screens show. */
function labelKeys(name: string, screens: LooseScreenDeclaration): string[] {
  const keys: (string | undefined)[] = [
    screens.title,
    screens.subtitle,
    screens.search,
    screens.menu?.label,
    ...Object.values(screens.dialogTitles),
  ];
  for (const [source, field] of Object.entries(screens.fields)) {
    if (!field) continue;
    keys.push(field.label ?? `resources.${name}.fields.${source}`, field.helper, field.countLabel);
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
    (name, resource) => {
      for (const key of labelKeys(name, resource.screens)) {
        for (const language of ['es', 'en'] as const) {
          expect(typeof lookup(MESSAGES_BY_LOCALE[language], key), `${language}: ${key}`).toBe('string');
        }
      }
    },
  );
});
