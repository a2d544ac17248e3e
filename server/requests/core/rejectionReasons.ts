/**
 * Spanish reasons a company starts with until it writes its own: the request's detail seeds them
 * into the company's list on first read, and the signer's page offers them meanwhile (a reader
 * that changes nothing), so a signer always chooses from a real list.
 */
export const DEFAULT_REJECTION_REASONS = [
  'Los datos del documento son incorrectos',
  'No estoy de acuerdo con las condiciones',
  'No reconozco esta solicitud',
  'El documento está incompleto',
  'Debo revisarlo con un asesor antes de firmar',
  'Otro motivo',
] as const;
