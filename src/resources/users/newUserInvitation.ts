import type { RaRecord } from 'react-admin';
import { useCompanyScope } from '../../framework/common/companyChoices';
import type { ScreenAdjustments } from '../../framework/types';
import { useAppTranslate } from '../../i18n/useAppTranslate';

/**
 * A new user belongs to the signed-in user's company unless another is picked, and the toast says
 * that the invitation e-mail went out (SPEC: a new user sets the password from that e-mail).
 */
export function useNewUserInvitation(): ScreenAdjustments {
  const translate = useAppTranslate();
  const { companyId } = useCompanyScope();
  return {
    create: {
      defaultValues: { company_id: companyId },
      successMessage: (user: RaRecord) => translate('app.users.invited', { email: String(user.email) }),
    },
  };
}
