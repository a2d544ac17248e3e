import type { HandlersOf } from '../../http/handlers.js';
import {
  addDownloadRequest,
  DOWNLOAD_MESSAGES,
  downloadRequestFile,
  listDownloadRequests,
} from './downloads.service.js';
import {
  previewEmailTemplate,
  restoreEmailTemplate,
  saveEmailTemplate,
  TEMPLATE_MESSAGES,
} from './emailTemplates.service.js';
import {
  FEATURE_MESSAGES,
  getCompanyFeatures,
  listCompaniesFeatures,
  setCompanyFeature,
} from './features.service.js';

type FeatureEndpoint =
  | 'getCompaniesEnabledFeatures'
  | 'getCompanyEnabledFeatures'
  | 'updateCompanyEnableFeature'
  | 'saveEmailTemplateContent'
  | 'restoreEmailTemplate'
  | 'getTemplateContentPreview'
  | 'addDownloadRequest'
  | 'listDownloadRequests'
  | 'getDownloadRequestFile';

export const companyFeaturesHandlers: HandlersOf<FeatureEndpoint> = {
  getCompaniesEnabledFeatures: async ({ deps, body }) => ({ data: await listCompaniesFeatures(deps, body) }),
  getCompanyEnabledFeatures: async ({ deps, actor, body }) => ({
    data: await getCompanyFeatures(deps, actor, body.company_id),
  }),
  updateCompanyEnableFeature: async ({ deps, actor, body }) => ({
    data: await setCompanyFeature(deps, actor, body),
    message: FEATURE_MESSAGES.updated,
  }),
  saveEmailTemplateContent: async ({ deps, actor, body }) => ({
    data: await saveEmailTemplate(deps, actor, body),
    message: TEMPLATE_MESSAGES.saved,
  }),
  restoreEmailTemplate: async ({ deps, body }) => ({
    data: await restoreEmailTemplate(deps, body),
    message: TEMPLATE_MESSAGES.restored,
  }),
  getTemplateContentPreview: async ({ deps, body }) => ({ data: await previewEmailTemplate(deps, body) }),
  addDownloadRequest: async ({ deps, actor, body }) => ({
    data: await addDownloadRequest(deps, actor, body),
    message: DOWNLOAD_MESSAGES.queued,
  }),
  listDownloadRequests: async ({ deps, params }) => ({ data: await listDownloadRequests(deps, params) }),
  getDownloadRequestFile: async ({ deps, params }) => ({ file: await downloadRequestFile(deps, params.id) }),
};
