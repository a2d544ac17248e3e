import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import { createElement } from 'react';
import { DateInput } from 'react-admin';
import { MAIL_KIND_VALUES } from '../../../contract/endpoints/emailTracker';
import { defineResource } from '../../framework/defineResource';
import { MAIL_STATUS_CHIPS } from '../../requests/history/requestHistoryText';
import { TrackedOpensCell, TrackedRecipientCell, TrackedRequestCell } from './EmailTrackerCells';
import { emailTrackerData, trackerExportBody } from './emailTrackerData';
import { TrackedEmailRowActions } from './ResendEmailButton';

/**
 * E-mail tracker (SPEC §2.1 email.tracker, /email-tracker): every e-mail the requests of the
 * visible companies sent, with delivery, opens and errors; "Reenviar" to a corrected address.
 */
export const emailTracker = defineResource({
  name: 'email_tracker',
  icon: MarkEmailReadOutlinedIcon,
  recordRepresentation: 'to',
  data: emailTrackerData,
  access: { export: 'exportEmailStatus' },
  screens: {
    route: { name: 'email.tracker', path: '/email-tracker' },
    title: 'app.pages.email_tracker',
    subtitle: 'resources.email_tracker.subtitle',
    dialogTitles: { show: 'resources.email_tracker.show' },
    dialogWidth: 'md',
    search: 'resources.email_tracker.search',
    sort: { field: 'created_at', order: 'DESC' },
    fields: {
      to: { column: { sortable: false }, detail: true, render: () => createElement(TrackedRecipientCell) },
      kind: {
        kind: 'choice',
        choices: { values: MAIL_KIND_VALUES, labels: 'resources.email_tracker.kind' },
        column: { sortable: false },
        filter: true,
        detail: true,
      },
      status: {
        choices: { colors: MAIL_STATUS_CHIPS },
        column: { sortable: false },
        filter: true,
        detail: true,
      },
      request_title: {
        column: { sortable: false },
        detail: true,
        render: () => createElement(TrackedRequestCell),
      },
      request_id: { filter: 'collapsed' },
      company_name: { column: { sortable: false }, detail: true },
      open_count: {
        column: { sortable: false },
        detail: true,
        render: () => createElement(TrackedOpensCell),
      },
      created_at: { kind: 'dateTime', column: { noWrap: true }, detail: true },
      subject: { detail: 'wide' },
      sent_at: { kind: 'dateTime', detail: true },
      opened_at: { kind: 'dateTime', detail: true },
      last_opened_at: { kind: 'dateTime', detail: true },
      bounced_at: { kind: 'dateTime', detail: true },
      failed_at: { kind: 'dateTime', detail: true },
      error: { detail: 'wide' },
    },
    phone: { primary: 'to', secondary: ['status', 'kind', 'created_at'] },
    actions: ['show'],
    export: {
      endpoint: 'exportEmailStatus',
      filename: 'seguimiento-correos.xlsx',
      toBody: trackerExportBody,
    },
    overrides: {
      filters: [
        createElement(DateInput, { key: 'date_from', source: 'date_from' }),
        createElement(DateInput, { key: 'date_to', source: 'date_to' }),
      ],
      rowActions: createElement(TrackedEmailRowActions),
    },
  },
});
