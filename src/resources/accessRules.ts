import { endpoints } from '../../contract';
import type { ResourceAccessRules, ResourceAction } from '../authProvider/canAccess';
import type { BindableMethod } from '../dataProvider/types';
import type { ResourceDeclaration } from './types';

/** The data method whose endpoint decides each action when a resource does not say otherwise. */
const METHOD_OF_ACTION = {
  list: 'getList',
  show: 'getOne',
  create: 'create',
  edit: 'update',
  delete: 'delete',
  export: 'getList',
} as const satisfies Record<ResourceAction, BindableMethod>;

/**
 * The access rules of the declared resources: an action needs the permissions the resource lists
 * for it, or else those of the contract endpoint behind it. An action with neither has no rule
 * (refused).
 */
export function accessRulesOf(declarations: readonly ResourceDeclaration[]): ResourceAccessRules {
  return Object.fromEntries(
    declarations.map(({ name, data, access = {} }) => {
      const actions = Object.entries(METHOD_OF_ACTION).flatMap(([action, method]) => {
        const explicit = access[action as ResourceAction];
        if (explicit) return [[action, explicit] as const];
        const binding = data[method];
        return binding ? [[action, endpoints[binding.endpoint].permissions] as const] : [];
      });
      return [name, Object.fromEntries(actions)];
    }),
  );
}
