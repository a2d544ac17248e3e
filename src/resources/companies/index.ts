import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import { createElement } from 'react';
import { SelectInput } from 'react-admin';
import { defineResource } from '../../framework/defineResource';
import type { ResourceDeclaration } from '../../framework/resourceDeclaration';
import {
  CompanyCreatedField,
  CompanyDetails,
  CompanyKindField,
  CompanyNameField,
  CompanyStatusChip,
  CompanyStorageField,
} from './CompanyFields';
import { branchesData, companiesData, exportCompaniesBody } from './companiesData';
import { CompanyRowActions, useCompanyListAdjustments } from './companyListParts';

const status = {
  values: ['active', 'inactive'],
  labels: { active: 'app.companies.status_active', inactive: 'app.companies.status_inactive' },
  colors: { active: 'success' },
} as const;

/** "Empresa" / "Sucursal" (the list sends it as `kind`; records say `is_branch`). */
const kindFilter = createElement(SelectInput, {
  source: 'kind',
  alwaysOn: true,
  emptyText: ' ',
  choices: [
    { id: 'company', name: 'app.companies.kind_company' },
    { id: 'branch', name: 'app.companies.kind_branch' },
  ],
});

/**
 * Companies and branches (SPEC §2.1 /user/company; the update page /user/company/update/:id and
 * /company_features are pages of their own). One list serves both (company_list answers within the
 * session's scope); branches are created and updated through their own endpoints, declared as
 * `company_branches`.
 */
export const companies = defineResource({
  name: 'companies',
  icon: BusinessOutlinedIcon,
  recordRepresentation: 'fiscal_name',
  data: companiesData,
  access: { export: 'exportCompanies' },
  screens: {
    route: { name: 'admin.company.items-crud', path: '/user/company' },
    title: 'app.companies.title_administrator',
    dialogTitles: { create: 'app.companies.create_company', show: 'app.companies.details' },
    dialogWidth: 'md',
    search: 'resources.companies.fields.search',
    sort: { field: 'fiscal_name', order: 'ASC' },
    fields: {
      fiscal_name: { column: true, render: () => createElement(CompanyNameField) },
      // A NIT never breaks at its check digit ("901234567-" / "7").
      tax_id: { column: { noWrap: true } },
      is_branch: {
        kind: 'choice',
        label: 'resources.companies.fields.kind',
        column: { sortable: false },
        filter: kindFilter,
        render: () => createElement(CompanyKindField),
      },
      status: {
        choices: status,
        column: true,
        filter: true,
        render: () => createElement(CompanyStatusChip),
      },
      storage_used_gb: {
        label: 'resources.companies.fields.storage',
        column: true,
        render: () => createElement(CompanyStorageField),
      },
      created_at: { kind: 'dateTime', column: true, render: () => createElement(CompanyCreatedField) },
    },
    phone: { primary: 'fiscal_name', secondary: ['tax_id', 'status'] },
    actions: ['show', 'update', 'delete'],
    export: { endpoint: 'exportCompanies', filename: 'empresas.xlsx', toBody: exportCompaniesBody },
    overrides: {
      details: createElement(CompanyDetails),
      rowActions: createElement(CompanyRowActions),
      useAdjustments: useCompanyListAdjustments,
    },
  },
});

export const companyBranches = {
  name: 'company_branches',
  icon: BusinessOutlinedIcon,
  recordRepresentation: 'fiscal_name',
  data: branchesData,
} satisfies ResourceDeclaration;
