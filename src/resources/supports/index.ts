import SupportAgentOutlinedIcon from '@mui/icons-material/SupportAgentOutlined';
import { createElement } from 'react';
import { DateInput } from 'react-admin';
import { CompanySelectInput } from '../../framework/common/companyChoices';
import { defineResource } from '../../framework/defineResource';
import { choicesOfStyles } from '../../framework/fieldParts';
import { NEW_TICKET_DEFAULTS, SupportInputs } from './SupportInputs';
import { SupportThread } from './SupportThread';
import { SUPPORT_CATEGORY_STYLES, SUPPORT_PRIORITY_STYLES, SUPPORT_STATUS_STYLES } from './supportStyles';
import { companySupportsData, supportsData } from './supportsData';

const label = (key: string) => `resources.supports.${key}` as const;

const dateFilters = [
  createElement(DateInput, { key: 'created_from', source: 'created_from' }),
  createElement(DateInput, { key: 'created_until', source: 'created_until' }),
];

const ticketFields = {
  subject: { column: true },
  status: { choices: choicesOfStyles(SUPPORT_STATUS_STYLES), column: true, filter: true },
  priority: { choices: choicesOfStyles(SUPPORT_PRIORITY_STYLES), column: true, filter: true },
  category: { choices: choicesOfStyles(SUPPORT_CATEGORY_STYLES), column: { sortable: false }, filter: true },
  messages_count: { column: { sortable: false, align: 'right' } },
  created_at: { kind: 'dateTime', column: { noWrap: true } },
  last_message_at: { kind: 'dateTime', column: { noWrap: true } },
} as const;

/**
 * The platform's support desk (SPEC §2.1 admin.supports, /supports): every company's tickets; the
 * details answer them, take internal notes and change their status.
 */
export const supports = defineResource({
  name: 'supports',
  icon: SupportAgentOutlinedIcon,
  recordRepresentation: 'subject',
  data: supportsData,
  screens: {
    route: { name: 'admin.supports', path: '/supports' },
    title: label('title'),
    subtitle: label('subtitle'),
    dialogTitles: { show: label('show') },
    dialogWidth: 'md',
    search: label('search'),
    sort: { field: 'created_at', order: 'DESC' },
    fields: {
      ...ticketFields,
      company_id: {
        column: { sortable: false },
        filter: createElement(CompanySelectInput, { source: 'company_id', alwaysOn: true }),
      },
    },
    phone: { primary: 'subject', secondary: ['company_id', 'status', 'priority', 'created_at'] },
    actions: ['show'],
    overrides: {
      details: createElement(SupportThread, { view: 'platform' }),
      filters: dateFilters,
    },
  },
});

/**
 * A company's tickets (SPEC §2.1 admin.company_supports, /company_supports): open one, follow the
 * answers and write back. Internal notes never reach these screens.
 */
export const companySupports = defineResource({
  name: 'company_supports',
  icon: SupportAgentOutlinedIcon,
  recordRepresentation: 'subject',
  data: companySupportsData,
  screens: {
    route: { name: 'admin.company_supports', path: '/company_supports' },
    title: label('company_title'),
    subtitle: label('company_subtitle'),
    dialogTitles: { create: label('create'), show: label('show') },
    dialogWidth: 'md',
    search: label('search'),
    sort: { field: 'created_at', order: 'DESC' },
    fields: ticketFields,
    phone: { primary: 'subject', secondary: ['status', 'priority', 'created_at'] },
    actions: ['show'],
    createDefaults: NEW_TICKET_DEFAULTS,
    overrides: {
      inputs: createElement(SupportInputs),
      details: createElement(SupportThread, { view: 'company' }),
      filters: dateFilters,
    },
  },
});
