import { X } from "lucide-react";
import { useState, type KeyboardEvent } from "react";
import { cleanAmenities, AMENITY_MAX_LENGTH } from "./amenities";

/**
 * The amenities of a location as chips: typed in the box and added with Enter or the Add
 * button (trimmed, empty and duplicates ignored), removed by clicking the chip. Each chip posts
 * as one "amenities" field; what is still in the box posts as "amenityDraft" and is added by the
 * server too, so nothing typed is lost (and the field works without JavaScript).
 */
export function AmenitiesField({ initial, errors }: { initial: readonly string[]; errors?: string[] }) {
  const [amenities, setAmenities] = useState<string[]>([...initial]);
  const [draft, setDraft] = useState("");
  const add = () => {
    setAmenities((current) => cleanAmenities([...current, draft]));
    setDraft("");
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    // Enter adds the amenity instead of sending the whole form.
    event.preventDefault();
    add();
  };
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="text-sm font-semibold text-ink">Amenities</legend>
      <div className="flex gap-2">
        <label htmlFor="amenity-draft" className="sr-only">
          New amenity
        </label>
        <input
          id="amenity-draft"
          name="amenityDraft"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={AMENITY_MAX_LENGTH}
          placeholder="e.g. Lake access"
          aria-describedby="amenities-hint"
          className="min-h-11 min-w-0 flex-1 rounded-xl border border-border bg-surface px-3.5 text-base text-ink shadow-sm focus-visible:border-forest-700"
        />
        <button type="button" onClick={add} className="min-h-11 rounded-full border border-ink/25 px-4 text-sm font-semibold hover:bg-cream-dark focus-visible:outline-2 focus-visible:outline-primary">
          Add
        </button>
      </div>
      <p id="amenities-hint" className="text-sm text-ink-muted">
        Press Enter or Add after each one. Click an amenity to remove it.
      </p>
      {errors?.length ? <p className="text-sm font-medium text-red-800">{errors[0]}</p> : null}
      {amenities.length > 0 && (
        <ul aria-label="Amenities added" className="mt-1 flex flex-wrap gap-2">
          {amenities.map((amenity) => (
            <li key={amenity}>
              <input type="hidden" name="amenities" value={amenity} />
              <button
                type="button"
                onClick={() => setAmenities((current) => current.filter((item) => item !== amenity))}
                aria-label={`Remove ${amenity}`}
                className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-forest-50 px-3 text-sm font-medium text-forest-800 hover:bg-forest-100 focus-visible:outline-2 focus-visible:outline-primary"
              >
                {amenity}
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
