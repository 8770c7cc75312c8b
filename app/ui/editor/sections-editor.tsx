import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { controlClasses } from "../forms/field-frame";
import { useHydrated } from "../hooks/use-hydrated";
import { Button } from "../primitives/button";
import { RichTextEditor } from "./rich-text-editor";

type Section = { key: string; title: string; content: string };

/**
 * A page's sections, in order: each a title and rich content, sent as `sections[i].title` and
 * `sections[i].content`. Add, remove and move up or down need JavaScript; without it the
 * sections there are can still be edited.
 */
export function SectionsEditor({ initial, errors, module }: { initial: readonly { title: string; content: string }[]; errors: Record<string, string[] | undefined>; module: "pages" | "posts" }) {
  const hydrated = useHydrated();
  const id = useId();
  const [sections, setSections] = useState<Section[]>(() => initial.map((section, index) => ({ key: `s${index}`, ...section })));
  const [announcement, setAnnouncement] = useState("");
  const added = useRef(0);

  const move = (from: number, to: number) => {
    setSections((current) => {
      const next = [...current];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    });
    setAnnouncement(`Section moved to position ${to + 1} of ${sections.length}.`);
  };

  return (
    <fieldset className="flex flex-col gap-4" aria-describedby={`${id}-hint`}>
      <legend className="text-lg font-bold">Sections</legend>
      <p id={`${id}-hint`} className="-mt-2 text-sm text-ink-muted">
        Each section fills the screen on the page. Its background follows its title: Decentralized Beekeeping Revolution, Tokenized Beekeeping &amp; Hive Adoption, Pure Raw Honey, Glamping &amp; Nature Connection or Web3 Meets Nature get their own picture.
      </p>
      {errors.sections?.[0] && <p className="text-sm font-medium text-red-800">{errors.sections[0]}</p>}
      {sections.length === 0 && <p className="rounded-xl border border-dashed border-border p-4 text-sm text-ink-muted">No sections yet: the page says “This page is currently being built. Check back soon!”</p>}
      <ol className="flex flex-col gap-4">
        {sections.map((section, index) => {
          // The browser's check names a field sections[0].title, the server's answer sections.0.title.
          const errorOf = (field: "title" | "content") => (errors[`sections[${index}].${field}`] ?? errors[`sections.${index}.${field}`])?.[0];
          const titleError = errorOf("title");
          const contentError = errorOf("content");
          const titleId = `${id}-title-${section.key}`;
          return (
            <li key={section.key} className="flex flex-col gap-3 rounded-2xl border border-border bg-cream/60 p-4" aria-label={`Section ${index + 1}`}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="text-base font-bold">Section {index + 1}</h3>
                {hydrated && (
                  <div className="flex gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Move section ${index + 1} up`} disabled={index === 0} onClick={() => move(index, index - 1)}>
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button variant="ghost" size="icon" aria-label={`Move section ${index + 1} down`} disabled={index === sections.length - 1} onClick={() => move(index, index + 1)}>
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Remove section ${index + 1}`}
                      onClick={() => {
                        setSections((current) => current.filter((other) => other.key !== section.key));
                        setAnnouncement(`Section ${index + 1} removed.`);
                      }}
                    >
                      <Trash2 aria-hidden="true" className="text-red-800" />
                    </Button>
                  </div>
                )}
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={titleId} className="text-sm font-semibold">
                  Section title
                </label>
                <input
                  id={titleId}
                  name={`sections[${index}].title`}
                  defaultValue={section.title}
                  onChange={(event) => {
                    const title = event.currentTarget.value;
                    setSections((current) => current.map((other) => (other.key === section.key ? { ...other, title } : other)));
                  }}
                  maxLength={150}
                  aria-invalid={titleError ? true : undefined}
                  aria-describedby={titleError ? `${titleId}-error` : undefined}
                  className={controlClasses(Boolean(titleError))}
                />
                {titleError && (
                  <p id={`${titleId}-error`} className="text-sm font-medium text-red-800">
                    {titleError}
                  </p>
                )}
              </div>
              <RichTextEditor
                name={`sections[${index}].content`}
                label="Section content"
                defaultValue={section.content}
                module={module}
                error={contentError}
                onChange={(content) => setSections((current) => current.map((other) => (other.key === section.key ? { ...other, content } : other)))}
              />
            </li>
          );
        })}
      </ol>
      {hydrated && (
        <Button
          variant="outline"
          className="w-fit"
          onClick={() => {
            setSections((current) => [...current, { key: `new${(added.current += 1)}`, title: "", content: "" }]);
            setAnnouncement(`Section ${sections.length + 1} added.`);
          }}
        >
          <Plus aria-hidden="true" />
          Add section
        </Button>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
