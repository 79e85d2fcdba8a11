import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCRIPT_AFTER_PAINT, afterFirstPaint, loadCodeAfterPaint } from './code-after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
});

describe('a rendered page’s code', () => {
  it('runs its inert entry as a module, at low priority', () => {
    document.head.innerHTML = `<script type="${SCRIPT_AFTER_PAINT}" crossorigin src="/assets/index-1.js"></script>`;
    loadCodeAfterPaint();
    const script = document.head.querySelector('script')!;
    expect(script.type).toBe('module');
    expect(script.getAttribute('src')).toBe(`${location.origin}/assets/index-1.js`);
    expect(script.getAttribute('fetchpriority')).toBe('low');
    expect(script.getAttribute('crossorigin')).toBe('');
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('starts once the first contentful paint is reported, not before', () => {
    vi.useFakeTimers();
    let report: (names: string[]) => void = () => undefined;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
        report = (names) =>
          callback({ getEntriesByName: (name) => names.filter((n) => n === name) });
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    const start = vi.fn();
    afterFirstPaint(start);
    report(['first-paint']);
    vi.runAllTimers();
    expect(start).not.toHaveBeenCalled();
    report(['first-contentful-paint']);
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('where paints are not reported, starts after the first frame, not before', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['resource'] });
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    const start = vi.fn();
    afterFirstPaint(start);
    expect(start).not.toHaveBeenCalled();
    // The frame's callback runs before its paint: still not.
    frames.shift()!(0);
    expect(start).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('waits for the document to be parsed, and starts at once in a hidden tab', () => {
    vi.stubGlobal('PerformanceObserver', { supportedEntryTypes: ['resource'] });
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const start = vi.fn();
    const listeners: (() => void)[] = [];
    const parsing = {
      readyState: 'loading',
      visibilityState: 'hidden',
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
    } as unknown as Document;
    afterFirstPaint(start, parsing);
    expect(start).not.toHaveBeenCalled();
    for (const listener of listeners) listener();
    expect(start).toHaveBeenCalledTimes(1);
  });
});
