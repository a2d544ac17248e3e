import { Stack } from '@mui/material';
import { useState } from 'react';
import { type RaRecord, useRecordContext } from 'react-admin';
import { PLATFORM_COMPANY_ID } from '../../../contract';
import { useMayCall } from '../../access/endpointAccess';
import { ConfirmDeleteButton, UpdateButton, ViewDetailsButton } from '../../framework/common';
import { useCompanyScope } from '../../framework/common/companyChoices';
import type { ScreenAdjustments } from '../../framework/types';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { ApiKeyDialog } from './ApiKeyDialog';
import type { CompanyRecord } from './CompanyFields';
import { CompanyInputs } from './CompanyInputs';
import { companyUpdatePath } from './paths';

/**
 * The administrator creates companies ("Creación de Empresas"); a company user sees its company
 * and branches and creates branches ("Creación de Sucursales"), each offered to whoever may call
 * the endpoint that saves it. Creating shows the new API key once.
 */
export function useCompanyListAdjustments(): ScreenAdjustments {
  const scope = useCompanyScope();
  const translate = useAppTranslate();
  const [newKey, setNewKey] = useState<string | null>(null);
  const onSaved = (record: RaRecord) => {
    if (typeof record.api_key === 'string') setNewKey(record.api_key);
  };
  const extra = (
    <ApiKeyDialog
      apiKey={newKey}
      onClose={() => setNewKey(null)}
      title={translate('app.companies.api_key_created')}
    />
  );
  const common = { extra };
  if (scope.isAdministrator) {
    return {
      ...common,
      title: 'app.companies.title_administrator',
      subtitle: 'app.companies.subtitle_administrator',
      create: { inputs: <CompanyInputs kind="company" isAdministrator />, onSaved },
    };
  }
  return {
    ...common,
    title: 'app.companies.title_company',
    subtitle: 'app.companies.subtitle_company',
    hiddenFilters: ['is_branch'],
    create: {
      title: 'app.companies.create_branch',
      resource: 'company_branches',
      inputs: <CompanyInputs kind="branch" isAdministrator={false} />,
      defaultValues: { parent_id: scope.companyId },
      transform: (data) => ({ ...data, parent_id: scope.companyId }),
      onSaved,
    },
  };
}

/** Details; update on its own page (SPEC §2.1 /user/company/update/:id); delete. */
export function CompanyRowActions() {
  const mayCall = useMayCall();
  return (
    <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
      <ViewDetailsButton />
      {mayCall('updateCompany') ? <UpdateButton to={(record) => companyUpdatePath(record.id)} /> : null}
      {mayCall('deleteCompany') ? <CompanyDeleteButton /> : null}
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
