import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PlaceSuggestion } from './api/places';

const PlaceSuggestionsSource = lazy(() => import('./place-suggestions-source'));

const NATIONS: Record<string, string> = {
  ENG: 'England',
  SCT: 'Scotland',
  WLS: 'Wales',
  NIR: 'Northern Ireland',
};

/**
 * The location box: a plain text input that works without JavaScript, upgraded to an ARIA 1.2
 * combobox with suggestions from the gazetteer as you type (arrows, Enter, Escape).
 */
// size: markup: the ARIA combobox's input and list, with the keys that drive them
export function LocationCombobox({
  id,
  name,
  defaultValue,
  placeholder,
}: {
  id: string;
  name: string;
  defaultValue: string;
  placeholder?: string;
}) {
  const listId = useId();
  const [text, setText] = useState(defaultValue);
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Suggestions are fetched once the visitor has typed: until then their code is not loaded.
  const [hasTyped, setHasTyped] = useState(false);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const isExpanded = isOpen && suggestions.length > 0;
  const inputRef = useRef<HTMLInputElement>(null);

  // Text typed before the page's script arrived is the visitor's: take it up as if typed now.
  // Once, on hydration (the input's `defaultValue` is still the text the server rendered).
  useEffect(() => {
    const input = inputRef.current;
    if (!input || input.value === input.defaultValue) return;
    setText(input.value);
    setHasTyped(true);
    setIsOpen(document.activeElement === input);
  }, []);

  function choose(index: number) {
    const suggestion = suggestions[index];
    if (!suggestion) return;
    setText(suggestion.name);
    setIsOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' && suggestions.length) {
      event.preventDefault();
      setIsOpen(true);
      setActive((current) => (current + 1) % suggestions.length);
    } else if (event.key === 'ArrowUp' && suggestions.length) {
      event.preventDefault();
      setActive((current) => (current <= 0 ? suggestions.length - 1 : current - 1));
    } else if (event.key === 'Enter' && isExpanded && active >= 0) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') {
      setIsOpen(false);
      setActive(-1);
    }
  }

  return (
    <div className="combobox">
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isExpanded}
        aria-controls={listId}
        aria-activedescendant={isExpanded && active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        placeholder={placeholder}
        autoComplete="off"
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setHasTyped(true);
          setIsOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setIsOpen(false)}
      />
      {hasTyped ? (
        <Suspense fallback={null}>
          <PlaceSuggestionsSource text={isOpen ? text : ''} onSuggestions={setSuggestions} />
        </Suspense>
      ) : null}
      <ul
        id={listId}
        role="listbox"
        className="combobox__list"
        hidden={!isExpanded}
        aria-label="Suggested places"
      >
        {suggestions.map((suggestion, index) => (
          <li
            key={`${suggestion.slug ?? suggestion.name}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="combobox__option"
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
          >
            {suggestion.name}
            {suggestion.nation ? (
              <span className="combobox__hint">
                , {NATIONS[suggestion.nation] ?? suggestion.nation}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
