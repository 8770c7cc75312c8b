import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Bold, Heading2, Heading3, ImagePlus, Italic, Link2, List, ListOrdered, Quote, Redo2, Undo2, type LucideIcon } from "lucide-react";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { refusalToast } from "~/platform/toast";
import { cn } from "../primitives/cn";
import { proseClasses } from "../content/prose";
import { showToast } from "../toast/show-toast";
import { uploadImage } from "./upload-image";

// "/path", "#part", http(s) and mailto: what the site's sanitiser keeps (content/sanitize-html.server.ts).
const LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+|\/(?![/\\])[^\s]*|#[\w-]*)$/i;
export const LINK_MESSAGE = "Enter a web address (https://…), a path on this site (/stanwood) or an e-mail link (mailto:…)";

type Props = {
  name: string;
  module: "pages" | "posts";
  label: string;
  /** The wrapper's ids: the label, hint and error are its (rich-text-editor.tsx). */
  id: string;
  described: string | undefined;
  error?: string;
  /** Read when the editor has been made: what the text area holds then (the HTML typed so far, or the saved one), and whether it has the focus. */
  startFrom: () => { html: string; focused: boolean; typed: boolean };
  /** The editor is made and holds the text area's text: the text area may go. */
  onReady: () => void;
  onChange?: (html: string) => void;
};

/**
 * The editor itself, with its toolbar, writing HTML into a hidden field: loaded only once an
 * editor is on screen (rich-text-editor.tsx), being most of the back-office's script.
 */
export function TiptapEditor({ name, module, label, id, described, error, startFrom, onReady, onChange }: Props) {
  const [html, setHtml] = useState<string | null>(null);
  const taken = useRef(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        // Not in the site's allow-list: the sanitiser would drop them.
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", HTMLAttributes: { rel: "noopener noreferrer", target: null } },
      }),
      Image.configure({ HTMLAttributes: { loading: "lazy" } }),
    ],
    immediatelyRender: false,
    editorProps: {
      attributes: {
        id: `${id}-editor`,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": `${id}-label`,
        ...(described ? { "aria-describedby": described } : {}),
        ...(error ? { "aria-invalid": "true" } : {}),
        class: cn(proseClasses("light"), "min-h-48 rounded-b-xl border border-t-0 bg-surface px-4 py-3 text-base focus-visible:outline-2 focus-visible:outline-forest-700", error ? "border-red-700" : "border-border"),
      },
    },
    onUpdate: ({ editor: current }) => {
      const next = current.isEmpty ? "" : current.getHTML();
      setHtml(next);
      onChange?.(next);
    },
  });
  // Once the editor is on the page (before the browser paints): it takes the text area's text and
  // focus, then the text area goes. Until then the text area (rich-text-editor.tsx) is the field.
  useLayoutEffect(() => {
    if (!editor || taken.current) return;
    taken.current = true;
    const start = startFrom();
    // Typed text keeps its spaces (a space typed last before the swap is part of the sentence).
    editor.commands.setContent(start.html, { emitUpdate: false, parseOptions: start.typed ? { preserveWhitespace: true } : undefined });
    if (start.focused) {
      // Tiptap's focus waits a frame; the text area goes now, so the keys typed meanwhile would fall on the page.
      editor.commands.focus("end");
      editor.view.focus();
    }
    setHtml(start.html);
    onReady();
  }, [editor, startFrom, onReady]);
  if (!editor) return null;
  return (
    <>
      <Toolbar editor={editor} module={module} controls={`${id}-editor`} label={label} />
      <EditorContent editor={editor} />
      {html !== null && <input type="hidden" name={name} value={html} />}
    </>
  );
}

type Panel = { kind: "link"; href: string; problem: string | null } | { kind: "image"; url: string; alt: string } | null;

function Toolbar({ editor, module, controls, label }: { editor: Editor; module: "pages" | "posts"; controls: string; label: string }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      quote: e.isActive("blockquote"),
      link: e.isActive("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [panel, setPanel] = useState<Panel>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  async function upload(chosen: File) {
    setProgress(0);
    const outcome = await uploadImage(chosen, module, setProgress);
    setProgress(null);
    if (file.current) file.current.value = "";
    if (!outcome.ok) {
      showToast(refusalToast(outcome, "Upload failed"));
      return;
    }
    setPanel({ kind: "image", url: outcome.value.url, alt: "" });
  }

  function applyLink() {
    if (panel?.kind !== "link") return;
    const href = panel.href.trim();
    if (!href) {
      chain().extendMarkRange("link").unsetLink().run();
      setPanel(null);
      return;
    }
    if (!LINK.test(href)) {
      setPanel({ ...panel, problem: LINK_MESSAGE });
      return;
    }
    chain().extendMarkRange("link").setLink({ href }).run();
    setPanel(null);
  }

  return (
    <div className="rounded-t-xl border border-border bg-cream">
      <div role="toolbar" aria-label={`${label}: formatting`} aria-controls={controls} className="flex flex-wrap gap-1 p-1.5">
        <ToolButton icon={Heading2} label="Heading" pressed={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()} />
        <ToolButton icon={Heading3} label="Subheading" pressed={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()} />
        <ToolButton icon={Bold} label="Bold" pressed={state.bold} onClick={() => chain().toggleBold().run()} />
        <ToolButton icon={Italic} label="Italic" pressed={state.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton icon={List} label="Bulleted list" pressed={state.bullets} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton icon={ListOrdered} label="Numbered list" pressed={state.numbers} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton icon={Quote} label="Quote" pressed={state.quote} onClick={() => chain().toggleBlockquote().run()} />
        <ToolButton icon={Link2} label="Link" pressed={state.link} onClick={() => setPanel({ kind: "link", href: (editor.getAttributes("link").href as string | undefined) ?? "", problem: null })} />
        <ToolButton icon={ImagePlus} label="Image" disabled={progress !== null} onClick={() => file.current?.click()} />
        <ToolButton icon={Undo2} label="Undo" disabled={!state.canUndo} onClick={() => chain().undo().run()} />
        <ToolButton icon={Redo2} label="Redo" disabled={!state.canRedo} onClick={() => chain().redo().run()} />
        <input
          ref={file}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
          tabIndex={-1}
          aria-label={`${label}: image to insert`}
          className="sr-only"
          onChange={(event) => {
            const chosen = event.currentTarget.files?.[0];
            if (chosen) void upload(chosen);
          }}
        />
      </div>
      {progress !== null && (
        <div className="flex items-center gap-3 border-t border-border px-3 py-2">
          <progress value={progress} max={1} aria-label="Uploading image" className="h-2 w-48 accent-forest-700" />
          <span className="text-sm text-ink-muted" aria-live="polite">
            Uploading… {Math.round(progress * 100)}%
          </span>
        </div>
      )}
      {panel?.kind === "link" && (
        <PanelRow
          label="Link address"
          value={panel.href}
          problem={panel.problem}
          placeholder="https://… or /stanwood"
          onChange={(href) => setPanel({ ...panel, href, problem: null })}
          onApply={applyLink}
          applyLabel={panel.href.trim() ? "Apply link" : "Remove link"}
          onCancel={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
      {panel?.kind === "image" && (
        <PanelRow
          label="Describe the image for people who cannot see it"
          value={panel.alt}
          problem={null}
          placeholder="e.g. Bees on a comb of capped honey"
          onChange={(alt) => setPanel({ ...panel, alt })}
          onApply={() => {
            chain().setImage({ src: panel.url, alt: panel.alt.trim() }).run();
            setPanel(null);
          }}
          applyLabel="Insert image"
          onCancel={() => {
            setPanel(null);
            editor.commands.focus();
          }}
        />
      )}
    </div>
  );
}

function ToolButton({ icon: Icon, label, pressed, disabled, onClick }: { icon: LucideIcon; label: string; pressed?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // A click keeps the caret in the text: what is typed next goes there at once, not to this
      // button while the editor takes focus back a frame later. The keyboard path is unchanged.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className="inline-flex size-11 items-center justify-center rounded-lg text-ink hover:bg-cream-dark disabled:opacity-40 aria-pressed:bg-forest-700 aria-pressed:text-cream"
    >
      <Icon aria-hidden="true" className="size-5" />
    </button>
  );
}

function PanelRow(props: { label: string; value: string; problem: string | null; placeholder: string; applyLabel: string; onChange: (value: string) => void; onApply: () => void; onCancel: () => void }) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-2 border-t border-border p-2">
      <div className="flex min-w-56 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-semibold">
          {props.label}
        </label>
        <input
          id={id}
          // The panel opens on purpose: its field takes the focus.
          autoFocus
          value={props.value}
          placeholder={props.placeholder}
          aria-invalid={props.problem ? true : undefined}
          aria-describedby={props.problem ? `${id}-problem` : undefined}
          onChange={(event) => props.onChange(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter would submit the whole page form.
            if (event.key === "Enter") {
              event.preventDefault();
              props.onApply();
            }
            if (event.key === "Escape") {
              event.preventDefault();
              props.onCancel();
            }
          }}
          className="min-h-11 rounded-xl border border-border bg-surface px-3 text-base"
        />
        {props.problem && (
          <p id={`${id}-problem`} className="text-sm font-medium text-red-800">
            {props.problem}
          </p>
        )}
      </div>
      <button type="button" onClick={props.onApply} className="min-h-11 rounded-xl bg-forest-700 px-4 text-sm font-semibold text-cream hover:bg-forest-800">
        {props.applyLabel}
      </button>
      <button type="button" onClick={props.onCancel} className="min-h-11 rounded-xl border border-border px-4 text-sm font-semibold hover:bg-cream-dark">
        Cancel
      </button>
    </div>
  );
}
