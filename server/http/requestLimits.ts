/** What one request may carry; anything past these is refused before a handler reads it. */
export const REQUEST_LIMITS = {
  /** Bytes of a body: 7 MB of PDF travels as base64 in JSON (contract/endpoints/documentGroups.ts). */
  bodyBytes: 10 * 1024 * 1024,
  /**
   * Arrays and objects nested in a JSON body. The contract's deepest body (a multiple PDF
   * signature) nests 6; validation, the input-text check and the reply walk a value recursively,
   * so a body nested thousands deep would exhaust the stack.
   */
  bodyDepth: 64,
  /** Characters of one path parameter. */
  paramLength: 500,
} as const;
