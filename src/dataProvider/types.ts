import type {
  CreateParams,
  CreateResult,
  DeleteParams,
  DeleteResult,
  GetListParams,
  GetListResult,
  GetManyParams,
  GetManyReferenceParams,
  GetManyReferenceResult,
  GetManyResult,
  GetOneParams,
  GetOneResult,
  UpdateParams,
  UpdateResult,
} from 'react-admin';
import type { EndpointName } from '../../contract';
import type { EndpointInput, EndpointReply } from './callEndpoint';

/** The react-admin methods a resource binds to contract endpoints, with their params and results. */
export type BindableMethods = {
  getList: { params: GetListParams; result: GetListResult };
  getOne: { params: GetOneParams; result: GetOneResult };
  getMany: { params: GetManyParams; result: GetManyResult };
  getManyReference: { params: GetManyReferenceParams; result: GetManyReferenceResult };
  create: { params: CreateParams; result: CreateResult };
  update: { params: UpdateParams; result: UpdateResult };
  delete: { params: DeleteParams; result: DeleteResult };
};
export type BindableMethod = keyof BindableMethods;
export type MethodParams<M extends BindableMethod> = BindableMethods[M]['params'];
export type MethodResult<M extends BindableMethod> = BindableMethods[M]['result'];

/**
 * One react-admin method served by one contract endpoint. `toInput` and `fromReply` are lifecycle
 * callbacks for endpoints whose shape the generic adapter does not guess; both are typed by the
 * endpoint named in `endpoint`.
 */
export type EndpointBinding<
  M extends BindableMethod,
  N extends EndpointName = EndpointName,
> = N extends EndpointName
  ? {
      endpoint: N;
      toInput?: (params: MethodParams<M>) => EndpointInput<N>;
      fromReply?: (reply: EndpointReply<N>, params: MethodParams<M>) => MethodResult<M>;
    }
  : never;

/** What a resource declares to the data provider: which endpoint serves each method it supports. */
export type ResourceDataDeclaration = { readonly [M in BindableMethod]?: EndpointBinding<M> };
export type ResourceDataDeclarations = Readonly<Record<string, ResourceDataDeclaration>>;
