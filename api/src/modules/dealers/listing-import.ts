import { pipeline, type Readable } from 'node:stream';
import { LISTING_IMPORT_ROWS_MAX } from '@carmarket/shared/constants';
import type { ListingImportReport, ListingImportRowReport } from '@carmarket/shared/contracts';
import {
  createListingPayloadSchema,
  LISTING_IMPORT_COLUMNS,
  LISTING_IMPORT_NO_PHOTOS,
  LISTING_IMPORT_REQUIRED_COLUMNS,
  listingImportRowSchema,
  toCreateListingPayload,
  type CreateListingPayload,
} from '@carmarket/shared/schemas';
import { CsvError, parse } from 'csv-parse';
import { BadRequestError, ForbiddenError } from '../../http/errors.js';
import type { ListingsRepository, NewListingRow } from '../listings/listings.repository.js';
import type { ListingsService } from '../listings/listings.service.js';
import type { DealersRepository } from './dealers.repository.js';

/** Listings written per INSERT: each row is whole in its statement, and 1,000 rows take a few round trips. */
const INSERT_BATCH = 100;

interface ValidRow {
  line: number;
  payload: CreateListingPayload;
}

function invalidFile(message: string): BadRequestError {
  return new BadRequestError(message, 'INVALID_CSV');
}

/** The header must name known columns, each once, and every required one. */
function checkHeader(header: string[]): string[] {
  const known: readonly string[] = LISTING_IMPORT_COLUMNS;
  const columns = header.map((column) => column.trim());
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.some((column) => /^(photo|image)/i.test(column))) throw invalidFile(LISTING_IMPORT_NO_PHOTOS);
  if (unknown.length) throw invalidFile(`Unknown column: ${unknown.join(', ')}`);
  const repeated = columns.filter((column, index) => columns.indexOf(column) !== index);
  if (repeated.length) throw invalidFile(`Repeated column: ${repeated.join(', ')}`);
  const missing = LISTING_IMPORT_REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length) throw invalidFile(`Missing column: ${missing.join(', ')}`);
  return columns;
}

/** The first message of each column that failed, keyed by column. */
function errorsByColumn(issues: { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const column = String(issue.path[0] ?? 'row');
    errors[column] ??= issue.message;
  }
  return errors;
}

/**
 * A dealer's CSV inventory: one row per car with the create wizard's fields (see
 * LISTING_IMPORT_COLUMNS), checked with the wizard's schemas so each row gets the wizard's
 * messages. The file is read as it streams in and checked whole before anything is written, so a
 * file that breaks a file-wide rule (header, row count, size, CSV syntax) creates nothing. Valid
 * rows become listings (each whole in one INSERT, or not at all) and stay drafts until they have
 * their 4 photos; invalid rows are reported with their line number.
 */
export class ListingImportService {
  constructor(
    private readonly dealers: DealersRepository,
    private readonly listingsRepository: ListingsRepository,
    private readonly listings: ListingsService,
  ) {}

  async importCsv(userId: string, csv: Readable): Promise<ListingImportReport> {
    const found = await this.dealers.find(userId);
    if (!found) throw new ForbiddenError('Only dealer accounts can import listings', 'NOT_A_DEALER');
    // Rows without a ZIP the offline dataset knows are placed at the dealer's lot.
    const lot = { latitude: found.dealer.latitude, longitude: found.dealer.longitude };

    const { valid, reports } = await this.readRows(csv, lot);
    let created = 0;
    for (let start = 0; start < valid.length; start += INSERT_BATCH) {
      const batch = valid.slice(start, start + INSERT_BATCH);
      const rows: NewListingRow[] = [];
      for (const { payload } of batch) rows.push(await this.listings.newListingRow(userId, payload));
      const ids = await this.listingsRepository.insertMany(rows);
      batch.forEach(({ line }, index) => {
        reports.set(line, { line, status: 'created', listingId: ids[index]!, title: rows[index]!.title });
      });
      created += ids.length;
    }
    const rows = [...reports.values()].sort((a, b) => a.line - b.line);
    return { total: rows.length, created, invalid: rows.length - created, rows };
  }

  private async readRows(csv: Readable, lot: { latitude: number; longitude: number }) {
    const parser = parse({ bom: true, columns: checkHeader, skip_empty_lines: true, info: true });
    // pipeline, unlike pipe, hands the upload's errors (the size limit) on to the parser.
    pipeline(csv, parser, () => undefined);
    const valid: ValidRow[] = [];
    const reports = new Map<number, ListingImportRowReport>();
    try {
      for await (const { record, info } of parser as AsyncIterable<{
        record: Record<string, string>;
        info: { lines: number };
      }>) {
        if (reports.size + valid.length >= LISTING_IMPORT_ROWS_MAX) {
          throw invalidFile(`A file can have at most ${LISTING_IMPORT_ROWS_MAX} rows`);
        }
        const line = info.lines;
        const parsed = listingImportRowSchema.safeParse(record);
        if (!parsed.success) {
          reports.set(line, { line, status: 'invalid', errors: errorsByColumn(parsed.error.issues) });
          continue;
        }
        const row = parsed.data;
        const values = { vehicleInfo: row, vehicleDetails: row, listingDetails: row, contactLocation: row };
        valid.push({ line, payload: createListingPayloadSchema.parse(toCreateListingPayload(values, lot)) });
      }
    } catch (error) {
      // csv-parse's own errors (an unclosed quote, a row with the wrong number of values) say where.
      if (error instanceof CsvError) throw invalidFile(`The file is not valid CSV: ${error.message}`);
      throw error;
    }
    return { valid, reports };
  }
}
