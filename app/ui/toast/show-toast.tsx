import { useEffect, useSyncExternalStore } from "react";
import { Form, useFetchers, useNavigation } from "react-router";
import type * as Sonner from "sonner";
import type { Toast, ToastAction } from "~/platform/toast";

/**
 * The one place sonner is called: its toaster (in the root layout), `showToast` and the rules
 * below. Sonner is fetched with the first toast, not with the page (most visits show none): the
 * toaster mounts once it has arrived, then the toasts asked for meanwhile are shown, in order.
 */
let sonnerModule: typeof Sonner | undefined;
let loadingSonner: Promise<void> | undefined;
/** Set once the toaster is listening: sonner drops the toasts shown before. */
let toasterMounted = false;
const waiting: Shown[] = [];
const toasterListeners = new Set<() => void>();

function loadSonner() {
  loadingSonner ??= import("sonner").then(
    (loaded) => {
      sonnerModule = loaded;
      for (const listener of toasterListeners) listener();
    },
    // Not fetched (offline, a new deployment meanwhile): the next toast asks again.
    () => {
      loadingSonner = undefined;
    },
  );
}

function subscribeToaster(listener: () => void) {
  toasterListeners.add(listener);
  return () => toasterListeners.delete(listener);
}

/** Sonner's toaster, once sonner has been fetched (nothing before: no toast has been asked for). */
export function Toaster(props: Sonner.ToasterProps) {
  const loaded = useSyncExternalStore(subscribeToaster, () => sonnerModule, () => undefined);
  if (!loaded) return null;
  return (
    <>
      <loaded.Toaster {...props} />
      <ShowWaiting />
    </>
  );
}

/** After the toaster's own effects (it subscribes in one): the toasts asked for while it loaded. */
function ShowWaiting() {
  useEffect(() => {
    toasterMounted = true;
    for (const toast of waiting.splice(0)) toSonner(toast);
    return () => {
      toasterMounted = false;
    };
  }, []);
  return null;
}

/** The description, then the detail line and the link, as the server's flash toast shows them. */
export function ToastBody({ toast, onAction }: { toast: Toast; onAction: () => void }) {
  return (
    <>
      {toast.description}
      {toast.detail && <span className="mt-1 block whitespace-pre-line">{toast.detail}</span>}
      {toast.link && (
        <a href={toast.link.href} className="mt-1.5 block font-semibold underline underline-offset-4">
          {toast.link.label}
        </a>
      )}
      {toast.action && <ActionForm action={toast.action} onSent={onAction} />}
    </>
  );
}

/** The toast's button (an Undo): a form post of its fields, and the toast goes. */
function ActionForm({ action, onSent }: { action: ToastAction; onSent: () => void }) {
  return (
    <Form method="post" action={action.to} preventScrollReset onSubmit={onSent} className="mt-2">
      {Object.entries(action.fields).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((one: string, index) => <input key={`${name}-${index}`} type="hidden" name={name} value={one} />))}
      <button
        type="submit"
        className="inline-flex min-h-9 cursor-pointer items-center rounded-full border border-current px-4 text-sm font-semibold hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-current"
      >
        {action.label}
      </button>
    </Form>
  );
}

/**
 * Where toasts go. Normally sonner's toaster at the top of the screen; while a dialog is open,
 * inside that dialog (`DialogToasts`), so that no toast ever covers a dialog's title or buttons,
 * and a refusal the dialog already states under its form is said once. Browser-only state: the
 * server never shows a toast through here.
 */
type Shown = Toast & { id: string };
const live = new Map<string, Shown>();
let openDialogs = 0;
let inDialog: readonly Shown[] = [];
const listeners = new Set<() => void>();
const NONE: readonly Shown[] = [];

function setInDialog(next: readonly Shown[]) {
  inDialog = next;
  for (const listener of listeners) listener();
}

function toSonner(toast: Shown) {
  const sonner = sonnerModule?.toast;
  if (!sonner || !toasterMounted) {
    waiting.push(toast);
    loadSonner();
    return;
  }
  const show = toast.variant === "error" ? sonner.error : toast.variant === "success" ? sonner.success : sonner;
  const body = toast.description || toast.detail || toast.link || toast.action ? <ToastBody toast={toast} onAction={() => sonner.dismiss(toast.id)} /> : undefined;
  const forget = () => live.delete(toast.id);
  live.set(toast.id, toast);
  show(toast.title, { description: body, id: toast.id, onDismiss: forget, onAutoClose: forget, ...(toast.action ? { duration: toast.action.seconds * 1000 } : {}) });
}

/** Shows a toast now (a toast with an id replaces the one showing under that id); one with an action stays as long as it is offered. */
export function showToast(toast: Toast) {
  const shown = { ...toast, id: toast.id ?? crypto.randomUUID() };
  // In an open dialog the newest message replaces the last: the dialog says where things stand now.
  if (openDialogs > 0) setInDialog([shown]);
  else toSonner(shown);
}

/** A new submission starts: the last failure's toast goes (it spoke of the attempt before). */
function dismissErrors() {
  // Only a toast sonner shows is `live`: sonner is loaded whenever one is.
  for (const toast of live.values()) if (toast.variant === "error") sonnerModule?.toast.dismiss(toast.id);
  waiting.splice(0, waiting.length, ...waiting.filter((toast) => toast.variant !== "error"));
  if (inDialog.some((toast) => toast.variant === "error")) setInDialog(inDialog.filter((toast) => toast.variant !== "error"));
}

/** In the root layout: any form sent (a page's or a fetcher's) clears the error toasts still showing. */
export function useErrorToastsClearedOnSubmit() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitting = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  useEffect(() => {
    if (submitting) dismissErrors();
  }, [submitting]);
}

/**
 * The toasts of an open dialog, for the component that shows them inside it (`DialogToasts`):
 * while it is mounted every new toast comes here, and the toasts showing when it opened move in.
 */
export function useToastsInDialog(): readonly Shown[] {
  useEffect(() => {
    openDialogs += 1;
    const showing = [...live.values(), ...waiting.splice(0)];
    for (const toast of live.values()) sonnerModule?.toast.dismiss(toast.id);
    live.clear();
    if (showing.length > 0) setInDialog(showing.slice(-1));
    return () => {
      openDialogs -= 1;
      if (openDialogs > 0) return;
      // The dialog closed on a save whose toast came while it was still open: the toast goes on
      // showing at the top of the screen. A refusal spoke of the dialog's form, and goes with it.
      const left = inDialog;
      setInDialog([]);
      for (const toast of left) if (toast.variant !== "error") toSonner(toast);
    };
  }, []);
  return useSyncExternalStore(subscribe, () => inDialog, () => NONE);
}

/** The messages an open dialog is showing now: a form's own error line steps aside for the same words. */
export function useDialogMessages(): readonly string[] {
  const shown = useSyncExternalStore(subscribe, () => inDialog, () => NONE);
  return shown.flatMap((toast) => (toast.description ? [toast.description] : []));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Closes a message shown in a dialog (its close button, or its action sent). */
export function dismissInDialog(id: string) {
  setInDialog(inDialog.filter((toast) => toast.id !== id));
}
