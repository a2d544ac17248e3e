import { Box } from '@mui/material';
import { useState } from 'react';
import { DataTable, SelectInput } from 'react-admin';
import { formatDateTime } from '../../format';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  EditButton,
  ResourceListPage,
  searchFilter,
  ViewDetailsButton,
} from '../common';
import { CompanyScopePicker, useCompanyScope } from '../users/companyChoices';
import { DocumentTypeInputs } from './DocumentTypeInputs';
import { DocumentTypeShow } from './DocumentTypeShow';
import { DocumentTypeStatusChip } from './DocumentTypeStatusChip';
import { exportDocumentTypesBody } from './documentTypesData';

/**
 * SPEC §2.1 `user.documentType.items-crud` (/document-type): the document types of one company
 * (the user's own by default), with search, a status filter and sort; create, details, edit,
 * delete and export.
 */
export function DocumentTypeList() {
  const app = useAppTranslate();
  const scope = useCompanyScope();
  const [companyId, setCompanyId] = useState(scope.companyId);
  const filters = [
    searchFilter('search', app('app.document_types.search')),
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText={app('app.document_types.all_statuses')}
      choices={(['active', 'inactive'] as const).map((status) => ({
        id: status,
        name: app(`app.document_types.status.${status}`),
      }))}
    />,
  ];
  return (
    <ResourceListPage
      resource="document_types"
      title={app('app.pages.document_types')}
      filters={filters}
      filter={{ company_id: companyId }}
      storeKey={`document_types.${companyId}.listParams`}
      sort={{ field: 'name', order: 'ASC' }}
      actions={<CompanyScopePicker value={companyId} onChange={setCompanyId} />}
      export={{
        endpoint: 'exportDocumentTypes',
        filename: 'tipos-de-documento.xlsx',
        toBody: (filterValues) => exportDocumentTypesBody({ ...filterValues, company_id: companyId }),
      }}
      create={{
        title: app('app.document_types.create_title'),
        content: <DocumentTypeInputs />,
        defaultValues: { company_id: companyId, status: 'active' },
      }}
      edit={{ title: app('app.document_types.edit_title'), content: <DocumentTypeInputs /> }}
      show={{ title: app('app.document_types.show_title'), content: <DocumentTypeShow /> }}
    >
      <DataTable.Col source="name" />
      <DataTable.Col source="code" render={(record) => record.code ?? '—'} />
      <DataTable.Col source="description" disableSort render={(record) => record.description ?? '—'} />
      <DataTable.Col source="status" render={(record) => <DocumentTypeStatusChip status={record.status} />} />
      <DataTable.Col source="created_at" render={(record) => formatDateTime(record.created_at)} />
      <DataTable.Col label={app('app.list.actions_column')} align="right">
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
          <ViewDetailsButton />
          <EditButton />
          <ConfirmDeleteButton />
        </Box>
      </DataTable.Col>
    </ResourceListPage>
  );
}
