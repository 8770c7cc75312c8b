import { z } from "~/platform/zod";
import { PhoneCodeRequestSchema, PhoneCodeSchema } from "./sign-in-ways/code.schema";

/** The "Sign-in ways" card's forms, shared by the browser and the commands. */
export {
  LINK_GOOGLE_INTENT,
  LINK_PHONE_INTENT,
  LINK_PHONE_REQUEST_INTENT,
  LINK_WALLET_INTENT,
  REMOVE_WAY_INTENT,
  SECURITY_TAB_PATH,
  SIGN_IN_WAY_INTENTS,
  SIGN_IN_WAYS_PATH,
  type SignInWay,
  type WayKind,
} from "./sign-in-ways-messages";

/** A way is named by its row's id (the `accounts` row); the server finds it among the person's own. */
export const RemoveWaySchema = z.object({ wayId: z.string({ error: "Choose a way to remove" }).trim().min(1, "Choose a way to remove").max(100, "Choose a way to remove") });
export const LinkPhoneRequestSchema = PhoneCodeRequestSchema;
export const LinkPhoneSchema = PhoneCodeSchema;
