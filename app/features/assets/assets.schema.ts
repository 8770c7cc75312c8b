import { z } from "~/platform/zod";
import { checkbox, recordId } from "~/features/back-office/form-fields";
import { ASSET_STATUSES, ASSET_TYPES } from "./asset-options";

/** The Assets dialog, in the browser and in the commands (the spec's fields, required marks and defaults). */
export const NAME_REQUIRED = "Name is required";
export const LOCATION_REQUIRED = "Location is required";
export const PRICE_INVALID = "Price per night must be a number of dollars, 0 or more, with at most 2 decimals";
export const TIME_INVALID = "Enter a time such as 15:00";

const time = (missing: string) => z.string({ error: missing }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, TIME_INVALID).transform((value) => value.slice(0, 5));

const AssetFields = z.object({
  name: z.string({ error: NAME_REQUIRED }).trim().min(1, NAME_REQUIRED).max(100, "Name can be at most 100 characters"),
  type: z.enum(ASSET_TYPES, { error: "Type is required" }).default("rv"),
  locationId: z.string({ error: LOCATION_REQUIRED }).trim().min(1, LOCATION_REQUIRED),
  status: z.enum(ASSET_STATUSES, { error: "Status is required" }).default("available"),
  checkInTime: time(TIME_INVALID).default("15:00"),
  checkOutTime: time(TIME_INVALID).default("11:00"),
  pricePerNight: z
    .string({ error: PRICE_INVALID })
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, PRICE_INVALID)
    .default("0"),
  description: z.string().trim().max(2000, "Description can be at most 2,000 characters").optional(),
  /** Ticked after the dialog showed the stays that a closing status would leave without an asset. */
  closeAnyway: checkbox,
});

export const AddAssetSchema = AssetFields;
export const EditAssetSchema = AssetFields.extend({ id: recordId("Choose an asset") });
export const DeleteAssetSchema = z.object({ id: recordId("Choose an asset") });
