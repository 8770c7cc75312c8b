import { useForm, type SubmissionResult } from "@conform-to/react";
import { Eye } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import type { PublicPage } from "~/features/content/public-pages.server";
import type { CurrentImage } from "~/ui/editor/image-upload-field";
import { currentImage } from "~/features/content/image-choice.server";
import { pagesScreen } from "~/features/pages/pages.screen";
import { PREVIEW_FAILED } from "~/features/pages/messages";
import { getPage, previewPage, type EditedPage } from "~/features/pages/pages.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { refusalToast, type Toast } from "~/platform/toast";
import { replyWithToast } from "~/platform/toast.server";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { PreviewDialog } from "~/ui/admin/preview-dialog";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { ContentPageBody } from "~/features/content/content-page-body";
import { ImageUploadField } from "~/ui/editor/image-upload-field";
import { SectionsEditor } from "~/ui/editor/sections-editor";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useHydrated } from "~/ui/hooks/use-hydrated";
import { Button } from "~/ui/primitives/button";
import { showToast } from "~/ui/toast/show-toast";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/pages";

const addPageSchema = clientSchema(() => import("~/features/pages/pages.schema").then((m) => m.AddPageSchema));
const deletePageSchema = clientSchema(() => import("~/features/pages/pages.schema").then((m) => m.DeletePageSchema));
const editPageSchema = clientSchema(() => import("~/features/pages/pages.schema").then((m) => m.EditPageSchema));

export const meta: Route.MetaFunction = () => [{ title: "Pages | Apiary Back-office" }];

/** The address the editor's Preview posts to. */
const PREVIEW_ACTION = `${pagesScreen.path}?preview`;

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(pagesScreen, args);
  const { dialog, record: page } = await recordDialog(args, list.can, getPage);
  const hero = page ? currentImage(backOfficeContext(args).platform.storage, { file: page.heroImageFile, url: page.heroImage }) : null;
  return { ...list, dialog, page, hero };
}

export async function action(args: Route.ActionArgs) {
  if (!new URL(args.request.url).searchParams.has("preview")) return runScreenCommand(pagesScreen, args);
  const result = await previewPage(backOfficeContext(args), Object.fromEntries(await args.request.formData()));
  return result.ok ? { preview: result.value, toast: null } : replyWithToast({ preview: null }, refusalToast(result, PREVIEW_FAILED), result.status);
}

export default function PagesScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  useLiveRevalidation(pagesScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, page, hero } = loaderData;
  const listHref = `${pagesScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={pagesScreen}>{can.create && <AddButton params={params} label="New Page" />}</ScreenHeader>
      <DataTable
        screen={pagesScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.title}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={(row) => <RowActions label={row.title} actions={[...(row.published ? [{ label: "View page", to: `/${row.slug}` }] : []), ...editAndDelete(can, params, row.id)]} />}
      />
      {(dialog === "add" || dialog === "edit") && <PageEditor key={page?.id ?? "new"} page={page} hero={hero} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && page && (
        <DeleteRecordDialog title="Delete Page" formId="delete-page" schema={deletePageSchema} id={page.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            This will permanently delete the page <strong>{page.title}</strong> (/{page.slug}). This action cannot be undone.
          </p>
          <p className="mt-2 text-sm text-ink-muted">Its address will show the site's “page not found” page. Links in the menu to it are not removed.</p>
        </DeleteRecordDialog>
      )}
    </>
  );
}

function PageEditor({ page, hero, closeHref, lastResult }: { page: EditedPage | null; hero: CurrentImage; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = page ? editPageSchema : addPageSchema;
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<{ slug: string; title: string; metaDescription: string; heroTitle: string; heroSubtitle: string; heroImage: File; published: string }, unknown>({
    id: page ? "edit-page" : "add-page",
    lastResult,
    defaultValue: {
      slug: page?.slug ?? "",
      title: page?.title ?? "",
      metaDescription: page?.metaDescription ?? "",
      heroTitle: page?.heroTitle ?? "",
      heroSubtitle: page?.heroSubtitle ?? "",
      // A new page starts as a draft.
      published: page?.published ? "on" : "",
    },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const preview = usePreview();

  return (
    <ScreenDialog title={page ? "Edit Page" : "New Page"} description={page ? `/${page.slug}` : undefined} closeHref={closeHref} wide>
      <SchemaForm ref={formRef} form={form} schema={schema} encType="multipart/form-data" preventScrollReset className="flex flex-col gap-5">
        {page && <input type="hidden" name="id" value={page.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <div className="grid gap-4 sm:grid-cols-2">
          {page ? (
            <div className="flex flex-col gap-1.5">
              <span className="text-sm font-semibold">Slug</span>
              <p className="flex min-h-11 items-center rounded-xl border border-border bg-cream px-3.5 font-mono text-sm break-all">/{page.slug}</p>
              <p className="text-sm text-ink-muted">Fixed once the page exists, so links to it keep working.</p>
            </div>
          ) : (
            <TextField field={fields.slug} label="Slug" autoComplete="off" maxLength={80} hint="The page's address: lowercase words joined by hyphens, e.g. our-story for /our-story." />
          )}
          <TextField field={fields.title} label="Title" autoComplete="off" maxLength={150} hint="The browser tab and search results; the heading when there is no hero title." />
        </div>
        <TextAreaField field={fields.metaDescription} label="Meta description" optional maxLength={300} rows={2} hint="The summary search engines and link previews show, up to 300 characters." />
        <fieldset className="flex flex-col gap-4 rounded-2xl border border-border p-4">
          <legend className="px-1 text-lg font-bold">Hero</legend>
          <p className="-mt-2 text-sm text-ink-muted">The banner at the top of the page, shown when it has a hero title or an image.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField field={fields.heroTitle} label="Hero title" optional maxLength={150} />
            <TextField field={fields.heroSubtitle} label="Hero subtitle" optional maxLength={400} />
          </div>
          <ImageUploadField
            names={{ file: "heroImage", upload: "heroImageUpload", remove: "removeHeroImage" }}
            label="Hero image"
            hint="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB; a wide landscape picture works best. It is darkened behind the title."
            current={hero}
            module="pages"
            error={fields.heroImage.errors?.[0]}
          />
        </fieldset>
        <SectionsEditor initial={page?.sections ?? []} errors={form.allErrors} module="pages" />
        <CheckboxField
          field={fields.published}
          label="Published"
          asSwitch
          hint={page?.published ? "On: visitors see it at its address. Off: it goes back to being a draft, hidden from the site." : "On: saving puts it on the site at its address. Off: it stays a draft, seen only here and in Preview."}
        />
        <DialogButtons closeHref={closeHref} label={page ? "Save Changes" : "Create Page"} intent={page ? "edit" : "add"}>
          {hydrated && (
            <Button variant="outline" disabled={preview.busy} onClick={() => formRef.current && preview.show(formRef.current)}>
              <Eye aria-hidden="true" />
              {preview.busy ? "Preparing preview…" : "Preview"}
            </Button>
          )}
        </DialogButtons>
      </SchemaForm>
      {preview.page && (
        <PreviewDialog title={`Preview of /${preview.page.slug || "new-page"}`} open={preview.open} onClose={preview.close}>
          <ContentPageBody page={preview.page} inPreview />
        </PreviewDialog>
      )}
    </ScreenDialog>
  );
}

/** Posts the editor's fields to the preview action and opens the answer full-screen. */
function usePreview() {
  const fetcher = useFetcher<{ preview: PublicPage | null; toast: Toast | null }>();
  // Each answer opens the preview once; closing it marks that answer seen.
  const answer = fetcher.data;
  const [closed, setClosed] = useState<typeof answer>(undefined);
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.toast) showToast(answer.toast);
  }, [answer, fetcher.state]);
  return {
    busy: fetcher.state !== "idle",
    page: answer?.preview ?? null,
    open: Boolean(answer?.preview) && answer !== closed,
    close: () => setClosed(answer),
    show: (formElement: HTMLFormElement) => {
      const body = new FormData(formElement);
      body.delete("intent");
      void fetcher.submit(body, { method: "post", action: PREVIEW_ACTION, encType: "multipart/form-data" });
    },
  };
}
