import { loadOnce } from '@carmarket/shared/schemas';
import { Button } from '@carmarket/shared/ui';
import styled from 'styled-components';
import { FullRow } from '../../../components/form-layout';
import { useLoadedWhen } from '../use-loaded-when';

const Panel = styled(FullRow)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  font-size: ${({ theme }) => theme.fontSizes.sm};

  p,
  ul {
    margin: 0;
  }
`;

const Warnings = styled.ul`
  padding-left: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.dangerText};
`;

type VinDecoder = Pick<typeof import('@carmarket/shared/schemas'), 'decodeVin' | 'vinContradictions'>;

// The decoder and its manufacturer table are fetched once a VIN is typed, not with the form.
const loadDecoder = loadOnce<VinDecoder>(
  () => import(/* webpackExports: ["decodeVin", "vinContradictions"] */ '@carmarket/shared/schemas'),
);

export interface VinCheckProps {
  vin: string;
  year: string;
  make: string;
  /** Fills the year, and the make when the VIN names only one. */
  onUse: (values: { year: string; make?: string }) => void;
}

/**
 * What the VIN decodes to, offline: the check digit, the model year and the manufacturer, offered
 * as autofill and compared with the year and make entered. Announced politely as the VIN is typed.
 */
export function VinCheck({ vin, year, make, onUse }: VinCheckProps) {
  const decoder = useLoadedWhen(vin !== '', loadDecoder);
  const decoded = decoder?.decodeVin(vin);
  const onlyMake = decoded?.makes.length === 1 ? decoded.makes[0] : undefined;
  const decodedYear = decoded?.year == null ? undefined : String(decoded.year);
  const contradictions = decoded?.valid && decoder ? decoder.vinContradictions(decoded, { year, make }) : [];
  const canFill =
    decoded?.valid && decodedYear !== undefined && (decodedYear !== year || (onlyMake && onlyMake !== make));
  const vehicle = decoded && [decoded.year, decoded.makes.join(' / ')].filter(Boolean).join(' ');

  return (
    <Panel>
      <div role="status" aria-live="polite">
        {decoded && !decoded.valid && (
          <p>The VIN&apos;s check digit doesn&apos;t match: one of its characters is probably mistyped.</p>
        )}
        {decoded?.valid && (
          <p>
            VIN check digit OK.{' '}
            {decoded.manufacturer
              ? `It decodes to a ${vehicle} (${decoded.manufacturer}).`
              : `It decodes to model year ${decoded.year ?? 'unknown'}; the manufacturer code ${decoded.vin.slice(0, 3)} is not in our list.`}
          </p>
        )}
        {contradictions.length > 0 && (
          <Warnings aria-label="VIN contradictions">
            {contradictions.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </Warnings>
        )}
      </div>
      {canFill && (
        <Button
          type="button"
          $variant="secondary"
          $size="sm"
          onClick={() => onUse({ year: decodedYear, make: onlyMake })}
        >
          Use {[decodedYear, onlyMake].filter(Boolean).join(' ')} from the VIN
        </Button>
      )}
    </Panel>
  );
}
