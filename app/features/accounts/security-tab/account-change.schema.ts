import { ContactEmailRequestSchema } from "../sign-in-ways/code.schema";

/** The new address of PUT /user: the same rules as every address a person types (no stand-in `.invalid` ones). */
export const ChangeEmailSchema = ContactEmailRequestSchema;

