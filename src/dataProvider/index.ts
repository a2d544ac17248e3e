export {
  buildEndpointRequest,
  type CallEndpoint,
  type CallOptions,
  createCallEndpoint,
  type EndpointInput,
  type EndpointReply,
} from './callEndpoint';
export { type AppDataProvider, createDataProvider, DEFAULT_PER_PAGE } from './dataProvider';
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
export type { EndpointBinding, ResourceDataDeclaration, ResourceDataDeclarations } from './types';
