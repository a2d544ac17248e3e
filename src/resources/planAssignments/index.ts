import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import type { ResourceDeclaration } from '../types';
import { planAssignmentsData, planTransactionsData } from './planAssignmentsData';

/**
 * Packages assigned to companies (get_packages_assignments; create = save_package_plan_assignment,
 * "Asignar plan"). Shown in the first tab of /user/plans. Assignments are never edited or deleted.
 */
export const planAssignments = {
  name: 'plan_assignments',
  icon: ReceiptLongOutlinedIcon,
  recordRepresentation: 'plan_name',
  data: planAssignmentsData,
  // Export uses the list's permission (export_packages_assignments requires the same one).
} satisfies ResourceDeclaration;

/** Unit movements of a package (get_packages_transactions), listed in its details. Read-only. */
export const planTransactions = {
  name: 'plan_transactions',
  recordRepresentation: 'reference',
  data: planTransactionsData,
} satisfies ResourceDeclaration;
