import { endpoints } from '../../../contract';
import type { EndpointInput } from '../../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../../dataProvider/types';
import type { FormValues } from '../../framework/common/formValues';
import { listOptionsOf, listQueryInput } from '../../framework/common/listQueryInput';

/** The plan form's values as the body of save_package_plan / update_package_plan. */
export function planBody(data: FormValues) {
  const unlimited = Boolean(data.unlimited);
  return {
    name: String(data.name ?? '').trim(),
    // Null means unlimited (contract planFields.signatures).
    signatures: unlimited ? null : Number(data.signatures),
    price_usd: String(data.price_usd ?? '').trim(),
    validity_days: Number(data.validity_days),
    status: data.status === 'inactive' ? ('inactive' as const) : ('active' as const),
  };
}

const LIST_OPTIONS = listOptionsOf(endpoints.listPlans);

/** The plan catalogue (SPEC §7.2 Plans: get_packages_plans and the plan CRUD endpoints). */
export const plansData = {
  getList: {
    endpoint: 'listPlans',
    toInput: (params) => listQueryInput(params, LIST_OPTIONS) as EndpointInput<'listPlans'>,
  },
  getOne: { endpoint: 'getPlan', toInput: ({ id }) => ({ id: Number(id) }) },
  create: { endpoint: 'createPlan', toInput: ({ data }) => ({ body: planBody(data) }) },
  update: {
    endpoint: 'updatePlan',
    toInput: ({ id, data }) => ({ id: Number(id), body: planBody(data) }),
  },
  delete: { endpoint: 'deletePlan', toInput: ({ id }) => ({ id: Number(id) }) },
} satisfies ResourceDataDeclaration;
