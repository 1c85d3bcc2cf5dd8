/** The honorifics a recipient's name takes (御中 for a company, 様 for a person). Apart from the customer schema, so forms can list them without loading zod. */
export const HONORIFICS = ["御中", "様"] as const;
export type Honorific = (typeof HONORIFICS)[number];
