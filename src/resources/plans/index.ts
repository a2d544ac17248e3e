import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import type { ResourceDeclaration } from '../types';
import { plansData } from './plansData';

/**
 * Signature plans (SPEC §7.2 Plans). Their screen is a tab of the fixed route
 * admin.plans.items-crud (/user/plans, PlansPage), beside the assigned packages.
 */
export const plans = {
  name: 'plans',
  icon: WorkspacePremiumOutlinedIcon,
  recordRepresentation: 'name',
  data: plansData,
} satisfies ResourceDeclaration;

export { PlansPage } from './PlansPage';
