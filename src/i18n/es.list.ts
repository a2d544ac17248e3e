import type { CatalogueOf } from './catalogue';
import type { englishListMessages } from './en.list';

/** Spanish strings of the shared list framework (SPEC §2.7). */
export const spanishListMessages = {
  list: {
    range_at_least: '%{offsetBegin}-%{offsetEnd} de %{total} o más',
    range_approximate: '%{offsetBegin}-%{offsetEnd} de unos %{total}',
    search: 'Buscar',
    empty_title: 'Aún no hay registros',
    empty_filtered: 'Ningún registro coincide con la búsqueda o los filtros.',
    empty_hint: 'Cuando se agreguen registros aparecerán aquí.',
    clear_filters: 'Quitar filtros',
    actions_column: 'Acciones',
    close: 'Cerrar',
    cancel: 'Cancelar',
    save: 'Guardar',
    created: 'Registro creado',
    updated: 'Cambios guardados',
    deleted: 'Registro eliminado',
    /** A yes/no field's value and its filter's three states. */
    boolean: { yes: 'Sí', no: 'No', any: 'Todos' },
    actions: {
      add: 'Agregar',
      view_details: 'Ver detalles',
      update: 'Actualizar',
      delete: 'Eliminar',
      json: 'JSON',
      certificate: 'Certificado',
      edit: 'Editar',
      search: 'Buscar',
      resend: 'Reenviar',
      cancel: 'Cancelar',
      history: 'Historial',
      activate_user: 'Activar usuario',
      export: 'Exportar',
    },
    delete_dialog: {
      title: '¿Eliminar %{name}?',
      content: 'Esta acción no se puede deshacer.',
      confirm: 'Eliminar',
    },
    export_dialog: {
      running: 'Preparando el archivo…',
      failed: 'No fue posible descargar el archivo',
    },
  },
} satisfies CatalogueOf<typeof englishListMessages>;
