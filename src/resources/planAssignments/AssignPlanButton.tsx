import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useMayCall } from '../../access/endpointAccess';
import { APP_TIME_ZONE } from '../../format';
import { RecordFormDialog } from '../../framework/common';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { AssignPlanInputs } from './AssignPlanInputs';

/**
 * The list toolbar's "Asignar plan": save_package_plan_assignment in a dialog, for whoever may
 * call it (a platform endpoint: a customer company's user who lists assignments may not).
 */
export function AssignPlanButton() {
  const translate = useAppTranslate();
  const mayCall = useMayCall();
  const [open, setOpen] = useState(false);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: APP_TIME_ZONE });
  if (!mayCall('savePlanAssignment')) return null;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<AssignmentTurnedInOutlinedIcon />}
        onClick={() => setOpen(true)}
      >
        {translate('app.platform.plans.assign')}
      </Button>
      <RecordFormDialog
        mode="create"
        resource="plan_assignments"
        open={open}
        onClose={() => setOpen(false)}
        title={translate('app.platform.plans.assign_title')}
        defaultValues={{ starts_at: today }}
      >
        <AssignPlanInputs />
      </RecordFormDialog>
    </>
  );
}
