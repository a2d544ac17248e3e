import { endpoints } from '../../contract';
import type { ResourceAccessRules, ResourceAction } from '../authProvider/canAccess';
import type { BindableMethod } from '../dataProvider/types';
import type { ResourceDeclaration } from './resourceDeclaration';

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
 * The access rules of the declared resources: an action is allowed to whoever may call the contract
 * endpoint behind it — the one the resource names for it, or else the one its data method is bound
 * to. An action with neither has no rule (refused).
 */
export function accessRulesOf(declarations: readonly ResourceDeclaration[]): ResourceAccessRules {
  return Object.fromEntries(
    declarations.map(({ name, data, access = {} }) => {
      const actions = Object.entries(METHOD_OF_ACTION).flatMap(([action, method]) => {
        const endpoint = access[action as ResourceAction] ?? data[method]?.endpoint;
        return endpoint ? [[action, endpoints[endpoint]] as const] : [];
      });
      return [name, Object.fromEntries(actions)];
    }),
  );
}
