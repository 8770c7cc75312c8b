// Without zod: the dialog shows the role's rule as its hint before the schema is fetched (ui/forms/client-schema.ts).
export const ROLE_REQUIRED = "Role is required";
export const ROLE_NAME_RULE = "Use lower-case letters, digits and underscores, starting with a letter (2 to 32 characters), e.g. front_desk.";
export const MODULE_REQUIRED = "Module is required";
