// The least a react-admin list screen can be: one resource's list with a search filter, a choice
// filter, five columns, create/export/edit buttons, an auth provider and a message catalogue —
// no app code, no contract, no zod. bench/react-admin-floor.bench.mjs builds it as Vite builds
// the product and weighs its JavaScript: the floor under the first list screen's figure.

import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import {
  Admin,
  BooleanField,
  CreateButton,
  Datagrid,
  type DataProvider,
  DateField,
  EditButton,
  ExportButton,
  List,
  NumberField,
  Resource,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
} from 'react-admin';
import { createRoot } from 'react-dom/client';

const company = { id: 1, name: 'Comercial del Norte', created_at: '2026-11-28', active: true, units: 10 };
const dataProvider = {
  getList: async () => ({ data: [company], total: 1 }),
  getOne: async () => ({ data: company }),
  getMany: async () => ({ data: [company] }),
  getManyReference: async () => ({ data: [], total: 0 }),
  create: async () => ({ data: company }),
  update: async () => ({ data: company }),
  updateMany: async () => ({ data: [] }),
  delete: async () => ({ data: company }),
  deleteMany: async () => ({ data: [] }),
} as unknown as DataProvider;

const authProvider = {
  login: async () => {},
  logout: async () => {},
  checkAuth: async () => {},
  checkError: async () => {},
  getIdentity: async () => ({ id: 1, fullName: 'Ana Pérez' }),
  canAccess: async () => true,
};

const filters = [
  <SearchInput source="q" alwaysOn key="q" />,
  <SelectInput source="active" choices={[{ id: 'true', name: 'Activa' }]} key="active" />,
];

const CompanyList = () => (
  <List
    filters={filters}
    actions={
      <TopToolbar>
        <CreateButton />
        <ExportButton />
      </TopToolbar>
    }
  >
    <Datagrid>
      <TextField source="name" />
      <DateField source="created_at" />
      <BooleanField source="active" />
      <NumberField source="units" />
      <EditButton />
    </Datagrid>
  </List>
);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={polyglotI18nProvider(() => englishMessages, 'en')}
    >
      <Resource name="companies" list={CompanyList} />
    </Admin>,
  );
}
