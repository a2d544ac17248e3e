// Types of the parts of system-tools.mjs that TypeScript tests import.
export declare const PG_BIN_DIR: string;
/** Where each tool is (`nginx`, `chromium`, …); null when missing. */
export declare function findTools(): Record<string, string | null>;
/** Why a stage cannot run (with the apt command), or null when its tools are present. */
export declare function missingReason(names: string[]): string | null;
