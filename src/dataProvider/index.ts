export {
  buildEndpointRequest,
  type CallEndpoint,
  type CallOptions,
  createCallEndpoint,
  type EndpointArgs,
  type EndpointInput,
  type EndpointReply,
} from './callEndpoint';
export { type AppDataProvider, createDataProvider, DEFAULT_PER_PAGE, replyMessageOf } from './dataProvider';
export {
  API_BASE,
  createHttpClient,
  DEFAULT_ERROR_MESSAGE,
  type ErrorBody,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
  statusOf,
} from './httpClient';
export { createNamedCalls, type NamedCalls, type TryCallEndpoint } from './namedCalls';
export type { EndpointBinding, ResourceDataDeclaration, ResourceDataDeclarations } from './types';
