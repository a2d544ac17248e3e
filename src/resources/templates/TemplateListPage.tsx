import { DataTable, type RaRecord, SelectInput, useCanAccess } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { AddButton, UpdateButton } from '../../framework/common/ActionButtons';
import { ConfirmDeleteButton } from '../../framework/common/ConfirmDeleteButton';
import { ResourceListPage, searchFilter } from '../../framework/common/ResourceListPage';
import { FieldValue, type NamedField } from '../../framework/fieldParts';
import { useAppTranslate } from '../../i18n/useAppTranslate';
import { TEMPLATE_STATUS_CHOICES, templateEditorPath } from './templateChoices';

const RESOURCE = 'document_templates';
const COLUMNS: readonly NamedField[] = [
  { source: 'name', kind: 'text' },
  { source: 'company_name', kind: 'text', column: { sortable: false } },
  { source: 'document_type_name', kind: 'text', column: { sortable: false } },
  { source: 'status', kind: 'choice', choices: TEMPLATE_STATUS_CHOICES },
  { source: 'current_version', kind: 'number' },
  { source: 'updated_at', kind: 'dateTime' },
];

function RowActions() {
  return (
    <>
      <UpdateButton to={(record) => templateEditorPath(record.id)} />
      <ConfirmDeleteButton />
    </>
  );
}

/**
 * /document-template: the generated list's parts (search, status filter, columns, phone rows),
 * but "Agregar" and "Actualizar" open the editor page, since a template is too big for a dialog.
 */
export function TemplateListPage() {
  const app = useAppTranslate();
  const navigate = useNavigate();
  const canEdit = useCanAccess({ resource: RESOURCE, action: 'edit' }).canAccess;
  const canDelete = useCanAccess({ resource: RESOURCE, action: 'delete' }).canAccess;
  const statusFilter = (
    <SelectInput
      key="status"
      source="status"
      alwaysOn
      emptyText={app('app.templates.all_statuses')}
      choices={TEMPLATE_STATUS_CHOICES.values.map((value) => ({
        id: value,
        name: app(`app.templates.status.${value}`),
      }))}
    />
  );
  const actions = canEdit || canDelete ? <RowActions /> : undefined;
  return (
    <ResourceListPage
      resource={RESOURCE}
      title={app('app.menu.document_templates')}
      filters={[searchFilter('search', app('app.templates.search')), statusFilter]}
      sort={{ field: 'name', order: 'ASC' }}
      actions={canEdit ? <AddButton onClick={() => navigate(templateEditorPath())} /> : undefined}
      phone={{
        primaryText: (record: RaRecord) => String(record.name ?? ''),
        secondaryText: (record: RaRecord) => (
          <>
            {String(record.document_type_name ?? '')} · <FieldValue field={COLUMNS[3]!} record={record} />
          </>
        ),
        actions,
      }}
    >
      {COLUMNS.map((field) => (
        <DataTable.Col
          key={field.source}
          source={field.source}
          disableSort={typeof field.column === 'object' && field.column.sortable === false}
          render={(record) => <FieldValue field={field} record={record as RaRecord} />}
        />
      ))}
      {actions ? (
        <DataTable.Col label={app('app.list.actions_column')} align="right">
          {actions}
        </DataTable.Col>
      ) : null}
    </ResourceListPage>
  );
}
