/**
 * Strings of the shared list framework (src/framework/common): list screens, dialogs, the §2.7
 * action buttons, delete confirmation and server-side export. Merged into `app.list` by en.ts.
 */
export const englishListMessages = {
  list: {
    range_at_least: '%{offsetBegin}-%{offsetEnd} of %{total} or more',
    range_approximate: '%{offsetBegin}-%{offsetEnd} of about %{total}',
    search: 'Search',
    empty_title: 'No records yet',
    empty_filtered: 'No records match the search or filters.',
    empty_hint: 'When records are added they will appear here.',
    clear_filters: 'Clear filters',
    actions_column: 'Actions',
    close: 'Close',
    cancel: 'Cancel',
    save: 'Save',
    created: 'Record created',
    updated: 'Changes saved',
    deleted: 'Record deleted',
    boolean: { yes: 'Yes', no: 'No', any: 'All' },
    actions: {
      add: 'Add',
      view_details: 'View details',
      update: 'Update',
      delete: 'Delete',
      json: 'JSON',
      certificate: 'Certificate',
      edit: 'Edit',
      search: 'Search',
      resend: 'Resend',
      cancel: 'Cancel',
      history: 'History',
      activate_user: 'Activate user',
      export: 'Export',
    },
    delete_dialog: {
      title: 'Delete %{name}?',
      content: 'This action cannot be undone.',
      confirm: 'Delete',
    },
    export_dialog: {
      running: 'Preparing the file…',
      failed: 'The file could not be downloaded',
    },
  },
} as const;
