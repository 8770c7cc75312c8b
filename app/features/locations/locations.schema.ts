import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";
import { AMENITIES_MAX, AMENITY_MAX_LENGTH, cleanAmenities } from "./amenities";

/**
 * The Locations dialog, in the browser and in the commands. Amenities arrive as one field per
 * chip, plus whatever is still typed in the box (so a form sent without JavaScript keeps it);
 * they are trimmed, empty ones dropped and duplicates ignored (the spec).
 */
export const NAME_REQUIRED = "Name is required";
export const ADDRESS_REQUIRED = "Address is required";
export const UNKNOWN_TIME_ZONE = "Choose a time zone from the list";
export { AMENITIES_MAX, AMENITY_MAX_LENGTH, cleanAmenities };

const asList = (value: unknown) => (value === undefined || value === null || value === "" ? [] : Array.isArray(value) ? value : [value]);

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone.includes("/") || zone === "UTC";
  } catch {
    return false;
  }
};

const LocationFields = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, "Name can be at most 100 characters"),
  address: z.string({ error: ADDRESS_REQUIRED }).trim().min(1, ADDRESS_REQUIRED).max(300, "Address can be at most 300 characters"),
  amenities: z.preprocess(
    asList,
    z
      .array(z.string().max(AMENITY_MAX_LENGTH, `An amenity can be at most ${AMENITY_MAX_LENGTH} characters`))
      .transform(cleanAmenities)
      .pipe(z.array(z.string()).max(AMENITIES_MAX, `At most ${AMENITIES_MAX} amenities`)),
  ),
  /** What is still typed in the amenity box when the form is sent. */
  amenityDraft: z.string().max(AMENITY_MAX_LENGTH, `An amenity can be at most ${AMENITY_MAX_LENGTH} characters`).optional(),
  timeZone: z.string({ error: UNKNOWN_TIME_ZONE }).refine(isTimeZone, UNKNOWN_TIME_ZONE).default("America/Los_Angeles"),
});

const withDraft = <T extends { amenities: string[]; amenityDraft?: string }>({ amenityDraft, ...rest }: T) => ({
  ...rest,
  amenities: cleanAmenities([...rest.amenities, amenityDraft ?? ""]),
});

export const AddLocationSchema = LocationFields.transform(withDraft);
export const EditLocationSchema = LocationFields.extend({ id: recordId("Choose a location") }).transform(withDraft);
export const DeleteLocationSchema = z.object({ id: recordId("Choose a location") });
