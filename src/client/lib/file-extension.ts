/** The extension of a file name, lower case and without the dot ('' when it has none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/** 'Choose a .jpg, .jpeg or .png file.' for ['jpg', 'jpeg', 'png']; 'Choose a .pdf file.' for ['pdf']. */
export function fileTypeMessage(allowedExtensions: readonly string[]): string {
  const names = allowedExtensions.map((extension) => `.${extension.replace(/^\./, '').toLowerCase()}`);
  if (names.length === 0) return 'Choose a file.';
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
  return `Choose a ${list} file.`;
}

/** Whether a file's name ends in one of the allowed extensions (without dots, any case: ['jpg', 'png']). */
export function hasAllowedExtension(name: string, allowedExtensions: readonly string[]): boolean {
  const extension = fileExtension(name);
  return (
    extension !== '' &&
    allowedExtensions.some((allowed) => allowed.replace(/^\./, '').toLowerCase() === extension)
  );
}
