/**
 * The rich-text editor's own labels in Spanish. ra-input-rich-text asks for `ra.tiptap.*`, which
 * ra-language-english does not carry, so without these its buttons fall back to their English
 * defaults («Align left», «Add a link»…) in aria-label and title. `raTiptapSpanish.test.ts` checks
 * every key the package asks for.
 */
export const spanishTiptapMessages = {
  ra: {
    tiptap: {
      align_left: 'Alinear a la izquierda',
      align_right: 'Alinear a la derecha',
      align_center: 'Centrar',
      align_justify: 'Justificar',
      blockquote: 'Cita',
      bold: 'Negrita',
      clear_format: 'Borrar formato',
      code: 'Código',
      color: 'Color',
      current_level: 'Nivel actual',
      heading1: 'Título 1',
      heading2: 'Título 2',
      heading3: 'Título 3',
      heading4: 'Título 4',
      heading5: 'Título 5',
      heading6: 'Título 6',
      highlight: 'Resaltar',
      image: 'Imagen',
      image_dialog: 'Dirección de la imagen',
      italic: 'Cursiva',
      link: 'Agregar un enlace',
      list_bulleted: 'Lista con viñetas',
      list_numbered: 'Lista numerada',
      paragraph: 'Párrafo',
      select_level: 'Elegir el nivel',
      strike: 'Tachado',
      underline: 'Subrayado',
    },
  },
} as const;
