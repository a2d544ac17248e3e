import { Stack } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { SelectInput, TextInput, useDataProvider } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { AppDataProvider } from '../../dataProvider';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { validPostalCode } from './companyValidation';

/** Colombia's departments and cities are seeded once and rarely change: cache them for the session. */
const LOCATION_STALE_TIME = 60 * 60 * 1000;

/** Department → city selects (get_departments / get_cities), postal code and address. */
export function LocationInputs() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const translate = useAppTranslate();
  const { setValue } = useFormContext();
  const departmentId = useWatch({ name: 'department_id' }) as number | string | null | undefined;
  const selectedDepartment = departmentId ? Number(departmentId) : 0;

  const departments = useQuery({
    queryKey: ['location', 'departments', 'CO'],
    queryFn: ({ signal }) => dataProvider.callEndpoint('listDepartments', { country_id: 'CO' }, { signal }),
    staleTime: LOCATION_STALE_TIME,
  });
  const cities = useQuery({
    queryKey: ['location', 'cities', selectedDepartment],
    queryFn: ({ signal }) =>
      dataProvider.callEndpoint('listCities', { department_id: selectedDepartment }, { signal }),
    enabled: selectedDepartment > 0,
    staleTime: LOCATION_STALE_TIME,
  });

  // A city belongs to one department: changing the department clears it (not on first render).
  const previous = useRef(selectedDepartment);
  useEffect(() => {
    if (previous.current !== selectedDepartment) {
      previous.current = selectedDepartment;
      setValue('city_id', null, { shouldDirty: true });
    }
  }, [selectedDepartment, setValue]);

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <SelectInput
          source="department_id"
          choices={departments.data?.items ?? []}
          isPending={departments.isPending}
          emptyText=" "
          fullWidth
        />
        <SelectInput
          source="city_id"
          choices={cities.data?.items ?? []}
          isPending={selectedDepartment > 0 && cities.isPending}
          disabled={!selectedDepartment}
          helperText={selectedDepartment ? false : translate('app.companies.select_department_first')}
          emptyText=" "
          fullWidth
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextInput source="postal_code" validate={validPostalCode()} sx={{ minWidth: 180 }} />
        <TextInput source="address" fullWidth />
      </Stack>
    </>
  );
}
