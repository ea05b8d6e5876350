import { writeFile } from 'node:fs/promises';
import { API_TYPES_FILE, clientTypes, publishedDocument } from './openapiTools';

/** Regenerates the API client's types from the document the server publishes (tests/server/openapiClient.test.ts checks they are current). */
await writeFile(API_TYPES_FILE, await clientTypes(await publishedDocument()));
console.log(`wrote ${API_TYPES_FILE}`);
process.exit(0);
