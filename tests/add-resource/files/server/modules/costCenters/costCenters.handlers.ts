import * as contract from '../../../contract/endpoints/costCenters.js';
import { costCenters } from '../../db/schema/costCenters.js';
import { crudMessages, crudService } from '../common/crud.js';
import { crudHandlers } from '../common/crudHandlers.js';

const taken = (what: string) => `Ya existe un centro de costo con este ${what} en la empresa`;
const costCentersCrud = crudService({
  table: costCenters,
  record: contract.costCenterRecord,
  // Sorts and filters are the contract list's: each key is the column of that SQL name.
  list: contract.costCenters.listCostCenters,
  search: [costCenters.name, costCenters.code],
  defaultSort: 'name',
  unique: { name: taken('nombre'), code: taken('código') },
  messages: crudMessages('Centro de costo'),
});

export const costCentersHandlers = crudHandlers(costCentersCrud, contract.costCenterNames);
