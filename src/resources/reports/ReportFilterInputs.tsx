import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { useMayCall } from '../../access/endpointAccess';
import { CompanySelectInput, useCompanyScope } from '../../framework/common/companyChoices';
import { UserPickerInput } from '../../framework/common/EntityPickerInputs';

type FilterProps = { source: string; label: string; alwaysOn?: boolean };

/** The branch (or the company itself) among those the user may list; absent without company.list. */
export function BranchFilterInput({ source, label }: FilterProps) {
  const mayCall = useMayCall();
  if (!mayCall('listCompanies')) return null;
  return <CompanySelectInput source={source} label={label} helperText={false} sx={{ minWidth: 220 }} />;
}

/** The platform's company filter: any company (its branches come along on the server). */
export function CompanyFilterInput({ source, label }: FilterProps) {
  return <CompanySelectInput source={source} label={label} helperText={false} sx={{ minWidth: 220 }} />;
}

/** A document group of the user's company, for whom may list them. */
export function PackageFilterInput({ source, label }: FilterProps) {
  const mayCall = useMayCall();
  const { companyId } = useCompanyScope();
  if (!mayCall('listDocumentPackages') || companyId <= 0) return null;
  return (
    <ReferenceInput source={source} reference="document_groups" filter={{ company_id: companyId }}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={(search: string) => ({ search })}
        label={label}
        helperText={false}
        sx={{ minWidth: 220 }}
      />
    </ReferenceInput>
  );
}

/** The user who created the requests, for whom may list users. */
export function CreatorFilterInput({ source, label }: FilterProps) {
  const mayCall = useMayCall();
  if (!mayCall('listUsers')) return null;
  return <UserPickerInput source={source} nameSource="creator_name" label={label} />;
}
