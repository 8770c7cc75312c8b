/** The words of a person's page. */
export const PERSON_MISSING = "No one to show here: the account may have been deleted, or none of your screens lists this person.";
export const PERSON_MISSING_TITLE = "Person not found";
