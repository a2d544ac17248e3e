import { Box, Stack } from '@mui/material';
import { cloneElement, isValidElement, type ReactElement, type ReactNode, useMemo, useState } from 'react';
import {
  DataTable,
  DateInput,
  type RaRecord,
  SelectInput,
  TextInput,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { AppMessageKey } from '../i18n/en';
import { useAppTranslate } from '../i18n/useAppTranslate';
import {
  ConfirmDeleteButton,
  DetailGrid,
  EditButton,
  ResourceListPage,
  searchFilter,
  UpdateButton,
  ViewDetailsButton,
} from './common';
import { CompanyScopePicker, useCompanyScope } from './common/companyChoices';
import { resolvedFieldsOf, resolveField } from './fieldKinds';
import {
  choiceLabelKey,
  displaySource,
  FieldInput,
  FieldValue,
  fieldLabelKey,
  type NamedField,
} from './fieldParts';
import { formResolverOf, formSchemaOf, isRequiredField } from './formSchema';
import { BooleanFilter, ReferencePicker } from './kindParts';
import type { ResourceDeclaration } from './resourceDeclaration';
import type { FieldChoices, RowAction, ScreenAdjustments } from './types';

/** A declared resource that has generated screens. */
export type ScreenResource = ResourceDeclaration & { screens: NonNullable<ResourceDeclaration['screens']> };

const fieldsOf = (resource: ScreenResource): NamedField[] => resolvedFieldsOf(resource);

const inForm = (field: NamedField, mode: 'create' | 'edit') => field.form === true || field.form === mode;

const noWrapOf = (field: NamedField | undefined) =>
  typeof field?.column === 'object' && field.column.noWrap === true;

/** The row actions the declaration asks for, or every one whose data method is bound. */
export function rowActionsOf(resource: ScreenResource): readonly RowAction[] {
  if (resource.screens.actions) return resource.screens.actions;
  const bound: [RowAction, boolean][] = [
    ['show', Boolean(resource.data.getOne)],
    ['edit', Boolean(resource.data.update)],
    ['delete', Boolean(resource.data.delete)],
  ];
  return bound.filter(([, isBound]) => isBound).map(([action]) => action);
}

/** The generated inputs of one form, validated by the contract's schema. */
function useGeneratedForm(resource: ScreenResource, mode: 'create' | 'edit') {
  return useMemo(() => {
    const fields = fieldsOf(resource).filter((field) => inForm(field, mode));
    const schema = formSchemaOf(
      resource.data,
      mode,
      fields.map((field) => field.source),
    );
    const inputs = resource.screens.overrides?.inputs;
    const content = inputs ?? (
      <>
        {fields.map((field) => (
          <FieldInput
            key={field.source}
            field={field}
            required={isRequiredField(schema, field.source)}
            editing={mode === 'edit'}
          />
        ))}
        {resource.screens.overrides?.inputsExtra}
      </>
    );
    // Without declared form fields the inputs validate themselves (an empty schema would drop every value).
    return { content, resolver: fields.length ? formResolverOf(schema) : undefined };
  }, [resource, mode]);
}

/** The generated details: every field marked `detail`, then the declaration's extra content. */
export function GeneratedDetails({ resource }: { resource: ScreenResource }) {
  const record = useRecordContext();
  if (!record) return null;
  if (resource.screens.overrides?.details) return resource.screens.overrides.details;
  const items = fieldsOf(resource)
    .filter((field) => field.detail)
    .map((field) => ({
      source: displaySource(field),
      label: fieldLabelKey(resource.name, field),
      value: <FieldValue field={field} record={record} />,
      wide: field.detail === 'wide',
    }));
  const extra = resource.screens.overrides?.detailsExtra;
  const grid = <DetailGrid resource={resource.name} items={items} />;
  return extra ? (
    <Stack spacing={3}>
      {grid}
      {extra}
    </Stack>
  ) : (
    grid
  );
}

function RowActions({
  actions,
  extra,
  replacement,
}: {
  actions: readonly RowAction[];
  extra?: ReactElement;
  replacement?: ReactElement;
}) {
  if (replacement) return replacement;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'nowrap' }}>
      {actions.includes('show') ? <ViewDetailsButton /> : null}
      {actions.includes('edit') ? <EditButton /> : null}
      {actions.includes('update') ? <UpdateButton /> : null}
      {actions.includes('edit') || actions.includes('update') ? extra : null}
      {actions.includes('delete') ? <ConfirmDeleteButton /> : null}
    </Box>
  );
}

/**
 * The actions the user may use, each decided by `canAccess` on the endpoint behind it; creating
 * asks for the resource that saves (an adjustment may create through another, e.g. branches).
 */
function useAllowedActions(resource: ScreenResource, createResource: string = resource.name) {
  const name = resource.name;
  const show = useCanAccess({ resource: name, action: 'show' }).canAccess;
  const edit = useCanAccess({ resource: name, action: 'edit' }).canAccess;
  const remove = useCanAccess({ resource: name, action: 'delete' }).canAccess;
  const create = useCanAccess({ resource: createResource, action: 'create' }).canAccess;
  const exportAllowed = useCanAccess({ resource: name, action: 'export' }).canAccess;
  const allowed: Record<RowAction, boolean | undefined> = { show, edit, update: edit, delete: remove };
  return {
    row: rowActionsOf(resource).filter((action) => allowed[action]),
    create: Boolean(create && resource.data.create),
    export: Boolean(exportAllowed),
  };
}

/**
 * The generated filter input of a field: a select for a choice, Todos/Sí/No for a yes/no field, a
 * picker of the company's records for a reference, a date, else a text box.
 */
function fieldFilter(
  field: NamedField,
  translate: (key: AppMessageKey) => string,
  companyId: number | undefined,
): ReactElement {
  if (isValidElement(field.filter)) return cloneElement(field.filter, { key: field.source });
  const alwaysOn = field.filter !== 'collapsed';
  if (field.kind === 'boolean')
    return <BooleanFilter key={field.source} source={field.source} alwaysOn={alwaysOn} label={field.label} />;
  if (field.kind === 'reference' && field.references)
    return (
      <ReferencePicker
        key={field.source}
        source={field.source}
        references={field.references}
        label={field.label}
        companyId={companyId}
        alwaysOn={alwaysOn}
      />
    );
  if (field.kind === 'date')
    return <DateInput key={field.source} source={field.source} alwaysOn={alwaysOn} />;
  if (field.kind !== 'choice')
    return <TextInput key={field.source} source={field.source} alwaysOn={alwaysOn} resettable />;
  const choices = field.choices;
  return (
    <SelectInput
      key={field.source}
      source={field.source}
      alwaysOn={alwaysOn}
      emptyText={choices?.anyLabel ? translate(choices.anyLabel) : ''}
      choices={(choices?.values ?? []).map((value) => ({
        id: value,
        name: translate(choiceLabelKey(choices as FieldChoices, value)),
      }))}
    />
  );
}

function useFilters(
  resource: ScreenResource,
  hidden: readonly string[] = [],
  companyId?: number,
): ReactElement[] {
  const app = useAppTranslate();
  const { search } = resource.screens;
  const fieldFilters = fieldsOf(resource)
    .filter((field) => field.filter && !hidden.includes(field.source))
    .map((field) => fieldFilter(field, app, companyId));
  return [
    ...(search ? [searchFilter('search', app(search))] : []),
    ...fieldFilters,
    ...(resource.screens.overrides?.filters ?? []),
  ];
}

/**
 * The list screen generated from a declaration (SPEC §2.7): heading, search and filters, the
 * columns, export, "Agregar" and the row actions the user may use, create / edit / details
 * dialogs whose forms validate with the contract's schemas, rows instead of a table on a phone, and
 * for per-company resources the company picker.
 */
export function GeneratedListPage({ resource, before }: { resource: ScreenResource; before?: ReactNode }) {
  const app = useAppTranslate();
  const { screens } = resource;
  const scope = useCompanyScope();
  const [companyId, setCompanyId] = useState(scope.companyId);
  // Declared once per resource, so the hook is called on every render or on none.
  const adjust: ScreenAdjustments = screens.overrides?.useAdjustments?.() ?? {};
  const allowed = useAllowedActions(resource, adjust.create?.resource);
  const perCompany = screens.perCompany === true;
  const filters = useFilters(resource, adjust.hiddenFilters, perCompany ? companyId : undefined);
  const createForm = useGeneratedForm(resource, 'create');
  const editForm = useGeneratedForm(resource, 'edit');
  const fields = fieldsOf(resource);
  const columns = fields.filter((field) => field.column);
  const byName = new Map(fields.map((field) => [field.source, field]));
  const phoneField = (source: string) => byName.get(source) ?? resolveField(resource.name, source, {});
  // A record created for another company shows there: the list moves to that company.
  const onCreated = (record: RaRecord) => {
    const owner = Number(record.company_id);
    if (perCompany && Number.isInteger(owner) && owner > 0 && owner !== companyId) setCompanyId(owner);
    adjust.create?.onSaved?.(record);
  };
  const subtitle = adjust.subtitle ?? screens.subtitle;
  const createTitle = adjust.create?.title ?? screens.dialogTitles.create;
  const rowActions = allowed.row.length ? (
    <RowActions
      actions={allowed.row}
      extra={screens.overrides?.rowActionsExtra}
      replacement={screens.overrides?.rowActions}
    />
  ) : undefined;
  const listFilter = perCompany ? { ...adjust.filter, company_id: companyId } : adjust.filter;
  const toolbar =
    perCompany || screens.overrides?.toolbarExtra ? (
      <>
        {perCompany ? <CompanyScopePicker value={companyId} onChange={setCompanyId} /> : null}
        {screens.overrides?.toolbarExtra}
      </>
    ) : undefined;
  return (
    <>
      {before}
      <ResourceListPage
        resource={resource.name}
        title={app(adjust.title ?? screens.title)}
        subtitle={subtitle ? app(subtitle) : undefined}
        filters={filters}
        filter={listFilter}
        // One stored list state per company would otherwise mix pages between companies.
        storeKey={perCompany ? `${resource.name}.${companyId}.listParams` : undefined}
        sort={screens.sort}
        actions={toolbar}
        export={
          screens.export && allowed.export
            ? {
                ...screens.export,
                toBody: (values) => {
                  const withCompany = perCompany ? { ...values, company_id: companyId } : values;
                  return screens.export?.toBody ? screens.export.toBody(withCompany) : withCompany;
                },
              }
            : undefined
        }
        canCreate={allowed.create}
        create={
          createTitle
            ? {
                title: app(createTitle),
                content: adjust.create?.inputs ?? createForm.content,
                resolver: adjust.create?.inputs ? undefined : createForm.resolver,
                resource: adjust.create?.resource,
                transform: adjust.create?.transform,
                successMessage: adjust.create?.successMessage,
                defaultValues: {
                  ...screens.createDefaults,
                  ...(perCompany ? { company_id: companyId } : {}),
                  ...adjust.create?.defaultValues,
                },
                onSaved: onCreated,
                maxWidth: screens.dialogWidth,
              }
            : undefined
        }
        edit={
          screens.dialogTitles.edit
            ? {
                title: app(screens.dialogTitles.edit),
                content: editForm.content,
                resolver: editForm.resolver,
                maxWidth: screens.dialogWidth,
              }
            : undefined
        }
        show={
          screens.dialogTitles.show && allowed.row.includes('show')
            ? {
                title: app(screens.dialogTitles.show),
                content: <GeneratedDetails resource={resource} />,
                maxWidth: screens.dialogWidth,
              }
            : undefined
        }
        phone={{
          primaryText: (record) => <FieldValue field={phoneField(screens.phone.primary)} record={record} />,
          secondaryText: screens.phone.secondary?.length
            ? (record) => (
                <Stack
                  direction="row"
                  component="span"
                  sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
                >
                  {screens.phone.secondary?.map((source) => (
                    <span
                      key={source}
                      style={noWrapOf(byName.get(source)) ? { whiteSpace: 'nowrap' } : undefined}
                    >
                      <FieldValue field={phoneField(source)} record={record} />
                    </span>
                  ))}
                </Stack>
              )
            : undefined,
          actions: rowActions,
        }}
      >
        {columns.map((field) => {
          const options = typeof field.column === 'object' ? field.column : {};
          return (
            <DataTable.Col
              key={field.source}
              source={displaySource(field)}
              label={fieldLabelKey(resource.name, field)}
              disableSort={options.sortable === false}
              align={options.align}
              sx={options.noWrap ? { whiteSpace: 'nowrap' } : undefined}
              render={(record) => <FieldValue field={field} record={record as RaRecord} />}
            />
          );
        })}
        {allowed.row.length ? (
          <DataTable.Col label={app('app.list.actions_column')} align="right">
            {rowActions}
          </DataTable.Col>
        ) : null}
      </ResourceListPage>
      {adjust.extra}
    </>
  );
}
