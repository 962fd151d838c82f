import {
  getErrorMessage,
  getRequestId,
  LISTING_IMPORT_MAX_BYTES,
  LISTING_IMPORT_ROWS_MAX,
  routes,
} from '@carmarket/shared';
import { Link } from '@carmarket/shared/router';
import { FEATURE_SEPARATOR, LISTING_IMPORT_EXAMPLE, listingImportCsv } from '@carmarket/shared/schemas';
import { Button, SupportRequestId } from '@carmarket/shared/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useImportListings } from '../../features/dealer/api/import-listings';
import { Message } from './form-parts';

const Form = styled.form`
  display: grid;
  gap: 0.75rem;
  max-width: 36rem;
`;

const Table = styled.table`
  width: 100%;
  margin-top: 1rem;
  border-collapse: collapse;

  th,
  td {
    padding: 0.4rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
`;

const SIZE_ERROR = `The CSV file must be at most ${LISTING_IMPORT_MAX_BYTES / 1024 / 1024} MB`;
const template = `data:text/csv;charset=utf-8,${encodeURIComponent(listingImportCsv([LISTING_IMPORT_EXAMPLE]))}`;

/**
 * A dealer's bulk inventory: a CSV file with one car per row (the wizard's fields), checked by the
 * server with the wizard's rules. The report lists every row: created drafts link to their editor
 * to add photos, invalid rows say which column is wrong and why.
 */
export function InventoryImport() {
  const importListings = useImportListings();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const report = importListings.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setFileError('Choose a CSV file to import');
    if (file.size > LISTING_IMPORT_MAX_BYTES) return setFileError(SIZE_ERROR);
    setFileError(undefined);
    importListings.mutate(file);
  };

  return (
    <section aria-labelledby="inventory-import-heading">
      <h3 id="inventory-import-heading">Import inventory (CSV)</h3>
      <p>
        One car per row, up to {LISTING_IMPORT_ROWS_MAX} rows, with the listing form&apos;s fields as columns.{' '}
        <a href={template} download="carmarket-inventory-template.csv">
          Download the template
        </a>
        . Features go in one column per group (safetyFeatures, interiorFeatures, technologyFeatures,
        exteriorFeatures, otherFeatures), names as the listing form spells them, separated by &ldquo;
        {FEATURE_SEPARATOR}&rdquo;.
      </p>
      <p>
        Photos are not imported from the file: imported cars are drafts until each has 4 photos, added in its
        editor (the report links to it).
      </p>
      <Form onSubmit={submit} noValidate aria-label="Inventory import">
        <div>
          <label htmlFor="inventory-file">CSV file</label>
          <br />
          <input
            id="inventory-file"
            type="file"
            accept=".csv,text/csv"
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? 'inventory-file-error' : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          {fileError && (
            <Message $error id="inventory-file-error">
              {fileError}
            </Message>
          )}
        </div>
        <div>
          <Button type="submit" disabled={importListings.isPending}>
            {importListings.isPending ? 'Importing...' : 'Import'}
          </Button>
        </div>
      </Form>
      {importListings.isError && (
        <div role="alert">
          <Message $error>
            {getErrorMessage(importListings.error, 'The import failed. Please try again.')}
          </Message>
          <SupportRequestId requestId={getRequestId(importListings.error)} />
        </div>
      )}
      <div role="status">
        {report && (
          <Message>
            {report.total} rows: {report.created} listings created as drafts, {report.invalid} rows with
            errors.
          </Message>
        )}
      </div>
      {report && report.rows.length > 0 && (
        <Table>
          <caption>Import report</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {report.rows.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>
                  {row.status === 'created' ? (
                    <>
                      Created: <Link to={routes.editListing(row.listingId)}>{row.title}</Link> (add photos)
                    </>
                  ) : (
                    <ul>
                      {Object.entries(row.errors).map(([column, message]) => (
                        <li key={column}>
                          {column}: {message}
                        </li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}
