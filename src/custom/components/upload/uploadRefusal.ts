import { UPLOAD_FILE_TYPES } from '../../../../shared/catalogue/uploads';

const MEBIBYTE = 1024 * 1024;
const formatSize = (bytes: number): string => `${Number((bytes / MEBIBYTE).toFixed(1))} MB`;

const ACCEPTED_MIME_TYPES = new Set<string>(UPLOAD_FILE_TYPES.map((type) => type.mime));
const ACCEPTED_EXTENSIONS = new Set<string>(UPLOAD_FILE_TYPES.flatMap((type) => type.extensions));
const ACCEPTED_LABELS = UPLOAD_FILE_TYPES.map((type) => type.label);
const ACCEPTED_LIST = `${ACCEPTED_LABELS.slice(0, -1).join(', ')} or ${ACCEPTED_LABELS.at(-1)}`;

/** The declared type decides; a file the browser cannot type is judged by its name's ending. */
function isAcceptedType(file: Pick<File, 'name' | 'type'>): boolean {
  if (file.type) return ACCEPTED_MIME_TYPES.has(file.type.toLowerCase());
  const extension = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : undefined;
  return extension !== undefined && ACCEPTED_EXTENSIONS.has(extension);
}

/** Why the server would refuse this file (its type, or more bytes than the cap), told before it is read; undefined when it may go. */
export function uploadRefusal(file: Pick<File, 'name' | 'size' | 'type'>, maxBytes: number): string | undefined {
  if (!isAcceptedType(file)) return `${file.name}: this type of file is not accepted (${ACCEPTED_LIST} only).`;
  if (file.size > maxBytes) return `${file.name} is too large (${formatSize(file.size)}): the limit is ${formatSize(maxBytes)}.`;
  return undefined;
}
