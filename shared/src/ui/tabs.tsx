// ARIA tabs, as the dashboard and the listing editor use them.
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { styled } from 'styled-components';

const List = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.25rem;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tab = styled.button`
  padding: 0.625rem 1rem;
  border: 0;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-weight: 600;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.tones.primary.background};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Panel = styled.div`
  padding: 1.5rem 0;
`;

export interface TabItem {
  label: string;
  content: ReactNode;
}

interface TabsProps {
  label: string;
  items: TabItem[];
  /** The open tab, when the caller keeps it (e.g. in the URL); otherwise the tabs keep their own. */
  selected?: number;
  onSelect?: (index: number) => void;
}

/** ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs. */
export function Tabs({ label, items, selected: chosen, onSelect }: TabsProps) {
  const baseId = useId();
  const [own, setOwn] = useState(0);
  const selected = chosen ?? own;
  const setSelected = (index: number) => {
    setOwn(index);
    onSelect?.(index);
  };
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const index = next < 0 ? last : next > last ? 0 : next;
    setSelected(index);
    tabs.current[index]?.focus();
  };

  return (
    <div>
      <List role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => (
          <Tab
            key={item.label}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${index}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
          >
            {item.label}
          </Tab>
        ))}
      </List>
      <Panel role="tabpanel" id={`${baseId}-panel-${selected}`} aria-labelledby={`${baseId}-tab-${selected}`}>
        {items[selected]?.content}
      </Panel>
    </div>
  );
}
