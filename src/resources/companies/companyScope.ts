import { PLATFORM_COMPANY_ID, ROLE } from '../../../contract';
import { useSessionUser } from '../../layout/useSessionUser';

/**
 * What the signed-in user may do with companies: the platform administrator (role 20) manages
 * every company; a company user sees its company and branches and creates branches.
 */
export function useCompanyScope() {
  const { user } = useSessionUser();
  const permissions = user?.permissions ?? [];
  return {
    companyId: user?.company_id ?? 0,
    companyName: user?.company_name ?? '',
    isAdministrator: user?.role_id === ROLE.administrator || user?.company_id === PLATFORM_COMPANY_ID,
    canUpdate: permissions.includes('company.update'),
  };
}
