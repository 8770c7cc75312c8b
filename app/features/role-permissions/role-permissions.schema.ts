import { z } from "~/platform/zod";
import { PERMISSION_MODULES, ROLE_NAME_PATTERN } from "~/features/accounts/permissions";
import { checkbox, recordId } from "~/features/back-office/form-fields";
import { MODULE_REQUIRED, ROLE_NAME_RULE, ROLE_REQUIRED } from "./role-permission-messages";

/**
 * The Role Permissions dialog, in the browser and in the commands. Role and module are chosen
 * when a row is added and locked afterwards (the spec), so editing sends only the flags.
 */

const flags = {
  canView: checkbox,
  canCreate: checkbox,
  canUpdate: checkbox,
  canDelete: checkbox,
};

export const AddRolePermissionSchema = z.object({
  role: z.string({ error: ROLE_REQUIRED }).trim().min(1, { error: ROLE_REQUIRED, abort: true }).regex(ROLE_NAME_PATTERN, ROLE_NAME_RULE),
  module: z.enum(PERMISSION_MODULES, { error: MODULE_REQUIRED }),
  ...flags,
});

export const EditRolePermissionSchema = z.object({
  id: recordId("Choose a permission row"),
  ...flags,
});

export const DeleteRolePermissionSchema = z.object({
  id: recordId("Choose a permission row"),
});
