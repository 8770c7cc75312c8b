/** The spec's account messages, shared by server commands and pages. */
export const ADMIN_REFUSED_MESSAGE = "Admin accounts cannot be used for customer functions. Please use a customer account.";
export const NOT_ADMIN_MESSAGE = "You don't have admin privileges.";
