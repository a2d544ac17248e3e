/** Every refusal an upload can meet, in the words the user reads. */
export const FILE_MESSAGES = {
  empty: 'El archivo está vacío',
  tooLarge: (limit: string) => `El archivo supera el tamaño máximo permitido de ${limit}`,
  tooLargeForKind: (kind: string, limit: string) =>
    `El archivo ${kind} supera el tamaño máximo permitido de ${limit}`,
  wrongType: (kinds: string) =>
    `Tipo de archivo no permitido: el contenido no corresponde a un formato aceptado (${kinds})`,

  pdfEncrypted: 'El PDF está cifrado o protegido con contraseña; quite la protección y vuelva a cargarlo',
  pdfMalformed: 'El PDF está dañado o incompleto y no se puede leer',
  pdfBeforeHeader:
    'El archivo no empieza con el encabezado del PDF (%PDF): tiene otro contenido antes; no se admite por seguridad',
  pdfAfterEnd: 'El archivo tiene contenido después del final del PDF (%%EOF); no se admite por seguridad',
  pdfNoPages: 'El PDF no tiene páginas',
  pdfTooManyPages: (pages: number, max: number) =>
    `El PDF tiene ${pages} páginas; el máximo permitido es ${max}`,
  pdfActiveContent:
    'El PDF contiene código JavaScript o acciones que abren programas; no se admite por seguridad',

  zipMalformed: 'El archivo está dañado o no es un documento de Office válido',
  zipTooManyEntries: (max: number) => `El archivo contiene demasiadas partes internas (máximo ${max})`,
  zipTooLarge: (limit: string) =>
    `El contenido descomprimido del archivo es demasiado grande (máximo ${limit}); puede ser una bomba de compresión`,
  zipRatio:
    'El archivo tiene un nivel de compresión anormal y puede ser una bomba de compresión; no se admite',
  zipOverlapping: 'El archivo tiene partes internas superpuestas, propias de una bomba de compresión',
  zipUnsafeName: 'El archivo contiene rutas internas no permitidas',
  zipDuplicateName: 'El archivo contiene partes internas repetidas',
  zipNested: 'El archivo contiene otros archivos comprimidos incrustados; quítelos y vuelva a cargarlo',
  zipEncrypted: 'El archivo está protegido con contraseña; quite la protección y vuelva a cargarlo',

  officeMissingPart: (kind: string) => `El archivo no es un documento ${kind} válido`,
  officeMacros: (kind: string) =>
    `El documento ${kind} contiene macros o controles ActiveX; guárdelo sin macros y vuelva a cargarlo`,
  officeRemoteTemplate: 'El documento usa una plantilla remota; no se admite por seguridad',
  officeLocalLink: 'El documento enlaza archivos locales o de red; no se admite por seguridad',
  officeExternalLink: 'El documento contiene vínculos externos no permitidos',
  officeDataConnection: 'El libro contiene conexiones a datos externos; quítelas y vuelva a cargarlo',
  xlsxFormula: (sheet: string, cell: string) =>
    `La hoja «${sheet}» contiene una fórmula en la celda ${cell}; cargue el archivo solo con valores`,

  docxUnreadable: 'No fue posible convertir el documento de Word',

  /** `of` names the image: «del logo», «de la firma». */
  imageUnreadable: (of: string) => `La imagen ${of} está dañada o incompleta y no se puede leer`,
  imageTooManyPixels: (of: string, width: number, height: number, limit: string) =>
    `La imagen ${of} mide ${width.toLocaleString('es-CO')} × ${height.toLocaleString('es-CO')} píxeles; el máximo es ${limit}`,
  imageTooLargeAfterEncoding: (of: string) =>
    `La imagen ${of} es demasiado grande incluso después de reducirla`,

  faceNone: 'No se detectó ningún rostro en la foto; tómela de frente, con buena luz',
  faceSeveral: (count: number) =>
    `Se detectaron ${count} rostros en la foto; debe aparecer solo la persona que firma`,
} as const;
