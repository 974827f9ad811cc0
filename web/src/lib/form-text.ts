/** What a form's fields hold, by name, as text (a field left out reads as empty). */
export function formText(form: HTMLFormElement): (name: string) => string {
  const fields = new FormData(form);
  return (name) => String(fields.get(name) ?? '');
}
