import { Tab, Tabs } from '@mui/material';
import { useStore } from 'react-admin';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { AssignmentListPage } from '../planAssignments/AssignmentListPage';
import { PlanListPage } from './PlanListPage';

type PlansTab = 'assignments' | 'plans';

/**
 * SPEC §2.1 admin.plans.items-crud (/user/plans, menu "Historial de paquetes"): the packages
 * assigned to companies (first: it is the history the menu names) and the plan catalogue, as tabs
 * over one route.
 */
export function PlansPage() {
  const translate = useAppTranslate();
  const [tab, setTab] = useStore<PlansTab>('plans.tab', 'assignments');
  const tabs = (
    <Tabs
      value={tab}
      onChange={(_, next: PlansTab) => setTab(next)}
      aria-label={translate('app.platform.plans.title')}
      sx={{ borderBottom: 1, borderColor: 'divider', mt: 1 }}
    >
      <Tab value="assignments" label={translate('app.platform.plans.tab_assignments')} />
      <Tab value="plans" label={translate('app.platform.plans.tab_plans')} />
    </Tabs>
  );
  return tab === 'plans' ? <PlanListPage tabs={tabs} /> : <AssignmentListPage tabs={tabs} />;
}
