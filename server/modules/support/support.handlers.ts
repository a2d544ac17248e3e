import { forbidden, notFound } from '../../errors.js';
import type { HandlersOf } from '../../http/handlers.js';
import { saveInternalExplanation, saveSupportRequest, saveSupportResponse } from './support.service.js';
import { findAttachment, getSupportRequest, listSupportRequests } from './supportQueries.js';

export const supportHandlers: HandlersOf<
  | 'listSupportRequests'
  | 'listCompanySupportRequests'
  | 'getSupportRequest'
  | 'getCompanySupportRequest'
  | 'createSupportRequest'
  | 'saveSupportResponse'
  | 'saveInternalExplanation'
  | 'getSupportAttachment'
> = {
  listSupportRequests: async ({ deps, actor, body }) => ({
    data: await listSupportRequests(deps, actor, body, 'platform'),
  }),
  listCompanySupportRequests: async ({ deps, actor, body }) => ({
    data: await listSupportRequests(deps, actor, body, 'company'),
  }),
  getSupportRequest: async ({ deps, actor, params }) => ({
    data: await getSupportRequest(deps, actor, params.id, 'platform'),
  }),
  getCompanySupportRequest: async ({ deps, actor, params }) => ({
    data: await getSupportRequest(deps, actor, params.id, 'company'),
  }),
  createSupportRequest: async ({ deps, actor, body }) => ({
    data: await saveSupportRequest(deps, actor, body),
    message: body.support_request_id ? 'Mensaje enviado' : 'Solicitud de soporte creada',
  }),
  saveSupportResponse: async ({ deps, actor, body }) => ({
    data: await saveSupportResponse(deps, actor, body),
    message: 'Respuesta enviada',
  }),
  saveInternalExplanation: async ({ deps, actor, body }) => ({
    data: await saveInternalExplanation(deps, actor, body),
    message: 'Nota interna guardada',
  }),
  // The platform (support.list) reads every ticket's files; a company (support_company.list) its own.
  getSupportAttachment: async ({ deps, actor, params }) => {
    const platform = actor.visibleCompanyIds === 'all' && actor.permissions.has('support.list');
    if (!platform && !actor.permissions.has('support_company.list')) throw forbidden();
    const file = await findAttachment(
      deps,
      params.supportRequestId,
      params.attachmentId,
      platform ? 'platform' : 'company',
    );
    const stream = await deps.storage.get(file.storageKey);
    if (!stream) throw notFound('El adjunto no existe');
    return { file: { stream, filename: file.filename, contentType: file.contentType } };
  },
};
