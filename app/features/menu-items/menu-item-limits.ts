// Without zod: the dialog's fields take their lengths from here before the schema is fetched (ui/forms/client-schema.ts); the schema checks the same.
export const LABEL_MAX = 60;
export const PATH_MAX = 500;
