// A list with tabs above it (My tickets: Upcoming and Past; listings: Sale and Sold). WAI-ARIA tabs with automatic
// activation: the arrow keys move between the tabs and select them. Which tab is selected is the flow machine's
// state; this component draws it and reports the choice.
import { registerStyles } from '../style-sheets';
import { type ReactElement, type ReactNode, useRef } from 'react';
import { useRovingFocus } from '../use-roving-focus';
import listTabsCss from 'bundle-text:./list-tabs.css';

registerStyles(listTabsCss);

export interface ListTab<T extends string> {
  value: T;
  label: string;
}

interface ListTabsProps<T extends string> {
  /** Prefix of the element ids (unique within the wallet). */
  id: string;
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly ListTab<T>[];
  selected: T;
  onSelect: (tab: T) => void;
  /** The selected tab's list. */
  children: ReactNode;
  className?: string;
}

export function ListTabs<T extends string>({ id, label, tabs, selected, onSelect, children, className }: ListTabsProps<T>): ReactElement {
  const listRef = useRef<HTMLDivElement>(null);
  const onKeyDown = useRovingFocus({
    container: listRef,
    items: '[role="tab"]',
    orientation: 'horizontal',
    onMove: (item) => onSelect(item.dataset.tab as T),
  });
  const tabId = (tab: T) => `${id}-tab-${tab}`;
  return (
    <>
      <div ref={listRef} className="tw-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            type="button"
            role="tab"
            id={tabId(tab.value)}
            data-tab={tab.value}
            className="tw-tabs__tab"
            aria-selected={selected === tab.value}
            aria-controls={`${id}-panel`}
            tabIndex={selected === tab.value ? 0 : -1}
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className={className} role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </>
  );
}
