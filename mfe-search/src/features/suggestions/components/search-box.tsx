import { SUGGESTIONS_DEBOUNCE_MS, type Suggestion } from '@carmarket/shared';
import { Button, useDebouncedValue, VisuallyHidden } from '@carmarket/shared/ui';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useSuggestions } from '../api/get-suggestions';

const Form = styled.form`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  margin: ${({ theme }) => theme.space.md} 0;
`;

const Input = styled.input`
  flex: 1;
  min-width: 0;
  padding: 10px 12px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
`;

const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 20;
  margin: 4px 0 0;
  padding: 4px 0;
  list-style: none;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

const Option = styled.li<{ $active: boolean }>`
  display: flex;
  justify-content: space-between;
  gap: 1rem;
  padding: 8px 12px;
  cursor: pointer;
  background: ${({ theme, $active }) => ($active ? theme.colors.surfaceMuted : 'transparent')};
`;

const Kind = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const KIND_LABELS: Record<Suggestion['type'], string> = {
  make: 'Make',
  model: 'Model',
  location: 'Location',
};

/**
 * The search box (spec §2): a combobox whose suggestions load 300 ms after typing stops, from 2
 * characters; arrows move through them, Enter picks one (or searches the text), Escape closes.
 */
export function SearchBox({
  initialText,
  onSearch,
  onPick,
}: {
  initialText: string;
  onSearch: (text: string) => void;
  onPick: (suggestion: Suggestion) => void;
}) {
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const debounced = useDebouncedValue(text, SUGGESTIONS_DEBOUNCE_MS);
  const { data: suggestions = [] } = useSuggestions(debounced);
  const listId = useId();
  const inputId = useId();
  const shown = open && suggestions.length > 0;

  useEffect(() => setText(initialText), [initialText]);
  useEffect(() => setActive(-1), [suggestions]);

  const pick = (suggestion: Suggestion) => {
    setOpen(false);
    setText('');
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && suggestions.length > 0) {
      event.preventDefault();
      setOpen(true);
      setActive((index) => (index + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? suggestions.length - 1 : index - 1));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      pick(suggestions[active]!);
    }
  };

  return (
    <Form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(false);
        onSearch(text.trim());
      }}
    >
      <VisuallyHidden as="label" htmlFor={inputId}>
        Search by make, model, keyword or city
      </VisuallyHidden>
      <Input
        id={inputId}
        type="search"
        role="combobox"
        autoComplete="off"
        placeholder="Search by make, model, keyword or city"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          // The list still shows the previous text's suggestions until the new ones load: typing must
          // drop the highlighted one, or Enter would pick a suggestion for text no longer there.
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <Button type="submit">Search</Button>
      <List id={listId} role="listbox" aria-label="Suggestions" hidden={!shown}>
        {shown &&
          suggestions.map((suggestion, index) => (
            <Option
              key={`${suggestion.type}-${suggestion.label}`}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              $active={index === active}
              // mousedown, not click: a click would first blur the input and close the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(suggestion);
              }}
            >
              <span>{suggestion.label}</span>
              <Kind>{KIND_LABELS[suggestion.type]}</Kind>
            </Option>
          ))}
      </List>
    </Form>
  );
}
