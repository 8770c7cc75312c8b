/**
 * Deferred hydration (PageHandle `hydrate: "deferred"`): the server gives React Router's
 * hydration script this inert type, and the shell script starts it when the element carrying
 * the trigger attribute is needed: "visible" (it comes within a screen of the viewport) or
 * "interaction" (it is pointed at, touched or focused).
 */
export const DEFERRED_MODULE_TYPE = "text/x-deferred-module";
export const HYDRATE_TRIGGER_ATTRIBUTE = "data-hydrate-trigger";
export type HydrateTrigger = "visible" | "interaction";

/** The performance mark the root layout sets once React has hydrated the page (the Lighthouse bench reads it). */
export const HYDRATED_MARK = "apiary:hydrated";
