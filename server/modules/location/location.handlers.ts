import type { HandlersOf } from '../../http/handlers.js';
import {
  getIdentificationType,
  listCities,
  listDepartments,
  listIdentificationTypes,
} from './location.service.js';

export const locationHandlers: HandlersOf<
  'listDepartments' | 'listCities' | 'listIdentificationTypes' | 'getIdentificationType'
> = {
  listDepartments: async ({ deps, params }) => ({ data: await listDepartments(deps, params.country_id) }),
  listCities: async ({ deps, params }) => ({ data: await listCities(deps, params.department_id) }),
  listIdentificationTypes: async ({ deps }) => ({ data: await listIdentificationTypes(deps) }),
  getIdentificationType: async ({ deps, params }) => ({
    data: await getIdentificationType(deps, params.id_type),
  }),
};
