import { useForm, type SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { backOfficeContext, loadScreenList, recordDialog, runScreenCommand } from "~/features/back-office/screen-route.server";
import { dialogSearch, listSearch } from "~/platform/list-params";
import type { CurrentImage } from "~/ui/editor/image-upload-field";
import { currentImage } from "~/features/content/image-choice.server";
import { slugFromTitle } from "~/features/posts/post-slug";
import { postsScreen } from "~/features/posts/posts.screen";
import { getPost, type EditedPost } from "~/features/posts/posts.server";
import { useLiveRevalidation } from "~/platform/realtime/use-live-revalidation";
import { DataTable } from "~/ui/admin/data-table";
import { lastSubmission } from "~/ui/admin/last-submission";
import { DeleteRecordDialog } from "~/ui/admin/delete-record-dialog";
import { DialogButtons } from "~/ui/admin/dialog-buttons";
import { AddButton, editAndDelete } from "~/ui/admin/record-controls";
import { RowActions } from "~/ui/admin/row-actions";
import { ScreenDialog } from "~/ui/admin/screen-dialog";
import { ScreenHeader } from "~/ui/admin/screen-header";
import { ImageUploadField } from "~/ui/editor/image-upload-field";
import { RichTextEditor } from "~/ui/editor/rich-text-editor";
import { CheckboxField } from "~/ui/forms/checkbox-field";
import { FormError } from "~/ui/forms/form-error";
import { checkedOnSubmit, SchemaForm } from "~/ui/forms/schema-form";
import { clientSchema } from "~/ui/forms/client-schema";
import { TextAreaField } from "~/ui/forms/text-area-field";
import { TextField } from "~/ui/forms/text-field";
import { useToast } from "~/ui/toast/use-toast";
import type { Route } from "./+types/posts";

const addPostSchema = clientSchema(() => import("~/features/posts/posts.schema").then((m) => m.AddPostSchema));
const deletePostSchema = clientSchema(() => import("~/features/posts/posts.schema").then((m) => m.DeletePostSchema));
const editPostSchema = clientSchema(() => import("~/features/posts/posts.schema").then((m) => m.EditPostSchema));

export const meta: Route.MetaFunction = () => [{ title: "Blog Posts | Apiary Back-office" }];

export async function loader(args: Route.LoaderArgs) {
  const list = await loadScreenList(postsScreen, args);
  const { dialog, record: post } = await recordDialog(args, list.can, getPost);
  const image = post ? currentImage(backOfficeContext(args).platform.storage, { file: post.featuredImageFile, url: post.featuredImage }) : null;
  return { ...list, dialog, post, image };
}

export function action(args: Route.ActionArgs) {
  return runScreenCommand(postsScreen, args);
}

export default function PostsScreen({ loaderData, actionData }: Route.ComponentProps) {
  useToast(actionData?.toast ?? loaderData.failure ?? undefined);
  useLiveRevalidation(postsScreen.liveTables);
  const { rows, total, params, pageCount, can, dialog, post, image, failure } = loaderData;
  const listHref = `${postsScreen.path}${listSearch(params)}`;
  const lastResult = lastSubmission(actionData);

  return (
    <>
      <ScreenHeader screen={postsScreen}>{can.create && <AddButton params={params} label="New Post" />}</ScreenHeader>
      <DataTable
        screen={postsScreen}
        rows={rows}
        total={total}
        params={params}
        pageCount={pageCount}
        rowKey={(row) => row.id}
        rowLabel={(row) => row.title}
        rowHref={can.update ? (row) => dialogSearch(params, "edit", row.id) : undefined}
        actions={(row) => <RowActions label={row.title} actions={[...(row.published ? [{ label: "View post", to: `/blog/${row.slug}` }] : []), ...editAndDelete(can, params, row.id)]} />}
        empty={failure ? "The posts could not be read. Reload the page in a moment." : undefined}
      />
      {(dialog === "add" || dialog === "edit") && <PostEditor key={post?.id ?? "new"} post={post} image={image} closeHref={listHref} lastResult={lastResult} />}
      {dialog === "delete" && post && (
        <DeleteRecordDialog title="Delete Post" formId="delete-post" schema={deletePostSchema} id={post.id} closeHref={listHref} lastResult={lastResult}>
          <p>
            This will permanently delete the post <strong>{post.title}</strong>. This action cannot be undone.
          </p>
          {post.published && <p className="mt-2 text-sm text-ink-muted">It is published: /blog/{post.slug} will show the site's “page not found” page. To hide it and keep it, turn Published off instead.</p>}
        </DeleteRecordDialog>
      )}
    </>
  );
}

function PostEditor({ post, image, closeHref, lastResult }: { post: EditedPost | null; image: CurrentImage; closeHref: string; lastResult: SubmissionResult<string[]> | null }) {
  const schema = post ? editPostSchema : addPostSchema;
  const [form, fields] = useForm<{ title: string; slug: string; excerpt: string; content: string; featuredImage: File; published: string }, unknown>({
    id: post ? "edit-post" : "add-post",
    lastResult,
    defaultValue: { title: post?.title ?? "", slug: post?.slug ?? "", excerpt: post?.excerpt ?? "", content: post?.content ?? "", published: post?.published ? "on" : "" },
    onValidate: schema.validate,
    ...checkedOnSubmit,
  });
  const [title, setTitle] = useState(post?.title ?? "");
  const madeSlug = slugFromTitle(title);
  return (
    <ScreenDialog title={post ? "Edit Post" : "New Post"} closeHref={closeHref} wide>
      <SchemaForm form={form} schema={schema} encType="multipart/form-data" preventScrollReset className="flex flex-col gap-5">
        {post && <input type="hidden" name="id" value={post.id} />}
        <FormError errors={form.errors} id={`${form.id}-error`} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField field={fields.title} label="Title" autoComplete="off" maxLength={150} onValueChange={setTitle} />
          <TextField
            field={fields.slug}
            label="Slug"
            optional
            autoComplete="off"
            maxLength={80}
            hint={post?.published ? "Changing it keeps the old address working: it forwards to the new one." : `Leave it empty to use ${madeSlug ? `“${madeSlug}”, made from the title` : "one made from the title"}.`}
          />
        </div>
        <TextAreaField field={fields.excerpt} label="Excerpt" optional maxLength={500} rows={2} hint="The summary on the blog's cards and in link previews." />
        <RichTextEditor name="content" label="Content" defaultValue={post?.content ?? ""} module="posts" error={fields.content.errors?.[0]} />
        <ImageUploadField
          names={{ file: "featuredImage", upload: "featuredImageUpload", remove: "removeFeaturedImage" }}
          label="Featured image"
          hint="JPEG, PNG, WebP, GIF or AVIF, at most 10 MB; shown on the blog's cards and above the post."
          current={image}
          module="posts"
          error={fields.featuredImage.errors?.[0]}
        />
        <CheckboxField
          field={fields.published}
          label="Published"
          asSwitch
          hint={post?.published ? "On: saving keeps it on the blog, dated now. Off: it goes back to being a draft, hidden from the site." : "On: saving publishes it on the blog, dated now. Off: it stays a draft, hidden from the site."}
        />
        <DialogButtons closeHref={closeHref} label={post ? "Save Changes" : "Save Post"} intent={post ? "edit" : "add"} />
      </SchemaForm>
    </ScreenDialog>
  );
}
