import { data, type RouterContextProvider } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { recordAuditEvent } from "~/features/accounts/audit.server";
import { can, ForbiddenError } from "~/features/accounts/permissions";
import { requestMeta } from "~/features/accounts/request-meta";
import { platformContext, requestInfoContext } from "~/platform/request-context";
import { classifyError } from "~/platform/errors/classify";
import { formValues } from "~/platform/form-values";
import { failed, type Result } from "~/platform/result";
import { errorToast, type Toast } from "~/platform/toast";
import { redirectWithToast, replyRefused } from "~/platform/toast.server";
import type { BackOfficeContext } from "./context";
import { dialogSearch, listSearch, PAGE_SIZE, parseListParams, returnPathOf } from "~/platform/list-params";
import { SAVED } from "./messages";
import type { ScreenDeclaration } from "./screen";
import { SCREEN_SERVERS } from "./screens.server";

type RouteArgs = { request: Request; context: Readonly<RouterContextProvider> };

export function backOfficeContext({ request, context }: RouteArgs): BackOfficeContext {
  const state = context.get(authStateContext);
  return {
    platform: context.get(platformContext),
    actor: state.actor,
    meta: requestMeta(request, context.get(requestInfoContext).clientAddress),
    session: state.session,
  };
}

/** A refusal in a loader: the back-office's Access Denied page, with the command's reason. */
function refuse(error: unknown): never {
  if (error instanceof ForbiddenError) throw data({ message: error.message }, { status: 403 });
  throw error;
}

/**
 * The list of a screen for its route's loader: rows of the page asked for, the total, and what the
 * person may do. A screen with words for a list that can't be read (its `listFailure`) stays up,
 * empty, with them as `failure`, instead of the error page; a refusal is the Access Denied page
 * either way.
 */
export async function loadScreenList<Row>(screen: ScreenDeclaration<Row>, args: RouteArgs) {
  const ctx = backOfficeContext(args);
  const params = parseListParams(new URL(args.request.url).searchParams, screen.list);
  const { list, listFailure } = SCREEN_SERVERS[screen.id]!;
  let failure: Toast | null = null;
  const { rows, total } = await list(ctx, params).catch((error: unknown) => {
    if (error instanceof ForbiddenError || !listFailure) return refuse(error);
    const record = classifyError(error);
    ctx.platform.logger.error({ err: error, code: record.code, screen: screen.id }, "back-office list failed");
    const { title, description } = listFailure(record);
    failure = errorToast(title, description);
    return { rows: [], total: 0 };
  });
  return {
    failure: failure as Toast | null,
    rows: rows as Row[],
    total,
    params,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    can: { create: can(ctx.actor, screen.module, "create"), update: can(ctx.actor, screen.module, "update"), delete: can(ctx.actor, screen.module, "delete") },
  };
}

/**
 * The add, edit or delete dialog the URL asks for (`?dialog=edit&id=…`), with the record it is
 * about, read by `get` (which checks the permission to view): none when the person may not use
 * that dialog (the command checks again anyway) or the record is gone.
 */
export async function recordDialog<Record>(
  args: RouteArgs,
  can: { create: boolean; update: boolean; delete: boolean },
  get: (ctx: BackOfficeContext, id: string) => Promise<Record | null>,
): Promise<{ dialog: "add"; record: null } | { dialog: "edit" | "delete"; record: Record } | { dialog: null; record: null }> {
  const search = new URL(args.request.url).searchParams;
  const dialog = search.get("dialog");
  if (dialog === "add" && can.create) return { dialog, record: null };
  if ((dialog === "edit" && can.update) || (dialog === "delete" && can.delete)) {
    const record = await get(backOfficeContext(args), search.get("id") ?? "");
    if (record) return { dialog, record };
  }
  return { dialog: null, record: null };
}

/**
 * A screen's form post: the intent names the command (only the declared ones), the command
 * checks permission and validates; success goes back to the list (dialog closed, list state
 * kept) with a flash toast, a failure answers with the message as a toast and under the fields.
 */
export async function runScreenCommand<Row>(
  screen: ScreenDeclaration<Row>,
  args: RouteArgs,
  /** Intents whose success leaves their dialog open (a dialog of several small commands, such as calendar sync). */
  staysInDialog: (intent: string) => boolean = () => false,
) {
  const ctx = backOfficeContext(args);
  const form = await args.request.formData();
  const intent = String(form.get("intent") ?? "");
  const { commands, failureTitles = {} } = SCREEN_SERVERS[screen.id]!;
  const command = Object.hasOwn(screen.commands, intent) ? commands[intent] : undefined;
  if (!command) throw data({ message: "Unknown action" }, { status: 400 });
  const payload = formValues(form);
  const result: Result<unknown> = await command(ctx, payload).catch(async (error: unknown): Promise<Result<unknown>> => {
    if (!(error instanceof ForbiddenError)) throw error;
    // A refusal is a security event: Activity shows who tried what.
    const userId = ctx.actor.kind === "anonymous" ? null : ctx.actor.userId;
    await recordAuditEvent(ctx.platform.db, { type: "refused", userId, details: { module: error.module, action: error.action, screen: screen.id, intent } }, ctx.meta);
    return failed(403, error.message);
  });
  if (!result.ok) {
    const titled = failureTitles[intent] ?? "Error";
    return replyRefused(result, { title: typeof titled === "function" ? titled(result) : titled, values: payload }, { intent });
  }
  const url = new URL(args.request.url);
  const listParams = parseListParams(url.searchParams, screen.list);
  const dialog = url.searchParams.get("dialog");
  const list = staysInDialog(intent) && dialog ? `${screen.path}${dialogSearch(listParams, dialog, url.searchParams.get("id") ?? undefined)}` : `${screen.path}${listSearch(listParams)}`;
  // A dialog opened from a person's record goes back to the record once it is done.
  const record = staysInDialog(intent) ? null : returnPathOf(url.searchParams);
  const toast: Toast = result.toast ?? SAVED;
  // A toast's Undo posts back to the list it came from (its screen's action), whatever page shows the toast by then.
  throw await redirectWithToast(record ?? list, toast.action && !toast.action.to ? { ...toast, action: { ...toast.action, to: list } } : toast, ctx.platform.authSecret);
}
