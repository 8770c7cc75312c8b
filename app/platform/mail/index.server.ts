/** The e-mail module: features enqueue in their transaction; the server runs one `MailWorker`. */
export { enqueueMail, enqueueTemplate, mailKeysAmong, withdrawHeldMail, type Enqueued, type EnqueueTemplateOptions, type OutboxMessageInput } from "./outbox.server";
export { createTransport, type MailTransport, type OutgoingMail, type TransportOptions } from "./transport.server";
export { MailWorker, OUTBOX_CHANNEL, type MailWorkerOptions } from "./worker.server";
export { renderTemplate, templateNames, type RenderedMail, type TemplateName, type TemplateProps } from "./templates";
export { attachment, MailValidationError, messageIdFor } from "./validation";
