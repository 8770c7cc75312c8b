import type { TemplateDefinition, TemplateDefinitions } from "./registry";

/**
 * The mail templates, rendered with React Email: loaded on the first render (React Email and its
 * code highlighter cost a noticeable part of the server's start, and most starts send no mail).
 */
export type TemplateName = keyof TemplateDefinitions;
export type TemplateProps<N extends TemplateName> = TemplateDefinitions[N] extends TemplateDefinition<infer P> ? P : never;
export type RenderedMail = { subject: string; html: string; text: string };

// Every template once: a name missing here, or one that is not a template, fails the typecheck.
const NAMES: Record<TemplateName, true> = {
  contact: true,
  "booking-confirmation": true,
  "adoption-confirmation": true,
  "verify-email": true,
  "password-reset": true,
  "account-notice": true,
  "booking-update": true,
  "booking-cancelled-notice": true,
  "stay-confirmed": true,
  "adoption-update": true,
  "hive-update": true,
  "hive-moved": true,
  "payment-receipt": true,
  "sign-in-code": true,
  "email-change": true,
};

export const templateNames = Object.keys(NAMES) as TemplateName[];

/** Renders one template to the subject line and both body parts; the plain-text part is derived from the same markup. */
export async function renderTemplate<N extends TemplateName>(name: N, props: TemplateProps<N>): Promise<RenderedMail> {
  const registry = await import("./registry");
  return registry.renderTemplate(name, props);
}

export type { AccountNoticeProps } from "./account-notice";
export type { AdoptionConfirmationProps } from "./adoption-confirmation";
export type { AdoptionUpdateProps } from "./adoption-update";
export type { BookingConfirmationProps } from "./booking-confirmation";
export type { BookingUpdateProps } from "./booking-update";
export type { ContactProps } from "./contact";
export type { HiveMovedProps } from "./hive-moved";
export type { HiveUpdateProps } from "./hive-update";
export type { PasswordResetProps } from "./password-reset";
export type { PaymentReceiptProps } from "./payment-receipt";
export type { StayConfirmedProps } from "./stay-confirmed";
export type { VerifyEmailProps } from "./verify-email";
