import { permit } from './permissions';
import type { Resource } from '../../shared/catalogue/permissions';
import { Readable } from 'node:stream';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { csvAnswer } from '../../shared/contract/envelope';
import type { AuditEntity } from '../../shared/catalogue/audit';
import { changedFields, recordAudit } from './audit';
import { CSV_BOM, csvHeader, csvLine, type CsvKind } from './csv';
import { cursorBatches, type TextRow } from './cursorBatches';
import { exportSlots, type ExportSlots } from './exportSlots';
import { isoTimestampText } from './sqlText';

/** `name` is the header: the API's snake_case field name. */
export interface ExportColumn {
  name: string;
  value: SQLWrapper;
  kind: CsvKind;
}

export const text = (name: string, value: SQLWrapper): ExportColumn => ({ name, value, kind: 'text' });
export const number = (name: string, value: SQLWrapper): ExportColumn => ({ name, value, kind: 'number' });
export const boolean = (name: string, value: SQLWrapper): ExportColumn => ({ name, value, kind: 'boolean' });
export const date = (name: string, value: SQLWrapper): ExportColumn => ({ name, value, kind: 'date' });

/** Text written by the database, so both drivers answer the same strings (exact decimals; dates ISO 8601 UTC, as the API). */
function asText({ value, kind }: ExportColumn): SQL<string | null> {
  if (kind === 'date') return isoTimestampText(value);
  return sql<string | null>`(${value})::text`;
}

export function exportSelection(columns: ExportColumn[]): Record<string, SQL.Aliased<string | null>> {
  return Object.fromEntries(columns.map((column) => [column.name, asText(column).as(column.name)]));
}

/** The BOM and header go out with the first batch, so that an empty result still has them. */
async function* csvChunks(columns: ExportColumn[], batches: AsyncIterable<TextRow[]>): AsyncGenerator<string> {
  const names = columns.map((column) => column.name);
  const kinds = columns.map((column) => column.kind);
  let head = CSV_BOM + csvHeader(names);
  for await (const rows of batches) {
    yield (
      head +
      rows
        .map((row) =>
          csvLine(
            names.map((name) => row[name] ?? null),
            kinds,
          ),
        )
        .join('')
    );
    head = '';
  }
  if (head) yield head;
}

/** Reads the next chunk only when the client took the last (backpressure); destroying it returns the generator, which closes the cursor. */
class ChunkStream extends Readable {
  constructor(
    first: string,
    private readonly rest: AsyncGenerator<string>,
  ) {
    super({ highWaterMark: 64 * 1024 });
    this.push(first);
  }

  override _read(): void {
    this.rest.next().then(
      ({ done, value }) => this.push(done ? null : value),
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.rest.return(undefined).then(
      () => callback(error),
      (closeError: unknown) => callback(error ?? (closeError instanceof Error ? closeError : new Error(String(closeError)))),
    );
  }
}

/** `companies-2025-01-31.csv` (day of the export, UTC). */
export const exportFileName = (list: string, now: Date = new Date()): string => `${list}-${now.toISOString().slice(0, 10)}.csv`;

export interface CsvExport {
  /** The audit trail's entity; `fileName` is the name before its date. */
  entity: AuditEntity;
  fileName: string;
  columns: ExportColumn[];
  /** Selected with exportSelection(columns), in the search's order. */
  query: SQLWrapper;
  /** Kept in the audit trail (the search body without its page). */
  filters: object;
}

/** Per server instance (MAX_CONCURRENT_EXPORTS at most). */
const runningExports = new WeakMap<FastifyInstance, ExportSlots>();
const slotsOf = (app: FastifyInstance): ExportSlots => {
  let slots = runningExports.get(app);
  if (!slots) runningExports.set(app, (slots = exportSlots()));
  return slots;
};

/**
 * Everything that can fail cleanly fails before the first byte (the cursor is declared and its first batch read
 * here); past the headers an error can only cut the download short.
 */
async function sendCsvExport(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, file: CsvExport): Promise<FastifyReply> {
  const release = slotsOf(app).take();
  const chunks = csvChunks(file.columns, cursorBatches(app.db, app.dbKind, file.query));
  try {
    const first = await chunks.next();
    await recordAudit(app.db, request, { action: 'export', entity: file.entity, changes: changedFields(null, file.filters) });
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${exportFileName(file.fileName)}"`)
      .header('cache-control', 'no-store');
    // 'close' comes once the stream ended or was destroyed (the client went away): the cursor is closed by then.
    const stream = new ChunkStream(first.done ? '' : first.value, chunks).once('close', release);
    return reply.send(stream);
  } catch (error) {
    await chunks.return(undefined);
    release();
    throw error;
  }
}

type SearchBody = z.ZodType<{ offset: number; limit?: number }>;

export interface ExportRoute<Body extends SearchBody> {
  url: string;
  tags: string[];
  summary: string;
  /** The list's own search schema, so the export refuses what the search refuses. */
  body: Body;
  answer: ReturnType<typeof csvAnswer>;
  entity: AuditEntity;
  /** The permission resource whose `export` the route needs. */
  resource: Resource;
  fileName: string;
  columns: ExportColumn[];
  query: (body: z.infer<Body>) => SQLWrapper;
}

/** `POST /x/export`: the whole filtered list as CSV; the page is ignored. */
export function csvExportRoute<Body extends SearchBody>(app: FastifyInstance, route: ExportRoute<Body>): void {
  const { url, tags, summary, body, answer, query, resource, ...file } = route;
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(url, { ...permit(resource, 'export'), schema: { tags, summary, body, response: { 200: answer } } }, async (request, reply) => {
      // The type provider cannot resolve a generic schema's output, so it is named here.
      const parsed = request.body as z.output<Body>;
      const { offset: _offset, limit: _limit, ...filters } = parsed;
      return sendCsvExport(app, request, reply, { ...file, query: query(parsed), filters });
    });
}
