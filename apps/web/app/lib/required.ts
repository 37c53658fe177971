import { validateFields } from '@sorkhab/shared';

/** `name → [value, Persian title]` of a form's required fields; `name` is the key the server's field errors use. */
type RequiredFields = Record<string, readonly [value: unknown, title: string]>;

/**
 * The app's own check of required fields, for forms with `noValidate` (so the browser's English bubble never
 * shows): «<title> الزامی است» for each blank one (empty or spaces only), keyed by name; {} when all are filled.
 * The inputs keep `required` for the asterisk and for assistive technology.
 */
export function requiredErrors(fields: RequiredFields): Record<string, string> {
  return validateFields(Object.entries(fields).map(([name, [filed, title]]) => ({ name, title, filed, validation: { required: true } }))).messages;
}

/**
 * Before a submit: when a required field is blank, shows the Persian errors through `setErrors`, focuses the first
 * field marked invalid once they render (as the browser did), and answers true (do not send).
 */
export function stopIfBlank(form: HTMLFormElement, fields: RequiredFields, setErrors: (errors: Record<string, string>) => void): boolean {
  const errors = requiredErrors(fields);
  if (Object.keys(errors).length === 0) return false;
  setErrors(errors);
  requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  return true;
}
