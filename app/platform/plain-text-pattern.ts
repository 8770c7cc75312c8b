/**
 * What a text field may hold: any character but the control characters, except tab and line
 * breaks (a textarea posts CR LF). A NUL cannot be stored by PostgreSQL at all, and the others
 * have no business in a name, an address or a message; a form that sends them gets this field's
 * message, like any other rule.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const PLAIN_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]*$/;

/** The message for a field that holds a control character: "Guest name contains a character that is not allowed". */
export const controlCharacterMessage = (field: string) => `${field} contains a character that is not allowed`;
