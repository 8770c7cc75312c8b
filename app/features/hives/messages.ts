/** The hive update e-mails' unsubscribe page, when its link is not (or no longer) good. */
export const UNSUBSCRIBE_LINK_NOT_VALID = "This link is not valid";
