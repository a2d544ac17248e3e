import type { ReactElement, ReactNode } from 'react';
import type { FilterPayload, RaRecord } from 'react-admin';
import type { EndpointName, Permission } from '../../contract';
import type { EndpointReply } from '../dataProvider/callEndpoint';
import type { ResourceDataDeclaration } from '../dataProvider/types';
import type { AppMessageKey } from '../i18n/en';
import type { ServerExportButtonProps } from './common/ServerExportButton';

/**
 * How a field is shown and edited; the generated column, input and detail follow from it. The
 * contract's schema implies it (src/framework/fieldKinds.ts): a declaration states it only to
 * differ.
 */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'number'
  | 'choice'
  | 'date'
  | 'dateTime'
  | 'company'
  | 'boolean'
  | 'money'
  | 'reference';

export type ChipColor = 'default' | 'success' | 'warning' | 'error' | 'info' | 'primary' | 'secondary';

/** A choice field's values, their labels (`<labels>.<value>`) and chip colours. */
export type FieldChoices = {
  values: readonly string[];
  /**
   * Catalogue prefix of the value labels (`app.document_types.status` → `…status.active`), or the
   * label key of each value when the catalogue does not group them.
   */
  labels: string | Readonly<Record<string, AppMessageKey>>;
  colors?: Partial<Record<string, ChipColor>>;
  /** The filter's "any value" entry. */
  anyLabel?: AppMessageKey;
};

/**
 * One field of a resource: its kind and where it shows. The label is
 * `resources.<resource>.fields.<source>` unless `label` names another catalogue key.
 */
export type FieldDeclaration<R> = {
  /** Only where it differs from what the contract's schema implies. */
  kind?: FieldKind;
  label?: AppMessageKey;
  /** A list column; `noWrap` keeps values such as a NIT on one line. */
  column?: boolean | { sortable?: boolean; noWrap?: boolean; align?: 'left' | 'right' };
  /**
   * A filter beside the search box (a select for a choice, a text box otherwise), or the filter
   * input that replaces the generated one (a picker, a date). `'collapsed'` waits behind "Agregar
   * filtro" on every screen size.
   */
  filter?: boolean | 'collapsed' | ReactElement;
  /** An input of the create and edit forms, or of one of them only. */
  form?: boolean | 'create' | 'edit';
  /** A row of the details dialog ('wide' spans both columns). */
  detail?: boolean | 'wide';
  /** A choice's values come from the schema's enum and its labels from `resources.<resource>.<field>`. */
  choices?: Partial<FieldChoices>;
  /** A reference's resource, when the schema's `referenceTo` does not name it. */
  references?: string;
  helper?: AppMessageKey;
  /** A number shown through a catalogue message with `smart_count` ("3 miembros"). */
  countLabel?: AppMessageKey;
  /** Shown upper-case as typed (the server upper-cases too). */
  upperCase?: boolean;
  /** Overrides how the value shows in the column, the phone row and the details. */
  render?: (record: R) => ReactNode;
  /** Overrides the generated input (keeps the field's place in the form). */
  input?: ReactElement;
};

type ItemOf<T> = T extends { items: readonly (infer I)[] } ? I : never;
type ReplyOfBinding<B> = B extends { endpoint: infer N extends EndpointName } ? EndpointReply<N> : never;

/** The record a resource shows: a list item and the detail reply, as the contract types them. */
export type RecordOf<D extends ResourceDataDeclaration> = RaRecord &
  Partial<ItemOf<ReplyOfBinding<D['getList']>>> &
  Partial<ReplyOfBinding<D['getOne']>>;

export type FieldName<D extends ResourceDataDeclaration> = Extract<
  keyof ItemOf<ReplyOfBinding<D['getList']>> | keyof ReplyOfBinding<D['getOne']>,
  string
>;

/** The SPEC §2.7 row actions a generated list offers ('update' is edit worded "Actualizar"). */
export type RowAction = 'show' | 'edit' | 'update' | 'delete';

/**
 * A menu entry the resource adds (SPEC §2.6) when the SPEC table does not list its route: a link
 * in one of the table's groups, shown with the permissions of the route.
 */
export type MenuContribution = { group: string; label: AppMessageKey };

/** The screens generated from a declaration, and the parts a resource overrides. */
export type ScreenDeclaration<
  D extends ResourceDataDeclaration,
  F extends string = FieldName<D>,
  R extends RaRecord = RecordOf<D>,
> = {
  /** The SPEC §2.1 route the list serves; `access` defaults to the list endpoint's permissions. */
  route: { name: string; path: string; access?: readonly Permission[] };
  /** Only for a route the SPEC §2.6 table does not list. */
  menu?: MenuContribution;
  /** Page heading and tab title when the menu does not link the page (else its menu label). */
  title: AppMessageKey;
  subtitle?: AppMessageKey;
  /** Width of the create, edit and details dialogs (default `sm`). */
  dialogWidth?: 'sm' | 'md' | 'lg';
  dialogTitles: { create?: AppMessageKey; edit?: AppMessageKey; show?: AppMessageKey };
  fields: { [K in F]?: FieldDeclaration<R> };
  sort: { field: F; order: 'ASC' | 'DESC' };
  /** The free-text filter (`search`) and its placeholder. */
  search?: AppMessageKey;
  /** Records belong to one company at a time: a company picker scopes the list. */
  perCompany?: boolean;
  export?: Omit<ServerExportButtonProps, 'label'>;
  /** Below `md`: the row's text. */
  phone: { primary: F; secondary?: readonly F[] };
  /** Defaults to every action whose data method is bound (getOne, update, delete). */
  actions?: readonly RowAction[];
  createDefaults?: Record<string, unknown>;
  /** Replace one generated part and keep the rest. */
  overrides?: {
    /** Extra content in the details dialog, after the generated fields. */
    detailsExtra?: ReactElement;
    /** The whole details content instead of the generated fields. */
    details?: ReactElement;
    /** More row buttons, before delete (the record is in context). */
    rowActionsExtra?: ReactElement;
    /** Extra inputs after the generated ones. */
    inputsExtra?: ReactElement;
    /** The whole form (create and edit) when its inputs depend on each other; fields keep their rules. */
    inputs?: ReactElement;
    /** The whole row buttons instead of the generated ones (the record is in context). */
    rowActions?: ReactElement;
    /** Filter inputs on values that are no record field (a date range), after the generated ones. */
    filters?: readonly ReactElement[];
    /** Toolbar buttons before export and "Agregar" (e.g. a create flow of its own). */
    toolbarExtra?: ReactElement;
    /** What the page adapts to the signed-in user, computed as it renders (a React hook). */
    useAdjustments?: () => ScreenAdjustments;
    /** The whole list page. */
    page?: () => ReactElement;
  };
  /**
   * Shown inside the page of another resource (named here, e.g. a tab) instead of serving the
   * route itself: the route only gives its access rules.
   */
  partOf?: string;
};

/** Per-user adjustments of a generated page (see `overrides.useAdjustments`). */
export type ScreenAdjustments = {
  title?: AppMessageKey;
  subtitle?: AppMessageKey;
  /** Filters left out for this user (by source). */
  hiddenFilters?: readonly string[];
  /** Filters always sent, not shown. */
  filter?: FilterPayload;
  /** The create dialog for this user: another title, inputs, resource or body shaping. */
  create?: {
    title?: AppMessageKey;
    inputs?: ReactElement;
    resource?: string;
    defaultValues?: Record<string, unknown>;
    transform?: (data: RaRecord) => RaRecord;
    onSaved?: (record: RaRecord) => void;
    /** The toast after creating (e.g. that an invitation went out). */
    successMessage?: (record: RaRecord) => string;
  };
  /** Rendered beside the list (e.g. a dialog the page opens after creating). */
  extra?: ReactNode;
};
