import { PRICE_FILTER_DEBOUNCE_MS } from '@carmarket/shared';
import { TextField, useDebouncedValue } from '@carmarket/shared/ui';
import { useEffect, useRef, useState } from 'react';

/**
 * A number filter (price, year, mileage, MPG) applied 500 ms after typing stops (spec §9), so a
 * search does not run for every keystroke; cleared means "not set".
 */
export function DebouncedNumberField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (value: number | undefined) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const settled = useDebouncedValue(text, PRICE_FILTER_DEBOUNCE_MS);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  // The URL changed underneath (back button, Clear Filters): show what it says now.
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);

  useEffect(() => {
    const parsed = settled.trim() === '' ? undefined : Number(settled);
    if (parsed !== undefined && (!Number.isInteger(parsed) || parsed < 0)) return;
    if (parsed !== value) commit.current(parsed);
    // Only a settled edit commits; a new `value` from the URL must not re-commit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  return (
    <TextField
      label={label}
      inputMode="numeric"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
