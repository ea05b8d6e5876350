import { rmSync } from 'node:fs';
import { E2E_UPLOAD_DIR } from '../../playwright.config';

/** Leave nothing behind: the database was in memory; the uploads were in a temporary folder. */
export default function globalTeardown(): void {
  rmSync(E2E_UPLOAD_DIR, { recursive: true, force: true });
}
