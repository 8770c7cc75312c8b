import type { Refusal } from "./result";

/** A toast: the spec's title and description, e.g. "Logged out" / "You have been successfully logged out." */
export type Toast = {
  id?: string;
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
  /** A line after the spec's description, e.g. where the details of a request are. */
  detail?: string;
  /** Where to see what just happened, e.g. the new request in the sponsor profile (a path on this site). */
  link?: { label: string; href: string };
  /** A button that takes back what just happened (an Undo): a form post while the toast shows. */
  action?: ToastAction;
};

/**
 * The post a toast's button makes: `fields` to `to` (the page that answered, when not given).
 * The toast stays `seconds` instead of the usual few, the time the action is offered.
 */
export type ToastAction = { label: string; fields: Readonly<Record<string, string | readonly string[]>>; to?: string; seconds: number };

/** An error toast with an id of its own, so the same words answered twice show twice. */
export function errorToast(title: string, description: string): Toast {
  return { id: crypto.randomUUID(), title, description, variant: "error" };
}

/** A refusal as its error toast: its own title when it has one, else the screen's. */
export function refusalToast(refusal: Refusal, title: string): Toast {
  return errorToast(refusal.title ?? title, refusal.message);
}
