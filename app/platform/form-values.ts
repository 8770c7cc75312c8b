/**
 * A form post as the plain object a command validates with the form's schema: a field sent
 * several times (tick boxes of one name) is a list, any other a single value.
 */
export function formValues(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  return Object.fromEntries([...new Set(form.keys())].map((key) => {
    const all = form.getAll(key);
    return [key, all.length > 1 ? all : all[0]!];
  }));
}
