import { pgEnum } from "drizzle-orm/pg-core";
import { PERMISSION_MODULES } from "./permission-modules";

export const bookingStatus = pgEnum("booking_status", ["pending", "confirmed", "cancelled"]);
export const assetStatus = pgEnum("asset_status", ["available", "occupied", "maintenance", "unavailable"]);
export const assetType = pgEnum("asset_type", ["rv", "rental"]);
/** What a booking is for: the asset's type, or the admin form's default `rv_glamping`. */
export const experienceType = pgEnum("experience_type", ["rv", "rental", "rv_glamping"]);
export const adoptionStatus = pgEnum("adoption_status", ["pending", "active", "cancelled", "expired"]);
/** A hive of the registry: active, failed (its sponsors move to another hive), or retired. */
export const hiveStatus = pgEnum("hive_status", ["active", "failed", "retired"]);
export const paymentFrequency = pgEnum("payment_frequency", ["monthly", "annual"]);
export const paymentMethod = pgEnum("payment_method", ["credit_card", "cash", "crypto"]);
export const permissionModule = pgEnum("permission_module", PERMISSION_MODULES);
export const outboxStatus = pgEnum("outbox_status", ["pending", "sent", "failed"]);

export type BookingStatus = (typeof bookingStatus.enumValues)[number];
export type AssetStatus = (typeof assetStatus.enumValues)[number];
/**
 * A role's name: `admin` and `customer` always exist; any other name is a staff role an
 * administrator defined in Role Permissions (features/accounts/permissions.ts).
 */
export type RoleName = string;
export type PermissionModule = (typeof permissionModule.enumValues)[number];
