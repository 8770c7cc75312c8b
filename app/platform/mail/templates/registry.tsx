import { plainTextSelectors, toPlainText } from "@react-email/render";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement, type FunctionComponent, type ReactElement } from "react";
import { toSubjectLine } from "../validation";
import type { RenderedMail, TemplateName, TemplateProps } from ".";
import { AccountNoticeEmail, accountNoticeSubject, type AccountNoticeProps } from "./account-notice";
import { AdoptionUpdateEmail, adoptionUpdateSubject, type AdoptionUpdateProps } from "./adoption-update";
import { AdoptionConfirmationEmail, adoptionConfirmationSubject, type AdoptionConfirmationProps } from "./adoption-confirmation";
import { BookingCancelledNoticeEmail, bookingCancelledNoticeSubject, type BookingCancelledNoticeProps } from "./booking-cancelled-notice";
import { BookingConfirmationEmail, bookingConfirmationSubject, type BookingConfirmationProps } from "./booking-confirmation";
import { BookingUpdateEmail, bookingUpdateSubject, type BookingUpdateProps } from "./booking-update";
import { EmailChangeEmail, emailChangeSubject, type EmailChangeProps } from "./email-change";
import { HiveMovedEmail, hiveMovedSubject, type HiveMovedProps } from "./hive-moved";
import { HiveUpdateEmail, hiveUpdateSubject, type HiveUpdateProps } from "./hive-update";
import { ContactEmail, contactSubject, type ContactProps } from "./contact";
import { PasswordResetEmail, passwordResetSubject, type PasswordResetProps } from "./password-reset";
import { PaymentReceiptEmail, paymentReceiptSubject, type PaymentReceiptProps } from "./payment-receipt";
import { SignInCodeEmail, signInCodeSubject, type SignInCodeProps } from "./sign-in-code";
import { StayConfirmedEmail, stayConfirmedSubject, type StayConfirmedProps } from "./stay-confirmed";
import { VerifyEmailEmail, verifyEmailSubject, type VerifyEmailProps } from "./verify-email";

export type TemplateDefinition<P> = { subject: (props: P) => string; Component: (props: P) => ReactElement };

const define = <P,>(definition: TemplateDefinition<P>) => definition;

export const templates = {
  contact: define<ContactProps>({ subject: contactSubject, Component: ContactEmail }),
  "booking-confirmation": define<BookingConfirmationProps>({ subject: bookingConfirmationSubject, Component: BookingConfirmationEmail }),
  "adoption-confirmation": define<AdoptionConfirmationProps>({ subject: adoptionConfirmationSubject, Component: AdoptionConfirmationEmail }),
  "verify-email": define<VerifyEmailProps>({ subject: verifyEmailSubject, Component: VerifyEmailEmail }),
  "password-reset": define<PasswordResetProps>({ subject: passwordResetSubject, Component: PasswordResetEmail }),
  "account-notice": define<AccountNoticeProps>({ subject: accountNoticeSubject, Component: AccountNoticeEmail }),
  "booking-update": define<BookingUpdateProps>({ subject: bookingUpdateSubject, Component: BookingUpdateEmail }),
  "booking-cancelled-notice": define<BookingCancelledNoticeProps>({ subject: bookingCancelledNoticeSubject, Component: BookingCancelledNoticeEmail }),
  "stay-confirmed": define<StayConfirmedProps>({ subject: stayConfirmedSubject, Component: StayConfirmedEmail }),
  "adoption-update": define<AdoptionUpdateProps>({ subject: adoptionUpdateSubject, Component: AdoptionUpdateEmail }),
  "hive-update": define<HiveUpdateProps>({ subject: hiveUpdateSubject, Component: HiveUpdateEmail }),
  "hive-moved": define<HiveMovedProps>({ subject: hiveMovedSubject, Component: HiveMovedEmail }),
  "payment-receipt": define<PaymentReceiptProps>({ subject: paymentReceiptSubject, Component: PaymentReceiptEmail }),
  "sign-in-code": define<SignInCodeProps>({ subject: signInCodeSubject, Component: SignInCodeEmail }),
  "email-change": define<EmailChangeProps>({ subject: emailChangeSubject, Component: EmailChangeEmail }),
};

export type TemplateDefinitions = typeof templates;

// Headings keep their case and the facts table keeps label and value on one line.
const htmlToTextOptions = {
  selectors: [
    ...plainTextSelectors,
    { selector: "h1", options: { uppercase: false } },
    { selector: "table.details", format: "dataTable", options: { uppercaseHeaders: false } },
  ],
};

const XHTML_DOCTYPE = '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** React adds <link rel="preload" as="image"> for images; mail clients have no use for it. */
function stripImagePreloads(html: string) {
  return html.replace(/<link\b[^>]*\brel="preload"[^>]*\bas="image"[^>]*\/?>/gi, "");
}

/** Renders one template to the subject line and both body parts; the plain-text part is derived from the same markup. */
export async function renderTemplate<N extends TemplateName>(name: N, props: TemplateProps<N>): Promise<RenderedMail> {
  const definition = templates[name] as unknown as TemplateDefinition<TemplateProps<N>> | undefined;
  if (!definition) throw new Error(`Unknown mail template "${String(name)}"`);
  // The name-to-props link is checked at the call site; createElement cannot see through the generic.
  const element = createElement(definition.Component as FunctionComponent<object>, props as object);
  // One synchronous render (the templates never suspend), about half the cost of React Email's
  // streaming render; the plain-text part is converted from that same HTML.
  const html = `${XHTML_DOCTYPE}${stripImagePreloads(renderToStaticMarkup(element))}`;
  const text = toPlainText(html, htmlToTextOptions);
  return { subject: toSubjectLine(definition.subject(props)), html, text };
}
