import { useNavigation } from "react-router";

/**
 * Whether the page's post with this intent is on its way: from the send until the page shows
 * its answer (the action's, then the data loaded again or the page it leads to), so a button
 * stays busy until there is something new to see. `fields` narrows it to one row's post (its id).
 */
export function useSending(intent: string, fields?: Readonly<Record<string, string>>): boolean {
  return isSending(useNavigation(), intent, fields);
}

/** useSending for a list of rows, asked once per row of a navigation read once. */
export function isSending({ state, formData }: Pick<ReturnType<typeof useNavigation>, "state" | "formData">, intent: string, fields?: Readonly<Record<string, string>>): boolean {
  if (state === "idle" || formData?.get("intent") !== intent) return false;
  return !fields || Object.entries(fields).every(([name, value]) => formData.get(name) === value);
}
