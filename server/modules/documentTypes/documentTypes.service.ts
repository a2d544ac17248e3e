import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  documentTypes as documentTypeEndpoints,
  documentTypeRecord,
} from '../../../contract/endpoints/documentTypes.js';
import { documentTypes } from '../../db/schema/groupsAndTypes.js';
import { crudService } from '../common/crud.js';

export type DocumentTypeRecord = z.output<typeof documentTypeRecord>;
type Status = DocumentTypeRecord['status'];

export const DOCUMENT_TYPE_MESSAGES = {
  created: 'Tipo de documento creado',
  updated: 'Tipo de documento actualizado',
  deleted: 'Tipo de documento eliminado',
  nameTaken: 'Ya existe un tipo de documento con este nombre en la empresa',
  inUse: 'El tipo de documento está en uso y no se puede eliminar; puede desactivarlo',
} as const;

const STATUS_LABELS = { active: 'Activo', inactive: 'Inactivo' } as const satisfies Record<Status, string>;

/**
 * Kinds of document of one company: the common CRUD (search in name, code and description; the
 * contract's sorts and status filter; names unique per company; deleted only while nothing refers to them).
 */
export const documentTypesCrud = crudService({
  table: documentTypes,
  record: documentTypeRecord,
  list: documentTypeEndpoints.listDocumentTypes,
  search: [documentTypes.name, documentTypes.code, documentTypes.description],
  sortBy: { name: sql`lower(${documentTypes.name})` },
  defaultSort: 'name',
  unique: { name: DOCUMENT_TYPE_MESSAGES.nameTaken },
  messages: DOCUMENT_TYPE_MESSAGES,
  export: {
    sheetName: 'Tipos de documento',
    filePrefix: 'tipos-de-documento',
    columns: [
      { header: 'ID', width: 8, value: (type) => type.id },
      { header: 'Empresa', width: 32, value: (type) => type.company_name },
      { header: 'Nombre', width: 32, value: (type) => type.name },
      { header: 'Código', value: (type) => type.code },
      { header: 'Descripción', width: 48, value: (type) => type.description },
      { header: 'Estado', width: 12, value: (type) => STATUS_LABELS[type.status] },
      { header: 'Creado', value: (type) => new Date(type.created_at) },
    ],
  },
});
