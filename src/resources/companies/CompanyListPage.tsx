import { Stack } from '@mui/material';
import { useState } from 'react';
import { DataTable, type RaRecord, SelectInput, useRecordContext, useTranslate } from 'react-admin';
import { PLATFORM_COMPANY_ID } from '../../../contract';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from '../common';
import { ApiKeyDialog } from './ApiKeyDialog';
import {
  CompanyCreatedField,
  CompanyDetails,
  CompanyKindField,
  CompanyNameField,
  type CompanyRecord,
  CompanyStatusChip,
  CompanyStorageField,
} from './CompanyFields';
import { CompanyInputs, useStatusChoices } from './CompanyInputs';
import { exportCompaniesBody } from './companiesData';
import { useCompanyScope } from './companyScope';
import { companyUpdatePath } from './paths';

/**
 * /user/company: every company for the administrator ("Creación de Empresas"), the company and
 * its branches for a company user ("Creación de Sucursales"). Creating shows the new API key once.
 */
export function CompanyListPage() {
  const translate = useAppTranslate();
  const translateField = useTranslate();
  const scope = useCompanyScope();
  const statusChoices = useStatusChoices();
  const [newKey, setNewKey] = useState<string | null>(null);
  const kindChoices = [
    { id: 'company', name: translate('app.companies.kind_company') },
    { id: 'branch', name: translate('app.companies.kind_branch') },
  ];
  const onCreated = (record: RaRecord) => {
    if (typeof record.api_key === 'string') setNewKey(record.api_key);
  };

  const filters = [
    searchFilter('search', translateField('resources.companies.fields.search')),
    <SelectInput key="status" source="status" choices={statusChoices} alwaysOn emptyText=" " />,
    ...(scope.isAdministrator
      ? [<SelectInput key="kind" source="kind" choices={kindChoices} alwaysOn emptyText=" " />]
      : []),
  ];

  const create = scope.isAdministrator
    ? {
        title: translate('app.companies.create_company'),
        content: <CompanyInputs kind="company" isAdministrator />,
        onSaved: onCreated,
        maxWidth: 'md' as const,
      }
    : {
        title: translate('app.companies.create_branch'),
        resource: 'company_branches',
        content: <CompanyInputs kind="branch" isAdministrator={false} />,
        defaultValues: { parent_id: scope.companyId },
        transform: (data: RaRecord) => ({ ...data, parent_id: scope.companyId }),
        onSaved: onCreated,
        maxWidth: 'md' as const,
      };

  return (
    <>
      <ResourceListPage
        resource="companies"
        title={translate(
          scope.isAdministrator ? 'app.companies.title_administrator' : 'app.companies.title_company',
        )}
        subtitle={translate(
          scope.isAdministrator ? 'app.companies.subtitle_administrator' : 'app.companies.subtitle_company',
        )}
        filters={filters}
        sort={{ field: 'fiscal_name', order: 'ASC' }}
        export={{ endpoint: 'exportCompanies', filename: 'empresas.xlsx', toBody: exportCompaniesBody }}
        create={create}
        canCreate={scope.canUpdate}
        show={{ title: translate('app.companies.details'), content: <CompanyDetails />, maxWidth: 'md' }}
        phone={{
          primaryText: (record) => record.fiscal_name,
          secondaryText: (record) => (
            <Stack direction="row" component="span" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <span style={{ whiteSpace: 'nowrap' }}>{record.tax_id}</span>
              <CompanyStatusChip />
            </Stack>
          ),
          actions: <CompanyRowActions canUpdate={scope.canUpdate} />,
        }}
      >
        <DataTable.Col source="fiscal_name" field={CompanyNameField} />
        {/* A NIT never breaks at its check digit ("901234567-" / "7"). */}
        <DataTable.Col source="tax_id" sx={{ whiteSpace: 'nowrap' }} />
        <DataTable.Col source="kind" disableSort field={CompanyKindField} />
        <DataTable.Col source="status" field={CompanyStatusChip} />
        <DataTable.Col
          source="storage_used_gb"
          label="resources.companies.fields.storage"
          field={CompanyStorageField}
        />
        <DataTable.Col source="created_at" field={CompanyCreatedField} />
        <DataTable.Col label="app.list.actions_column" disableSort>
          <CompanyRowActions canUpdate={scope.canUpdate} />
        </DataTable.Col>
      </ResourceListPage>
      <ApiKeyDialog
        apiKey={newKey}
        onClose={() => setNewKey(null)}
        title={translate('app.companies.api_key_created')}
      />
    </>
  );
}

function CompanyRowActions({ canUpdate }: { canUpdate: boolean }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <ViewDetailsButton />
      {canUpdate ? <UpdateButton to={(record) => companyUpdatePath(record.id)} /> : null}
      {canUpdate ? <CompanyDeleteButton /> : null}
    </Stack>
  );
}

/** The platform company (id 1) and the user's own company cannot be deleted from here. */
function CompanyDeleteButton() {
  const scope = useCompanyScope();
  const record = useRecordContext<CompanyRecord>();
  if (!record || record.id === PLATFORM_COMPANY_ID || record.id === scope.companyId) return null;
  return <ConfirmDeleteButton />;
}
