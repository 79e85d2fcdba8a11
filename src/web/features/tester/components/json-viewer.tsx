import { useState, type CSSProperties, type ReactNode } from 'react';
import styles from './json-viewer.module.css';

/** product §9: arrays longer than this are shown in groups of this many items. */
const JSON_GROUP_SIZE = 100;
/** product §9: each nesting level is indented by this many characters. */
const JSON_INDENT = 4;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface EntryProps {
  /** The property name or array index this value sits under; none at the root. */
  name?: string | number;
  value: unknown;
  last: boolean;
}

function Name({ name }: { name: string | number | undefined }) {
  if (name === undefined) return null;
  return (
    <>
      <span className={typeof name === 'number' ? styles.index : styles.key}>
        {typeof name === 'number' ? name : JSON.stringify(name)}
      </span>
      {': '}
    </>
  );
}

function Scalar({ value }: { value: unknown }) {
  if (typeof value === 'string')
    return <span className={styles.string}>{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className={styles.number}>{String(value)}</span>;
  if (typeof value === 'boolean') return <span className={styles.boolean}>{String(value)}</span>;
  // null, and what JSON cannot hold (undefined): both read as null once serialised.
  return <span className={styles.null}>null</span>;
}

interface ToggleProps {
  label: ReactNode;
  collapsedLabel: ReactNode;
  initiallyOpen: boolean;
  children: () => ReactNode;
  closing: string;
}

/** A collapsible block; its children are rendered only while it is open, so big data stays cheap. */
function Collapsible({ label, collapsedLabel, initiallyOpen, children, closing }: ToggleProps) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <li className={styles.entry}>
      <button
        type="button"
        className={styles.toggle}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
      >
        <span className={styles.caret} aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {open ? label : collapsedLabel}
      </button>
      {open && (
        <>
          <ul className={styles.children}>{children()}</ul>
          <span className={styles.closing}>{closing}</span>
        </>
      )}
    </li>
  );
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

function ArrayItems({ items }: { items: readonly unknown[] }) {
  if (items.length <= JSON_GROUP_SIZE) {
    return items.map((item, index) => (
      <Entry key={index} name={index} value={item} last={index === items.length - 1} />
    ));
  }
  const groups: number[] = [];
  for (let start = 0; start < items.length; start += JSON_GROUP_SIZE) groups.push(start);
  return groups.map((start) => {
    const end = Math.min(start + JSON_GROUP_SIZE, items.length) - 1;
    const range = `[${start} … ${end}]`;
    return (
      <Collapsible
        key={start}
        label={range}
        collapsedLabel={range}
        initiallyOpen={false}
        closing=""
      >
        {() =>
          items
            .slice(start, end + 1)
            .map((item, offset) => (
              <Entry
                key={start + offset}
                name={start + offset}
                value={item}
                last={start + offset === items.length - 1}
              />
            ))
        }
      </Collapsible>
    );
  });
}

function Entry({ name, value, last }: EntryProps) {
  const comma = last ? '' : ',';
  if (Array.isArray(value) || (typeof value === 'object' && value !== null)) {
    const isArray = Array.isArray(value);
    const entries = isArray ? [] : Object.entries(value as Record<string, Json>);
    const count = isArray ? value.length : entries.length;
    const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
    if (count === 0) {
      return (
        <li className={styles.entry}>
          <Name name={name} />
          {open}
          {close}
          {comma}
        </li>
      );
    }
    const size = isArray ? plural(count, 'item') : plural(count, 'key');
    return (
      <Collapsible
        label={
          <>
            <Name name={name} />
            {open}
          </>
        }
        collapsedLabel={
          <>
            <Name name={name} />
            {`${open}…${close}${comma} `}
            <span className={styles.size}>{size}</span>
          </>
        }
        initiallyOpen
        closing={`${close}${comma}`}
      >
        {() =>
          isArray ? (
            <ArrayItems items={value} />
          ) : (
            entries.map(([key, item], index) => (
              <Entry key={key} name={key} value={item} last={index === entries.length - 1} />
            ))
          )
        }
      </Collapsible>
    );
  }
  return (
    <li className={styles.entry}>
      <Name name={name} />
      <Scalar value={value} />
      {comma}
    </li>
  );
}

/**
 * A read-only JSON tree: objects and arrays fold, arrays longer than 100 items are grouped by
 * 100, each level is indented by 4 characters (product §9). Long content scrolls inside the box.
 */
export function JsonViewer({ value, label }: { value: unknown; label: string }) {
  const indent = { '--json-indent': `${JSON_INDENT}ch` } as CSSProperties;
  return (
    <div className={styles.viewer} style={indent} role="group" aria-label={label} tabIndex={0}>
      <ul className={styles.root}>
        <Entry value={value} last />
      </ul>
    </div>
  );
}
