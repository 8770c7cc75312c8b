import { z } from "~/platform/zod";

/** Fold the day's overview away (`collapsed=true`) or open it again: the person's own choice. */
export const OverviewPreferenceSchema = z.object({
  collapsed: z.enum(["true", "false"], { error: "Choose whether the overview is shown." }).transform((value) => value === "true"),
});
