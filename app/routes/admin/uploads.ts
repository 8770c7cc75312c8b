import { data } from "react-router";
import { authStateContext } from "~/features/accounts/actor";
import { requireStaff } from "~/features/accounts/admin-guard.server";
import { ForbiddenError } from "~/features/accounts/permissions";
import { backOfficeContext } from "~/features/back-office/screen-route.server";
import { isUploadModule } from "~/features/content/upload-modules";
import { uploadEditorImage } from "~/features/content/uploads.server";
import type { Route } from "./+types/uploads";

/**
 * `POST /admin/uploads` (multipart: `module` pages or posts, `file`): an image from the page or
 * post editor, uploaded as soon as it is chosen so the editor can show progress and a preview.
 * Answers `{ ok: true, image: { id, url, sources } }` or `{ ok: false, title, message }`.
 */
export async function action(args: Route.ActionArgs) {
  // A resource route has no layout around it: the back-office's own check first.
  requireStaff(args.context.get(authStateContext));
  if (args.request.method !== "POST") throw data({ ok: false, title: "Upload failed", message: "Send the image with POST." }, { status: 405 });
  const form = await args.request.formData();
  const module = form.get("module");
  if (!isUploadModule(module)) return data({ ok: false, title: "Upload failed", message: "Say whether the image is for a page or a post." }, { status: 400 });
  try {
    const result = await uploadEditorImage(backOfficeContext(args), module, form.get("file"));
    if (!result.ok) return data({ ok: false, title: result.title ?? "Upload failed", message: result.message }, { status: result.status });
    return { ok: true, image: result.value };
  } catch (error) {
    if (error instanceof ForbiddenError) return data({ ok: false, title: "Upload failed", message: error.message }, { status: 403 });
    throw error;
  }
}
