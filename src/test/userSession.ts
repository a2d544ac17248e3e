export { signInAs } from './fakes';

export const COMPANIES_PAGE = {
  items: [
    { id: 3, fiscal_name: 'Notaría Central', is_branch: false },
    { id: 4, fiscal_name: 'Notaría Central Medellín', is_branch: true },
  ],
  total: 2,
};

export const IDENTIFICATION_TYPES = {
  items: [
    { id: 1, code: 'CC', name: 'Cédula de ciudadanía', applies_to: 'person' },
    { id: 3, code: 'NIT', name: 'NIT', applies_to: 'company' },
  ],
  total: 2,
};
