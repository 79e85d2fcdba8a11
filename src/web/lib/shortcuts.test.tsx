import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installShortcutListener, useShortcut, useShortcuts } from './shortcuts';

function Bind({ shortcut, onPress }: { shortcut: string; onPress: () => void }) {
  useShortcut(shortcut, onPress);
  return <input aria-label="field" />;
}

function BindDigits({ onPress }: { onPress: (key: string) => void }) {
  useShortcuts(['1', '2'], onPress);
  return <button type="button">a button</button>;
}

const press = (key: string, init: KeyboardEventInit = {}, target: EventTarget = document.body) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }),
  );

describe('shortcuts', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installShortcutListener();
  });
  afterEach(() => {
    uninstall();
    cleanup();
  });

  it('runs the bound handler and keeps the key from doing anything else', () => {
    const onPress = vi.fn();
    render(<Bind shortcut="l" onPress={onPress} />);
    const notPrevented = press('l');
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(notPrevented).toBe(false);
  });

  it('leaves typing, modified keys and unbound keys alone', () => {
    const onPress = vi.fn();
    const { getByLabelText } = render(<Bind shortcut="l" onPress={onPress} />);
    press('l', {}, getByLabelText('field'));
    press('l', { ctrlKey: true });
    expect(press('k')).toBe(true);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('lets the most recently mounted handler win, and unbinds on unmount', () => {
    const outer = vi.fn();
    const inner = vi.fn();
    render(<Bind shortcut="n" onPress={outer} />);
    const { unmount } = render(<Bind shortcut="n" onPress={inner} />);
    press('n');
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
    unmount();
    press('n');
    expect(outer).toHaveBeenCalledTimes(1);
  });

  it('binds several keys to one handler, told which was pressed', () => {
    const onPress = vi.fn();
    const { unmount } = render(<BindDigits onPress={onPress} />);
    press('2');
    press('1');
    expect(onPress.mock.calls).toEqual([['2'], ['1']]);
    unmount();
    expect(press('1')).toBe(true);
  });

  it('leaves Space to a focused button, which it presses', () => {
    const onPress = vi.fn();
    const { getByRole } = render(<Bind shortcut=" " onPress={onPress} />);
    render(<BindDigits onPress={() => {}} />);
    expect(press(' ', {}, getByRole('button'))).toBe(true);
    expect(onPress).not.toHaveBeenCalled();
    expect(press(' ')).toBe(false);
    expect(onPress).toHaveBeenCalledTimes(1);
  });
});
