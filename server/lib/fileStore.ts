import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import { UPLOAD_FILE_TYPES } from '../../shared/catalogue/uploads';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { storedFiles } from '../db/schema';

/** `checksum`: SHA-256, hex. */
export interface StoredFile {
  bytes: Buffer;
  contentType: string;
  checksum: string;
}

/** A path is a folder and a name under /uploads (`/credit/logo-1a2b.png`); any other path is never read nor written. */
export interface FileStore {
  /** False when the path is already taken (nothing is written then). */
  save(path: string, bytes: Buffer, contentType: string): Promise<boolean>;
  read(path: string): Promise<StoredFile | undefined>;
}

/** No dot-led segment: no way up, no hidden file. */
export const isStoredFilePath = (path: string): boolean => path.length <= 512 && /^(\/[\w-][\w.-]*)+$/.test(path);

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function assertStoredFilePath(path: string): void {
  if (!isStoredFilePath(path)) throw new Error(`not a stored file path: ${JSON.stringify(path)}`);
}

/** Every server over the database serves every file. */
export function databaseFileStore(db: Database): FileStore {
  return {
    async save(path, bytes, contentType) {
      assertStoredFilePath(path);
      const inserted = await db
        .insert(storedFiles)
        .values({ path, contentType, size: bytes.length, checksum: sha256(bytes), bytes })
        .onConflictDoNothing()
        .returning({ path: storedFiles.path });
      return inserted.length > 0;
    },
    async read(path) {
      if (!isStoredFilePath(path)) return undefined;
      const [row] = await db
        .select({ bytes: storedFiles.bytes, contentType: storedFiles.contentType, checksum: storedFiles.checksum })
        .from(storedFiles)
        .where(eq(storedFiles.path, path))
        .limit(1);
      return row;
    },
  };
}

const typeByExtension = new Map<string, string>(UPLOAD_FILE_TYPES.flatMap((type) => type.extensions.map((extension) => [extension, type.mime])));

/** Only the server that wrote a file serves it. */
export function folderFileStore(uploadDir: string): FileStore {
  const root = resolve(uploadDir);
  const located = (path: string): string | undefined => {
    if (!isStoredFilePath(path)) return undefined;
    const full = resolve(root, `.${path}`);
    return full.startsWith(root + sep) ? full : undefined;
  };
  return {
    async save(path, bytes) {
      const full = located(path);
      if (!full) throw new Error(`not a stored file path: ${JSON.stringify(path)}`);
      await mkdir(dirname(full), { recursive: true });
      try {
        await writeFile(full, bytes, { flag: 'wx' });
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
        throw error;
      }
    },
    async read(path) {
      const full = located(path);
      if (!full) return undefined;
      let bytes: Buffer;
      try {
        bytes = await readFile(full);
      } catch (error) {
        if (['ENOENT', 'EISDIR', 'ENOTDIR'].includes(String((error as NodeJS.ErrnoException).code))) return undefined;
        throw error;
      }
      // The type was told from the bytes at upload and written into the name's extension.
      const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
      return { bytes, contentType: typeByExtension.get(extension) ?? 'application/octet-stream', checksum: sha256(bytes) };
    },
  };
}

export function fileStoreFor(config: Pick<Config, 'fileStorage' | 'uploadDir'>, db: Database): FileStore {
  return config.fileStorage === 'folder' ? folderFileStore(config.uploadDir) : databaseFileStore(db);
}
