import type { RaRecord, ResourceProps } from 'react-admin';
import type { Permission } from '../../contract';
import type { ResourceAction } from '../authProvider/canAccess';
import type { ResourceDataDeclaration } from '../dataProvider/types';
import type { ScreenDeclaration } from './framework/types';

/**
 * Everything the app knows about a resource, in its folder's `index.ts` (STYLE 1): react-admin's
 * views and options, the contract endpoints behind each data method, and the permissions per action
 * when they differ from those of the endpoints. Menu entries join later with the shell.
 */
export type ResourceDeclaration = Omit<ResourceProps, 'children'> & {
  name: string;
  data: ResourceDataDeclaration;
  access?: Partial<Record<ResourceAction, readonly Permission[]>>;
  /** Generated list, create, edit and details screens, their route and menu entry. */
  screens?: LooseScreenDeclaration;
};

/** A screen declaration once its field names are checked (see `defineResource`). */
export type LooseScreenDeclaration = ScreenDeclaration<ResourceDataDeclaration, string, RaRecord>;
