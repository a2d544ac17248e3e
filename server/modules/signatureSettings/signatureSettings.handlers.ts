import { SIGNATURE_SETTINGS_MESSAGES } from '../../../contract/endpoints/signatureSettings.js';
import type { HandlersOf } from '../../http/handlers.js';
import { getUserSignature, updateSignature } from './signatureSettings.service.js';

export const signatureSettingsHandlers: HandlersOf<'getUserSignature' | 'updateSignature'> = {
  getUserSignature: async ({ deps, actor, params }) => ({
    data: await getUserSignature(deps, actor, params.id),
  }),
  updateSignature: async ({ deps, actor, params, body }) => ({
    data: await updateSignature(deps, actor, params.id, body),
    message: SIGNATURE_SETTINGS_MESSAGES.saved,
  }),
};
