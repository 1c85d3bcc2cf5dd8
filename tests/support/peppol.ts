import path from "node:path";

/**
 * The official JP PINT 1.1.3 examples and code lists, kept beside the project
 * (../shared/peppol from its root) and read where they are, never copied in.
 */
export const PEPPOL_DIR = path.resolve(import.meta.dirname, "../../../shared/peppol");
export const PEPPOL_EXAMPLES_DIR = path.join(PEPPOL_DIR, "examples");
