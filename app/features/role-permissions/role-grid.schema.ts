import { z } from "~/platform/zod";
import { GRID_CELL_INVALID, parseCell } from "./role-grid";

/** The grid's post (see role-grid.ts): the cells shown when the page was drawn and the cells ticked. */
const cells = z.array(z.string().max(80).refine((key) => parseCell(key) !== null, GRID_CELL_INVALID)).max(5000);

export const SaveRoleGridSchema = z.object({
  // Always sent by the grid (empty when nothing was ticked): a post without it is not the grid's.
  shown: z.preprocess((value) => (typeof value === "string" ? (value === "" ? [] : value.split(",")) : value), cells),
  grant: z.preprocess((value) => (value === undefined || value === "" ? [] : Array.isArray(value) ? value : [value]), cells),
});
