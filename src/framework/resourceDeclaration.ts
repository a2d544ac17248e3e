import type { RaRecord, ResourceProps } from 'react-admin';
import type { EndpointName } from '../../contract';
import type { ResourceAction } from '../authProvider/canAccess';
import type { ResourceDataDeclaration } from '../dataProvider/types';
import type { ScreenDeclaration } from './types';

/**
 * Everything the app knows about a resource, in its folder's `index.ts` (STYLE 1): react-admin's
 * views and options, the contract endpoints behind each data method, and the endpoint that decides
 * an action when it is not the one bound to its data method. Menu entries join later with the shell.
 */
export type ResourceDeclaration = Omit<ResourceProps, 'children'> & {
  name: string;
  data: ResourceDataDeclaration;
  /** Per action, the endpoint whose declaration decides who may (e.g. `export`: the export's). */
  access?: Partial<Record<ResourceAction, EndpointName>>;
  /** Generated list, create, edit and details screens, their route and menu entry. */
  screens?: LooseScreenDeclaration;
};

/** A screen declaration once its field names are checked (see `defineResource`). */
export type LooseScreenDeclaration = ScreenDeclaration<ResourceDataDeclaration, string, RaRecord>;
