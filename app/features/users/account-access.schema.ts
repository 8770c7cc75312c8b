import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";

/** End sessions, and Disable / Enable account, from User Management: the person, and for access which way. */
export const EndSessionsSchema = z.object({ userId: recordId("Choose a person") });
export const AccountAccessSchema = z.object({ userId: recordId("Choose a person"), access: z.enum(["disable", "enable"]) });
