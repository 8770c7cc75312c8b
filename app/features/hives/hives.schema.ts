import { z } from "~/platform/zod";
import { checkbox, imageFile, imageFiles, optionalText, recordId } from "~/features/back-office/form-fields";
import { isCalendarDay } from "~/features/bookings/stay-dates";
import { HIVE_STATUSES } from "./hive-options";

/** The Hives dialogs (add/edit, post an update), in the browser and in the commands. */
export const HIVE_MESSAGES = {
  name: "Name is required",
  nameLength: "Name can be at most 60 characters",
  location: "Choose the location",
  installedOn: "Enter the installation date as a date, or leave it empty",
  reason: "Say why, in at most 500 characters: the sponsors are told",
  reasonRequired: "Say why it failed: its sponsors are told",
  photoSize: "A photo can be at most 10 MB",
  photos: "At most 4 photos per update",
  body: "Write the update",
  bodyLength: "An update can be at most 5,000 characters",
} as const;

const HiveFields = z.object({
  name: z.string({ error: HIVE_MESSAGES.name }).trim().min(1, HIVE_MESSAGES.name).max(60, HIVE_MESSAGES.nameLength),
  locationId: z.string({ error: HIVE_MESSAGES.location }).trim().min(1, HIVE_MESSAGES.location),
  status: z.enum(HIVE_STATUSES, { error: "Choose a status" }).default("active"),
  installedOn: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || null)
    .refine((value) => value === null || isCalendarDay(value), HIVE_MESSAGES.installedOn),
  notes: optionalText(2000, "Notes can be at most 2,000 characters"),
  statusReason: optionalText(500, HIVE_MESSAGES.reason),
  /** Marking it failed: the hive its active adoptions move to, or "fewest" (the server picks). */
  moveTo: z.string().trim().optional(),
  /** A new photo (checked by its content and re-encoded on the server). */
  photo: imageFile(HIVE_MESSAGES.photoSize),
  removePhoto: checkbox,
});

const reasonForFailure = (value: { status: string; statusReason: string | null }, ctx: z.RefinementCtx) => {
  if (value.status === "failed" && !value.statusReason) ctx.addIssue({ code: "custom", path: ["statusReason"], message: HIVE_MESSAGES.reasonRequired });
};

export const AddHiveSchema = HiveFields.superRefine(reasonForFailure);
export const EditHiveSchema = HiveFields.extend({ id: recordId("Choose a hive") }).superRefine(reasonForFailure);
export const DeleteHiveSchema = z.object({ id: recordId("Choose a hive") });
export const PostHiveUpdateSchema = z.object({
  hiveId: recordId("Choose a hive"),
  body: z.string({ error: HIVE_MESSAGES.body }).trim().min(1, HIVE_MESSAGES.body).max(5000, HIVE_MESSAGES.bodyLength),
  photos: imageFiles(4, { tooLarge: HIVE_MESSAGES.photoSize, tooMany: HIVE_MESSAGES.photos }),
});
