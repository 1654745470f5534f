import type { FileFieldValue } from '../components/file-field/file-field';

/**
 * Adds a FileField's value to a multipart body:
 * - `{ kind: 'new' }`: the chosen File under `name`;
 * - `{ kind: 'none' }`: `removeFieldName` = 'true' (remove the stored file, if any);
 * - `{ kind: 'stored' }`: nothing (keep the stored file as it is).
 *
 * @example appendFileField(body, 'blog[icon]', values.icon, 'blog[remove_icon]')
 */
export function appendFileField(
  formData: FormData,
  name: string,
  value: FileFieldValue,
  removeFieldName: string,
): void {
  if (value.kind === 'new') formData.append(name, value.file, value.file.name);
  else if (value.kind === 'none') formData.append(removeFieldName, 'true');
}
