/** The contact form's toasts, word for word from the spec. */
export const CONTACT_SENT = {
  title: "Message sent!",
  description: "Thank you for contacting us. We'll get back to you soon.",
  variant: "success",
} as const;

export const CONTACT_FAILED = {
  title: "Error",
  description: "Failed to send message. Please try again later.",
  variant: "error",
} as const;

export const CONTACT_INVALID = "Validation Error";
export const TOO_MANY_MESSAGES = "Too Many Messages";

export function tooManyMessagesDescription(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `You have sent several messages in a short time. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}
