/** The actions react-admin checks, and the permissions each one needs per resource. */
export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'export';
/** Per resource, per action (a ResourceAction or a custom one), the permissions required. */
export type ResourceAccessRules = Readonly<
  Record<string, Readonly<Partial<Record<string, readonly string[]>>>>
>;

export type AccessRequest = {
  /** The permissions of the current user, cached at login. */
  permissions: readonly string[];
  rules: ResourceAccessRules;
  resource: string;
  action: string;
};

/**
 * Whether the user may perform `action` on `resource` (STYLE 5: a pure function over the cached
 * permissions, no network call). The user needs every permission the rule lists (SPEC §2.6); a
 * resource or action without a rule is refused, so forgetting a rule hides a screen rather than
 * exposing it.
 */
export function canAccess({ permissions, rules, resource, action }: AccessRequest): boolean {
  const actions = Object.hasOwn(rules, resource) ? rules[resource] : undefined;
  const required = actions && Object.hasOwn(actions, action) ? actions[action] : undefined;
  if (!required) return false;
  return required.every((permission) => permissions.includes(permission));
}
