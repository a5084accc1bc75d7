import { ChevronDownIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import type * as optionSelectModule from './option-select';
import type { OptionSelectProps } from './option-select';
import { selectTriggerClassName } from './select-trigger';

export type { SelectOption } from './option-select';

type OptionSelectModule = typeof optionSelectModule;

let loaded: OptionSelectModule | null = null;
let loading: Promise<OptionSelectModule> | null = null;

function loadOptionSelect(): Promise<OptionSelectModule> {
  loading ??= import('./option-select').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null; // the next attempt tries again
      throw error;
    },
  );
  return loading;
}

const OPEN_KEYS = [' ', 'Enter', 'ArrowUp', 'ArrowDown'];

/**
 * An OptionSelect whose code (Radix Select and Floating UI, some 25 KB gzipped) loads when the
 * pointer or focus first reaches it, so a page that shows selects does not wait for them. Until
 * then a look-alike trigger stands in, with the same name and role; pressed before the code
 * arrives, the select opens as soon as it does, and keeps the focus. (ADR 014)
 */
export function DeferredSelect(props: Omit<OptionSelectProps, 'defaultOpen' | 'autoFocus'>) {
  const [optionSelect, setOptionSelect] = useState(loaded);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  const [focusOnLoad, setFocusOnLoad] = useState(false);
  const standIn = useRef<HTMLButtonElement>(null);

  if (optionSelect) return <optionSelect.OptionSelect {...props} defaultOpen={openOnLoad} autoFocus={focusOnLoad} />;

  const load = () =>
    void loadOptionSelect()
      .then((next) => {
        setFocusOnLoad(document.activeElement === standIn.current);
        setOptionSelect(next);
      })
      .catch(() => undefined);
  const open = () => {
    setOpenOnLoad(true);
    load();
  };
  const label = props.options.find((option) => option.value === props.value)?.label ?? props.value;

  return (
    <button
      ref={standIn}
      type="button"
      id={props.id}
      // The list it controls does not exist until the select's code has loaded (then Radix's own
      // trigger, with aria-controls, takes this one's place).
      // eslint-disable-next-line jsx-a11y/role-has-required-aria-props
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      className={selectTriggerClassName}
      onPointerEnter={load}
      onFocus={load}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // Keep the focus where a select's trigger keeps it, on the trigger.
        event.currentTarget.focus();
        if (event.pointerType === 'mouse') event.preventDefault();
        open();
      }}
      onKeyDown={(event) => {
        if (!OPEN_KEYS.includes(event.key)) return;
        event.preventDefault();
        open();
      }}
    >
      <span className="pointer-events-none">{label}</span>
      <ChevronDownIcon className="size-4 opacity-60" aria-hidden="true" />
    </button>
  );
}
