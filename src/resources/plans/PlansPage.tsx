import { Tab, Tabs } from '@mui/material';
import { useStore } from 'react-admin';
import { useMayCall } from '../../access/endpointAccess';
import { GeneratedListPage, type ScreenResource } from '../../framework/GeneratedListPage';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { RESOURCES } from '../registry';

type PlansTab = 'assignments' | 'plans';

/** Read from the registry when rendering: the declarations import this page. */
function screenResourceNamed(name: string): ScreenResource {
  const resource = RESOURCES.find((candidate) => candidate.name === name);
  if (!resource?.screens) throw new Error(`Recurso sin pantallas: ${name}`);
  return resource as ScreenResource;
}

/**
 * SPEC §2.1 admin.plans.items-crud (/user/plans, menu "Historial de paquetes"): the packages
 * assigned to companies (first: it is the history the menu names) and the plan catalogue, as tabs
 * over one route.
 */
export function PlansPage() {
  const translate = useAppTranslate();
  const [storedTab, setTab] = useStore<PlansTab>('plans.tab', 'assignments');
  // The catalogue is the platform's (listPlans is global): a customer company sees its history only.
  const showsCatalogue = useMayCall()('listPlans');
  const tab = showsCatalogue ? storedTab : 'assignments';
  const tabs = showsCatalogue && (
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
  const resource = screenResourceNamed(tab === 'plans' ? 'plans' : 'plan_assignments');
  // The key gives each tab its own list state.
  return <GeneratedListPage key={tab} resource={resource} before={tabs || undefined} />;
}
