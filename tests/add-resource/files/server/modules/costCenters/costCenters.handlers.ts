import { costCenterNames, costCenterRecord } from '../../../contract/endpoints/costCenters.js';
import { costCenters } from '../../db/schema/costCenters.js';
import { crudMessages, crudService } from '../common/crud.js';
import { crudHandlers } from '../common/crudHandlers.js';

const taken = (what: string) => `Ya existe un centro de costo con este ${what} en la empresa`;
const costCentersCrud = crudService({
  table: costCenters,
  record: costCenterRecord,
  search: [costCenters.name, costCenters.code],
  sort: ['name', 'code', 'status', 'created_at'],
  defaultSort: 'name',
  filters: ['status'],
  unique: { name: taken('nombre'), code: taken('código') },
  messages: crudMessages('Centro de costo'),
});

export const costCentersHandlers = crudHandlers(costCentersCrud, costCenterNames);
