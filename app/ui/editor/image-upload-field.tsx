import { ImageUp, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { refusalToast } from "~/platform/toast";
import type { ImageSources } from "~/platform/storage/image-sources";
import { Picture } from "../content/picture";
import { useHydrated } from "../hooks/use-hydrated";
import { cn } from "../primitives/cn";
import { showToast } from "../toast/show-toast";
import { uploadImage, type UploadedImage } from "./upload-image";

/** The kinds of image the server accepts (it checks the content itself; this only narrows the picker). */
const IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/** The image a page or post has now, as its editor shows it: an upload (with its variants) or an address (the demo's). */
export type CurrentImage = { sources: ImageSources } | { src: string } | null;

type Props = {
  /** The form's field names: the file (no JavaScript), the upload's id, and "remove it". */
  names: { file: string; upload: string; remove: string };
  label: string;
  hint: string;
  current: CurrentImage;
  module: "pages" | "posts";
  error?: string;
};

/**
 * An image field that uploads as soon as a file is chosen, with progress, a preview and a
 * remove button; the form then sends only the upload's id. Without JavaScript it is a plain
 * file input and a "remove" checkbox, sent with the form.
 */
export function ImageUploadField({ names, label, hint, current, module, error }: Props) {
  const hydrated = useHydrated();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [uploaded, setUploaded] = useState<UploadedImage | null>(null);
  const [removed, setRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const shown: CurrentImage = uploaded ? { sources: uploaded.sources } : removed ? null : current;
  const message = failure ?? error;

  async function upload(file: File) {
    setFailure(null);
    setProgress(0);
    const outcome = await uploadImage(file, module, setProgress);
    setProgress(null);
    if (input.current) input.current.value = "";
    if (!outcome.ok) {
      setFailure(outcome.message);
      showToast(refusalToast(outcome, "Upload failed"));
      return;
    }
    setUploaded(outcome.value);
    setRemoved(false);
  }

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={`${id}-hint${message ? ` ${id}-error` : ""}`}>
      <legend className="text-sm font-semibold text-ink">
        {label} <span className="font-normal text-ink-muted">(optional)</span>
      </legend>
      {shown && (
        <div className="flex flex-wrap items-end gap-3">
          {"sources" in shown ? (
            <Picture image={shown.sources} alt={`${label}: preview`} sizes="12rem" className="w-48 rounded-xl border border-border" />
          ) : (
            <img src={shown.src} alt={`${label}: preview`} className="h-auto w-48 rounded-xl border border-border" />
          )}
          {hydrated ? (
            <button
              type="button"
              onClick={() => {
                setUploaded(null);
                setRemoved(true);
              }}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl border border-border px-3 text-sm font-semibold text-red-800 hover:bg-red-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove image
            </button>
          ) : (
            <label className="flex min-h-11 items-center gap-2 text-sm">
              <input type="checkbox" name={names.remove} value="on" className="size-4 accent-forest-700" />
              Remove this image
            </label>
          )}
        </div>
      )}
      {uploaded && <input type="hidden" name={names.upload} value={uploaded.id} />}
      {removed && <input type="hidden" name={names.remove} value="on" />}
      <label htmlFor={`${id}-file`} className={cn("inline-flex min-h-11 w-fit cursor-pointer items-center gap-2 rounded-xl border border-border bg-surface px-3.5 text-sm font-semibold text-ink shadow-sm hover:bg-cream-dark has-focus-visible:outline-2 has-focus-visible:outline-forest-700", !hydrated && "sr-only")}>
        <ImageUp aria-hidden="true" className="size-4" />
        {shown ? "Replace image" : "Choose image"}
      </label>
      <input
        ref={input}
        id={`${id}-file`}
        type="file"
        accept={IMAGE_TYPES}
        // Once JavaScript runs the file goes up as soon as it is chosen; the form sends only its id.
        name={hydrated ? undefined : names.file}
        aria-label={hydrated ? undefined : label}
        disabled={progress !== null}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file && hydrated) void upload(file);
        }}
        className={cn(hydrated ? "sr-only" : "text-sm")}
      />
      {progress !== null && (
        <div className="flex items-center gap-3">
          <progress value={progress} max={1} aria-label={`Uploading ${label.toLowerCase()}`} className="h-2 w-48 accent-forest-700" />
          <span className="text-sm text-ink-muted" aria-live="polite">
            Uploading… {Math.round(progress * 100)}%
          </span>
        </div>
      )}
      <p id={`${id}-hint`} className="text-sm text-ink-muted">
        {hint}
      </p>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
          Upload failed: {message}
        </p>
      )}
    </fieldset>
  );
}
