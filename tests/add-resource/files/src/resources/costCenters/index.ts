import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { defineResource } from '../../framework/defineResource';

const labels = (key: string) => `resources.cost_centers.${key}` as const;
const status = {
  values: ['active', 'inactive'],
  labels: labels('status'),
  colors: { active: 'success' },
} as const;

/** Cost centers of a company, at /cost-centers under "Configuración". */
export const costCenters = defineResource({
  name: 'cost_centers',
  icon: AccountTreeOutlinedIcon,
  recordRepresentation: 'name',
  data: {
    getList: { endpoint: 'listCostCenters' },
    getOne: { endpoint: 'getCostCenter' },
    create: { endpoint: 'addCostCenter' },
    update: { endpoint: 'updateCostCenter' },
    delete: { endpoint: 'deleteCostCenter' },
  },
  screens: {
    route: { name: 'user.costCenter.items-crud', path: '/cost-centers' },
    menu: { group: 'configuration', label: labels('title') },
    title: labels('title'),
    dialogTitles: { create: labels('create'), edit: labels('edit'), show: labels('show') },
    perCompany: true,
    search: labels('search'),
    sort: { field: 'name', order: 'ASC' },
    fields: {
      company_id: { kind: 'company', form: 'create', detail: true },
      name: { kind: 'text', column: true, form: true, detail: true },
      code: { kind: 'text', column: { noWrap: true }, form: true, detail: true, upperCase: true },
      status: { kind: 'choice', choices: status, column: true, filter: true, form: true, detail: true },
      created_at: { kind: 'dateTime', column: true, detail: true },
    },
    phone: { primary: 'name', secondary: ['code', 'status'] },
    createDefaults: { status: 'active' },
  },
});
