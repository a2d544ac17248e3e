/**
 * An error a client caused or may see: status 4xx, a Spanish message and optional field errors.
 * Services throw it; the route layer turns it into `{ message, errors? }`.
 */
export class HttpProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpProblem';
  }
}

/**
 * A failure the client did not cause by what it sent and may get past by trying again — today a
 * document that crashed the PDF generator (`RenderFailure`) — whose Spanish message tells the
 * user what to do. The route layer answers it like an `HttpProblem` (its status and message);
 * a job, unlike for an `HttpProblem`, retries it, and shows the message once it gives up.
 */
export class RetryableProblem extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'RetryableProblem';
  }
}

export const MESSAGES = {
  unauthenticated: 'Debe iniciar sesión para continuar',
  sessionExpired: 'Su sesión expiró o fue cerrada. Inicie sesión de nuevo',
  forbidden: 'No tiene permiso para realizar esta acción',
  platformOnly: 'Esta acción está reservada a la empresa administradora de la plataforma',
  notFound: 'El registro solicitado no existe',
  routeNotFound: 'La ruta solicitada no existe',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido',
  unsupportedMediaType: 'Tipo de contenido no soportado; envíe application/json',
  bodyTooLarge: 'El cuerpo de la solicitud es demasiado grande',
  bodyTooDeep: (max: number) =>
    `El cuerpo de la solicitud tiene demasiados niveles de anidación (máximo ${max})`,
  badUrl: 'La dirección solicitada no es válida',
  uriTooLong: 'La dirección solicitada es demasiado larga',
  headersTooLarge: 'Los encabezados de la solicitud son demasiado grandes',
  methodNotAllowed: 'Método no permitido para esta ruta',
  requestTimeout: 'La solicitud tardó demasiado en llegar',
  controlCharacter: 'No se permiten caracteres de control',
  // The field is named in `errors` (keyed for the form beside it): its key is not a Spanish label.
  controlCharacterInParams: 'No se permiten caracteres de control en los parámetros de la solicitud',
  controlCharacterInBody: 'No se permiten caracteres de control en los datos enviados',
  invalidParams: 'Los parámetros de la solicitud no son válidos',
  invalidBody: 'Los datos enviados no son válidos',
  internal: 'Error interno del servidor',
  rateLimited: (seconds: number) =>
    `Demasiadas solicitudes. Intente de nuevo en ${seconds} segundo${seconds === 1 ? '' : 's'}`,
  impersonationRefused: 'Esta acción no está permitida mientras suplanta a otro usuario',
  badRequest: 'Solicitud inválida',
  success: 'Operación exitosa',
} as const;

export const notFound = (message: string = MESSAGES.notFound) => new HttpProblem(404, message);
export const forbidden = (message: string = MESSAGES.forbidden) => new HttpProblem(403, message);
export const unauthorized = (message: string = MESSAGES.unauthenticated) => new HttpProblem(401, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new HttpProblem(409, message, errors);
export const unprocessable = (message: string, errors?: Record<string, string>) =>
  new HttpProblem(422, message, errors);
