import { resourceMessages } from '../../i18n/resourceMessages';

export const costCenterMessages = resourceMessages({
  name: 'cost_centers',
  en: {
    name: 'Cost center |||| Cost centers',
    title: 'Cost centers',
    create: 'New cost center',
    edit: 'Edit cost center',
    show: 'Cost center',
    search: 'Search by name or code',
    status: { active: 'Active', inactive: 'Inactive' },
    fields: {
      company_id: 'Company',
      name: 'Name',
      code: 'Code',
      status: 'Status',
      active: 'Active',
      budget: 'Budget',
      manager_user_id: 'Manager',
      created_at: 'Created',
    },
  },
  es: {
    name: 'Centro de costo |||| Centros de costo',
    title: 'Centros de costo',
    create: 'Nuevo centro de costo',
    edit: 'Editar centro de costo',
    show: 'Centro de costo',
    search: 'Buscar por nombre o código',
    status: { active: 'Activo', inactive: 'Inactivo' },
    fields: {
      company_id: 'Empresa',
      name: 'Nombre',
      code: 'Código',
      status: 'Estado',
      active: 'Activo',
      budget: 'Presupuesto',
      manager_user_id: 'Responsable',
      created_at: 'Creado',
    },
  },
});
