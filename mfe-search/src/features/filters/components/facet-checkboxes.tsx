import { COLOUR_OPTIONS_SHOWN, type FacetOption } from '@carmarket/shared';
import { CheckboxField } from '@carmarket/shared/ui';
import { useId, useState } from 'react';
import styled from 'styled-components';

const Group = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  border: 0;

  legend {
    margin-bottom: ${({ theme }) => theme.space.xs};
    font-weight: ${({ theme }) => theme.fontWeights.medium};
  }
`;

const ShowMore = styled.button`
  align-self: flex-start;
  padding: 0;
  color: ${({ theme }) => theme.colors.link};
  background: none;
  border: 0;
  cursor: pointer;
  text-decoration: underline;
`;

/**
 * A multi-select facet: each option shows how many results choosing it gives, and options that
 * would give none are disabled (unless already chosen, so they can be unticked). `limit` shows only
 * the first options with 'Show more' (spec §2: colours show the first 10). With `hideEmpty` (a search
 * that found nothing) options at (0) are left out but for the chosen ones: a column of zeros says
 * nothing, and the results suggest which filter to remove instead. `pending` (no search has answered
 * yet) shows the options without counts and disabled, in the place they will take (no layout shift).
 */
export function FacetCheckboxes({
  legend,
  options,
  selected = [],
  labelOf = (value) => value,
  limit,
  hideEmpty = false,
  pending = false,
  onChange,
}: {
  legend: string;
  options: FacetOption[];
  selected?: string[];
  labelOf?: (value: string) => string;
  limit?: typeof COLOUR_OPTIONS_SHOWN;
  hideEmpty?: boolean;
  pending?: boolean;
  onChange: (values: string[] | undefined) => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const idPrefix = useId();
  const isChosen = (value: string) => selected.some((chosen) => chosen.toLowerCase() === value.toLowerCase());
  const shown = hideEmpty ? options.filter((option) => option.count > 0 || isChosen(option.value)) : options;
  const visible = limit && !expanded ? shown.slice(0, limit) : shown;
  if (shown.length === 0) return null;

  const toggle = (value: string, checked: boolean) => {
    const next = checked
      ? [...selected, value]
      : selected.filter((chosen) => chosen.toLowerCase() !== value.toLowerCase());
    onChange(next.length > 0 ? next : undefined);
  };

  return (
    <Group>
      <legend>{legend}</legend>
      {visible.map((option) => {
        const chosen = isChosen(option.value);
        return (
          <CheckboxField
            key={option.value}
            id={`${idPrefix}-${option.value}`}
            label={pending ? labelOf(option.value) : `${labelOf(option.value)} (${option.count})`}
            checked={chosen}
            disabled={pending || (!chosen && option.count === 0)}
            onChange={(event) => toggle(option.value, event.target.checked)}
          />
        );
      })}
      {limit && shown.length > limit && (
        <ShowMore type="button" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Show less' : 'Show more'}
        </ShowMore>
      )}
    </Group>
  );
}
