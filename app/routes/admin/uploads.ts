import { data } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { requireStaff } from "~/features/accounts/admin-guard.server";
import { backOfficeContext } from "~/features/back-office/screen-route.server";
import { SEND_WITH_POST, UPLOAD_FAILED } from "~/features/content/messages";
import { uploadEditorImage } from "~/features/content/uploads.server";
import { failedAs } from "~/platform/result";
import type { Route } from "./+types/uploads";

/**
 * `POST /admin/uploads` (multipart: `module` pages or posts, `file`): an image from the page or
 * post editor, uploaded as soon as it is chosen so the editor can show progress and a preview.
 * Answers the command's result: `{ ok: true, value: { id, url, sources } }` or its refusal
 * (`{ ok: false, status, message, title? }`), under the refusal's status.
 */
export async function action(args: Route.ActionArgs) {
  // A resource route has no layout around it: the back-office's own check first.
  requireStaff(args.context.get(authStateContext));
  if (args.request.method !== "POST") throw data(failedAs(UPLOAD_FAILED, 400, SEND_WITH_POST), { status: 405 });
  const form = await args.request.formData();
  const result = await uploadEditorImage(backOfficeContext(args), form.get("module"), form.get("file"));
  return result.ok ? { ok: true as const, value: result.value } : data({ ...result, title: result.title ?? UPLOAD_FAILED }, { status: result.status });
}
