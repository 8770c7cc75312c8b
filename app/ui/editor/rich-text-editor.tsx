import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import type { TiptapEditor } from "./tiptap-editor";

type Props = {
  /** The form field the HTML is sent in. */
  name: string;
  label: string;
  defaultValue: string;
  module: "pages" | "posts";
  hint?: ReactNode;
  error?: string;
  /** Called with the HTML as it changes (the page preview reads it). */
  onChange?: (html: string) => void;
};

type Loaded = typeof TiptapEditor;

/**
 * The page and post editor: headings, bold and italic, lists, quotes, links and images (uploaded
 * like every image, with progress), writing HTML into a hidden field. The server sanitises it on
 * save and on display, whatever arrives. Without JavaScript it is a text area of HTML; with it,
 * the text area stays until the editor (tiptap-editor.tsx, about 110 KB) has loaded, fetched when
 * an editor is first on screen and not with the screen. The text area stays, the same element
 * with the focus, until the editor has been made; the editor then starts from what the text area
 * holds at that moment and takes the focus if it had it, so nothing typed during the swap is lost.
 */
export function RichTextEditor({ name, label, defaultValue, module, hint, error, onChange }: Props) {
  const id = useId();
  const [Editor, setEditor] = useState<Loaded | null>(null);
  const [editorReady, setEditorReady] = useState(false);
  const textAreaRef = useRef<HTMLTextAreaElement>(null);
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;

  useEffect(() => {
    let mounted = true;
    void import("./tiptap-editor").then((loaded) => {
      if (mounted) setEditor(() => loaded.TiptapEditor);
    });
    return () => {
      mounted = false;
    };
  }, []);

  const textArea = (
    <textarea
      ref={textAreaRef}
      name={name}
      defaultValue={defaultValue}
      onChange={(event) => onChange?.(event.currentTarget.value)}
      rows={10}
      aria-labelledby={`${id}-label`}
      aria-describedby={described}
      className="rounded-xl border border-border bg-surface px-3.5 py-2 font-mono text-sm"
    />
  );

  return (
    <div className="flex flex-col gap-1.5">
      <span id={`${id}-label`} className="text-sm font-semibold text-ink">
        {label}
      </span>
      {!editorReady && textArea}
      {Editor && (
        <Editor
          name={name}
          module={module}
          label={label}
          id={id}
          described={described}
          error={error}
          startFrom={() => {
            const html = textAreaRef.current?.value ?? defaultValue;
            return { html, focused: document.activeElement === textAreaRef.current, typed: html !== defaultValue };
          }}
          onReady={() => setEditorReady(true)}
          onChange={onChange}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
