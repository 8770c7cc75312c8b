/** The spec's toasts of the Menu Items screen: its list that could not be read (the screen stays up), and its refused commands' titles. */
export const MENU_ITEMS_LIST_FAILED = { title: "Failed to fetch menu items", description: "Reload the page in a moment." } as const;

export const MENU_ITEM_FAILURE_TITLES = {
  add: "Failed to add menu item",
  edit: "Failed to update menu item",
  delete: "Failed to delete menu item",
  "set-visibility": "Failed to update visibility",
  move: "Failed to save menu order",
} as const;
