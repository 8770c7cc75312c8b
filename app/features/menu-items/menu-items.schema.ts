import { checkbox, recordId } from "~/features/back-office/form-fields";
import { z } from "~/platform/zod";
import { LABEL_MAX, PATH_MAX } from "./menu-item-limits";

/**
 * The Menu Items dialogs, in the browser and in the commands. A menu item is either Internal (a
 * page of this site: a relative path) or Custom (an external link: a full http(s) web address,
 * opened in a new tab by the drawer). Nothing else reaches the drawer: `javascript:`, `data:` and
 * other schemes are refused, and so are protocol-relative paths ("//evil.example", "/\evil"),
 * which browsers treat as another site.
 */
export const MENU_ITEM_MESSAGES = {
  label: "Label is required",
  labelLength: "Label can be at most 60 characters",
  path: "Path is required",
  pathLength: "Path can be at most 500 characters",
  pathSpaces: "Path cannot contain spaces or invisible characters",
  /** `javascript:`, `data:`, `mailto:`…: named, so the person sees what was refused. */
  unsafeScheme: (scheme: string) => `"${scheme}" links are not allowed. Use a path on this site, such as /about, or a web address starting with https://`,
  internalPath: 'An internal path must start with a single "/", such as /about or /#roadmap',
  internalIsUrl: 'This is a web address: choose "Custom" as the type for an external link, or give a path on this site starting with "/"',
  customIsPath: 'This is a path on this site: choose "Internal" as the type, or give a full web address starting with https://',
  customUrl: "A custom link must be a full web address starting with https:// or http://, such as https://example.org/events",
  linkType: "Choose Internal or Custom",
  displayOrder: "Display order must be a whole number, 0 or more",
  displayOrderMax: "Display order can be at most 99,999",
  position: "Choose where to move the menu item",
  visibility: "Choose Visible or Hidden",
} as const;

export { LABEL_MAX, PATH_MAX };
export const DISPLAY_ORDER_MAX = 99_999;

export const LINK_TYPES = ["internal", "custom"] as const;
export type LinkType = (typeof LINK_TYPES)[number];

const WEB_ADDRESS = /^https?:\/\//i;
/** A web address as people write one: the host right after "//" ("https:///host" is refused). */
const FULL_WEB_ADDRESS = /^https?:\/\/[^/\\]/i;
/** A URL scheme ("javascript:", "data:", "mailto:"…) at the start. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Whitespace and control characters, which browsers strip or fold (`java\tscript:`). */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const INVISIBLE = /[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/;

/** A path on this site: one "/" first ("//host" and "/\host" are other sites to a browser). */
const isSitePath = (path: string) => path.startsWith("/") && !path.startsWith("//") && !path.startsWith("/\\");

/**
 * Why `path` cannot be the link of a menu item of this type, or null when it can. The scheme is
 * lower-cased by `normalPath` first, as the drawer tells external links by a leading "http".
 */
export function pathProblem(path: string, type: LinkType): string | null {
  if (INVISIBLE.test(path)) return MENU_ITEM_MESSAGES.pathSpaces;
  const scheme = SCHEME.exec(path)?.[0];
  if (scheme && !WEB_ADDRESS.test(path)) return MENU_ITEM_MESSAGES.unsafeScheme(scheme.toLowerCase());
  if (type === "internal") {
    if (WEB_ADDRESS.test(path)) return MENU_ITEM_MESSAGES.internalIsUrl;
    return isSitePath(path) ? null : MENU_ITEM_MESSAGES.internalPath;
  }
  if (isSitePath(path)) return MENU_ITEM_MESSAGES.customIsPath;
  if (!FULL_WEB_ADDRESS.test(path) || !URL.canParse(path)) return MENU_ITEM_MESSAGES.customUrl;
  const url = new URL(path);
  if ((url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname || url.username || url.password) return MENU_ITEM_MESSAGES.customUrl;
  return null;
}

/** The path as stored: trimmed, and a web address's scheme in lower case ("HTTPS://…" → "https://…"). */
export const normalPath = (path: string) => path.trim().replace(WEB_ADDRESS, (scheme) => scheme.toLowerCase());

/**
 * Display order: a whole number, 0 or more; what is not a number at all (empty, "abc") is 0, as
 * the spec says, but a negative or fractional number is a mistake worth saying.
 */
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const displayOrder = z
  .preprocess((value) => {
    const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
    return NUMBER.test(text) ? Number(text) : 0;
  }, z.number().int(MENU_ITEM_MESSAGES.displayOrder).min(0, MENU_ITEM_MESSAGES.displayOrder).max(DISPLAY_ORDER_MAX, MENU_ITEM_MESSAGES.displayOrderMax))
  .default(0);

const MenuItemFields = z.object({
  label: z.string({ error: MENU_ITEM_MESSAGES.label }).trim().min(1, MENU_ITEM_MESSAGES.label).max(LABEL_MAX, MENU_ITEM_MESSAGES.labelLength),
  path: z.string({ error: MENU_ITEM_MESSAGES.path }).transform(normalPath).pipe(z.string().min(1, MENU_ITEM_MESSAGES.path).max(PATH_MAX, MENU_ITEM_MESSAGES.pathLength)),
  linkType: z.enum(LINK_TYPES, { error: MENU_ITEM_MESSAGES.linkType }).default("internal"),
  isVisible: checkbox,
  displayOrder,
});

/** The path's rule depends on the type, so it is said under the path. */
const pathFitsType = (fields: { path: string; linkType: LinkType }, context: z.RefinementCtx) => {
  // An empty path is already "Path is required".
  const problem = fields.path ? pathProblem(fields.path, fields.linkType) : null;
  if (problem) context.addIssue({ code: "custom", path: ["path"], message: problem });
};

/** The fields as the table keeps them: Custom is `is_custom`. */
const toRow = <T extends { linkType: LinkType }>({ linkType, ...fields }: T) => ({ ...fields, isCustom: linkType === "custom" });

export const AddMenuItemSchema = MenuItemFields.superRefine(pathFitsType).transform(toRow);
export const EditMenuItemSchema = MenuItemFields.extend({ id: recordId("Choose a menu item") })
  .superRefine(pathFitsType)
  .transform(toRow);
export const DeleteMenuItemSchema = z.object({ id: recordId("Choose a menu item") });

/** The row's switch: the state to set, "true" (Visible) or "false" (Hidden). */
export const SetVisibilitySchema = z.object({
  id: recordId("Choose a menu item"),
  isVisible: z.enum(["true", "false"], { error: MENU_ITEM_MESSAGES.visibility }).transform((value) => value === "true"),
});

/** A move: the item, and its place in the whole menu from 0 (first); past the end is the end. */
export const MoveMenuItemSchema = z.object({
  id: recordId("Choose a menu item"),
  position: z
    .string({ error: MENU_ITEM_MESSAGES.position })
    .trim()
    .regex(/^\d{1,6}$/, MENU_ITEM_MESSAGES.position)
    .transform(Number),
});

export type MenuItemFieldsOutput = z.output<typeof AddMenuItemSchema>;
