import { resourceMessages } from '../../i18n/resourceMessages';

const en = {
  name: 'Report |||| Reports',
  subtitle:
    'Every signature request of your company and its branches: signers, status, dates and plan units.',
  subtitle_companies: 'Every signature request of every company: signers, status, dates and plan units.',
  fields: {
    id: 'ID',
    title: 'Request',
    company_name: 'Company',
    company_id: 'Company',
    branch_name: 'Branch',
    branch_id: 'Branch',
    package_name: 'Document group',
    package_id: 'Document group',
    creator_name: 'Created by',
    created_by: 'Created by',
    status: 'Status',
    signers: 'Signers',
    signed_count: 'Signed',
    signer_count: 'Signers',
    units: 'Units',
    created_at: 'Created',
    sent_at: 'Sent',
    completed_at: 'Completed',
    expires_at: 'Expires',
    date_from: 'From',
    date_to: 'To',
  },
  status: {
    in_progress: 'In progress',
    completed: 'Completed',
    rejected: 'Rejected',
    cancelled: 'Cancelled',
    expired: 'Expired',
  },
  signed_of: '%{signed} of %{total} signed',
  units_count: '%{smart_count} unit |||| %{smart_count} units',
  totals: {
    title: 'Totals of the filtered requests',
    requests: 'Requests',
    units: 'Units consumed',
    completed: 'Completed',
    in_progress: 'In progress',
    rejected: 'Rejected',
    expired: 'Expired',
    cancelled: 'Cancelled',
  },
};

const es = {
  name: 'Reporte |||| Reportes',
  subtitle:
    'Todas las solicitudes de firma de su empresa y sus sucursales: firmantes, estado, fechas y unidades del plan.',
  subtitle_companies:
    'Todas las solicitudes de firma de todas las empresas: firmantes, estado, fechas y unidades del plan.',
  fields: {
    id: 'ID',
    title: 'Solicitud',
    company_name: 'Empresa',
    company_id: 'Empresa',
    branch_name: 'Sucursal',
    branch_id: 'Sucursal',
    package_name: 'Grupo de documentos',
    package_id: 'Grupo de documentos',
    creator_name: 'Creada por',
    created_by: 'Creada por',
    status: 'Estado',
    signers: 'Firmantes',
    signed_count: 'Firmaron',
    signer_count: 'Firmantes',
    units: 'Unidades',
    created_at: 'Creada',
    sent_at: 'Enviada',
    completed_at: 'Completada',
    expires_at: 'Vence',
    date_from: 'Desde',
    date_to: 'Hasta',
  },
  status: {
    in_progress: 'En proceso',
    completed: 'Completada',
    rejected: 'Rechazada',
    cancelled: 'Cancelada',
    expired: 'Vencida',
  },
  signed_of: '%{signed} de %{total} firmaron',
  units_count: '%{smart_count} unidad |||| %{smart_count} unidades',
  totals: {
    title: 'Totales de las solicitudes filtradas',
    requests: 'Solicitudes',
    units: 'Unidades consumidas',
    completed: 'Completadas',
    in_progress: 'En proceso',
    rejected: 'Rechazadas',
    expired: 'Vencidas',
    cancelled: 'Canceladas',
  },
};

/** Labels of the contract history report (`resources.reports.*`). */
export const reportsMessages = resourceMessages({ name: 'reports', en, es });

/** The platform's report shows the same labels (`resources.report_companies.*`). */
export const reportCompaniesMessages = resourceMessages({ name: 'report_companies', en, es });
