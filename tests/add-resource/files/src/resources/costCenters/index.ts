import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import { defineResource } from '../../framework/defineResource';

const labels = (key: string) => `resources.cost_centers.${key}` as const;

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
      company_id: { form: 'create', detail: true },
      name: { column: true, form: true, detail: true },
      code: { column: { noWrap: true }, form: true, detail: true, upperCase: true },
      status: {
        choices: { colors: { active: 'success' } },
        column: true,
        filter: true,
        form: true,
        detail: true,
      },
      active: { column: true, filter: true, form: true, detail: true },
      budget: { column: { align: 'right', noWrap: true }, form: true, detail: true },
      manager_user_id: { form: true, detail: true },
      created_at: { column: true, detail: true },
    },
    phone: { primary: 'name', secondary: ['code', 'status', 'active', 'budget'] },
    createDefaults: { status: 'active', active: true },
  },
});
