import { AutocompleteInput, ReferenceInput } from 'react-admin';
import { useMayCall } from '../../access/endpointAccess';

/**
 * The «Plan» filter of the assignments: a choice among the platform's plans, offered only to whom
 * may list them (listPlans is global; a customer company filters its history by the other fields).
 */
export function PlanFilterInput({ source }: { source: string; alwaysOn?: boolean }) {
  const mayCall = useMayCall();
  if (!mayCall('listPlans')) return null;
  return (
    <ReferenceInput source={source} reference="plans" sort={{ field: 'name', order: 'ASC' }}>
      <AutocompleteInput
        optionText="name"
        filterToQuery={(search: string) => ({ search })}
        label="resources.plan_assignments.fields.plan_id"
        helperText={false}
        sx={{ minWidth: 200 }}
      />
    </ReferenceInput>
  );
}
