import { z } from "~/platform/zod";
import { recordId } from "~/features/back-office/form-fields";

/** The Assets screen's calendar dialog: another site's feed to import, by name and address. */
export const FEED_NAME_REQUIRED = "Name the other site, e.g. Airbnb";
export const FEED_URL_INVALID = "Enter the calendar's address, starting with https://";

export const AddCalendarImportSchema = z.object({
  assetId: recordId("Choose an asset"),
  name: z.string({ error: FEED_NAME_REQUIRED }).trim().min(1, FEED_NAME_REQUIRED).max(60, "The name can be at most 60 characters"),
  url: z
    .string({ error: FEED_URL_INVALID })
    .trim()
    .max(2000, "The address can be at most 2,000 characters")
    .refine((value) => URL.canParse(value) && ["http:", "https:"].includes(new URL(value).protocol), FEED_URL_INVALID)
    // webcal:// is how some sites offer the same address.
    .or(z.string().trim().regex(/^webcal:\/\/\S+$/i, FEED_URL_INVALID).transform((value) => value.replace(/^webcal:/i, "https:"))),
});

export const CalendarImportSchema = z.object({ id: recordId("Choose a calendar") });
export const CalendarLinkSchema = z.object({ assetId: recordId("Choose an asset") });
